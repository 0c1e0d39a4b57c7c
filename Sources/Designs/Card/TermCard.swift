import Almanac
import Compositor
import Scenery

/// The language of a card's texts.
public enum CardLanguage: String, Sendable, CaseIterable {
    /// The app's card: Chinese title, date and description.
    case chinese = "zh"
    /// English name, date and description, with the Chinese name small above.
    case english = "en"
}

/// What a person asked for: one solar-term card.
public struct TermCardSpec: Sendable, Equatable {
    public var term: SolarTerm
    public var width: Int
    public var height: Int
    public var language: CardLanguage
    /// The date line; nil shows the term's usual dates.
    public var dateText: String?
    /// The person's own title; nil shows the term's name.
    public var title: String?
    /// Sets the title top to bottom, as Chinese is written.
    public var isVerticalTitle: Bool
    /// The person's own picture; nil shows the term's.
    public var backgroundPath: String?
    /// The variant for a desktop's dark style: the picture dimmed under a veil of black.
    public var isDark = false
    /// Opacity of the picture over `baseColor`, 0...1; the app's card shows it whole.
    public var alpha = 1.0
    /// The colour under a faded picture (white when only `alpha` is given).
    public var baseColor: Color?
    /// The colour of the title, date and description (white, as the app's).
    public var textColor: Color?
    /// The person's own font for the title, tried before the bundled ones.
    public var fontPath: String?
    /// The sky the term's scene is painted under (`--at`, `--place`); nil is the scene's
    /// own light.
    public var light: SceneLight?

    public init(
        term: SolarTerm, width: Int = 1170, height: Int = 2532, language: CardLanguage = .chinese,
        dateText: String? = nil, title: String? = nil, isVerticalTitle: Bool = false
    ) {
        self.term = term
        self.width = width
        self.height = height
        self.language = language
        self.dateText = dateText
        self.title = title
        self.isVerticalTitle = isVerticalTitle
    }
}

/// The two faces a card is set in, loaded once and shared by every card of a batch.
public struct CardFonts: Sendable {
    public static let titleFile = "WallgenKai-Bold.ttf"
    public static let bodyFile = "WallgenKai-Regular.ttf"

    public let title: Font
    public let body: Font

    public init(title: Font, body: Font) {
        self.title = title
        self.body = body
    }

    /// The bundled Traditional Chinese faces.
    public static func bundled(_ data: DataDirectory) throws(PipelineError) -> CardFonts {
        CardFonts(
            title: try PipelineSteps.openFont(data.font(titleFile), .bundled),
            body: try PipelineSteps.openFont(data.font(bodyFile), .bundled))
    }
}

/// The solar-term card of the app: the term's picture under the edge and bottom
/// gradients; in the darkened lower part, the title with "｡", the date line, the
/// description wrapped to the card, and six page dots for the term's place in its season.
///
/// Everything is measured from the bottom up in units of the canvas's shorter side,
/// so phones and desktops get the same proportions; if the text would climb above the
/// darkened half, the whole block is scaled down until it fits.
public enum TermCard {
    /// A card's gradient reaches full black at the bottom, under the text.
    public static let bottomShade = SeasonWallpaper.bottomShade(endAlpha: 1)

    /// The bottom shade of a `width` x `height` card: the card's own, clear from
    /// mid-height, on a phone's shape (1.6 times as tall as wide, or taller), where the
    /// text sits low; beginning higher the wider the card, up to 38% of the height on a
    /// 4:3 landscape or wider, where the text, measured in the shorter side, climbs
    /// higher and the title would stand on the scene's land unshaded (a 4K card's over
    /// 冬至's left pine). By the shape alone, never by the text: cards of one picture in
    /// either language, or with a person's own title, share their background.
    static func shadeUnderText(width: Int, height: Int) -> LinearGradient {
        let tallness = Double(height) / Double(max(width, 1))
        let start = 0.38 + 0.12 * min(max((tallness - 0.75) / (1.6 - 0.75), 0), 1)
        guard start < 0.5 else { return bottomShade }
        return LinearGradient(
            axis: .vertical, color: .black, stops: [.init(start, alpha: 0), .init(1, alpha: 1)], easing: .smooth)
    }
    /// Text stays below this share of the height, where the shade has begun.
    public static let textTop = 0.52
    static let white = Color.white
    static let shadow = TextShadow(color: Color.black.withOpacity(0.45), blur: 0.05, offsetY: 0.02)
    /// The dark variant's veil over the picture: dim enough for a dark desktop, light
    /// enough that the scene still reads.
    static let darkVeil = 0.4

    /// Sizes in pixels for one card, before any shrinking.
    struct Metrics {
        let unit: Double
        var titleSize: Double { 150 * unit }
        var smallTitleSize: Double { 60 * unit }
        var englishTitleSize: Double { 104 * unit }
        var dateSize: Double { 48 * unit }
        var bodySize: Double { 44 * unit }
        var bodyLineHeight: Double { 1.8 * bodySize }
        var dotRadius: Double { 8 * unit }
        var dotSpacing: Double { 36 * unit }
        var gap: Double { 44 * unit }

        func scaled(_ factor: Double) -> Metrics { Metrics(unit: unit * factor) }
    }

    /// The scene for a card; `titleFonts` set a person's own title (default: the title face).
    public static func scene(
        _ spec: TermCardSpec, picture: DecodedPicture, fonts: CardFonts, titleFonts: FontChain? = nil
    )
        throws(FontError) -> Scene
    {
        let titleChain = titleFonts ?? FontChain(fonts.title)
        let width = Double(spec.width)
        let height = Double(spec.height)
        let margin = 0.08 * width
        // A readable measure on wide screens: not the whole width of a 4K desktop.
        let textWidth = min(width - 2 * margin, 1.7 * min(width, height))
        var metrics = Metrics(unit: min(width, height) / 1170)
        var layers: [Layer] = []
        // A whole picture needs nothing under it; a faded one shows the base through.
        if spec.alpha < 1 || spec.baseColor != nil { layers.append(.solid(spec.baseColor ?? .white)) }
        layers.append(.picture(PictureLayer(picture: picture, opacity: spec.alpha)))
        if spec.isDark { layers.append(.solid(Color.black.withOpacity(darkVeil))) }
        layers += [
            .gradient(SeasonWallpaper.edgeShade), .gradient(shadeUnderText(width: spec.width, height: spec.height)),
        ]
        // Text that does not fit after twelve tries is left out.
        var text = CardText(layers: [], titleStart: 0, top: height, titleBottom: 0)
        for _ in 0..<12 {
            let tried = try textLayers(spec, fonts, titleChain, metrics, margin: margin, textWidth: textWidth)
            if tried.top >= textTop * height || metrics.unit < 0.05 {
                text = tried
                break
            }
            metrics = metrics.scaled(max(0.5, (height - textTop * height) / (height - tried.top)) * 0.98)
        }
        // A person's own title: cards that differ only in it (a shop's card per customer)
        // share everything else, drawn once. So the title comes last, after the page dots,
        // when they lie wholly below it (then the order changes no pixel; a card a few
        // dozen pixels tall may crowd them together).
        let dotsTop = height - bottomMargin(spec, metrics) - 2 * metrics.dotRadius - 2
        guard spec.title != nil, text.titleBottom < dotsTop else {
            layers += text.layers + pageDots(spec, metrics)
            return Scene(width: spec.width, height: spec.height, layers: layers)
        }
        layers += text.layers[..<text.titleStart] + pageDots(spec, metrics)
        let repeated = layers.count
        layers += text.layers[text.titleStart...]
        return Scene(width: spec.width, height: spec.height, layers: layers, repeatedLayerCount: repeated)
    }

    /// A card's text layers: the description and date, then from `titleStart` the title
    /// (two lines on an English card); the y of the top of the highest one, and a y the
    /// title's ink and shadow stay above (an em below its lowest baseline, and two pixels).
    struct CardText {
        var layers: [Layer]
        var titleStart: Int
        var top: Double
        var titleBottom: Double
    }

    /// The text layers stacked upwards from above the page dots.
    static func textLayers(
        _ spec: TermCardSpec, _ fonts: CardFonts, _ titleFonts: FontChain, _ m: Metrics, margin: Double,
        textWidth: Double
    ) throws(FontError) -> CardText {
        let term = spec.term
        let english = spec.language == .english
        let ink = spec.textColor ?? white
        let description = english ? term.englishDescription : term.chineseDescription
        // The Chinese card's date and description are Traditional Chinese, set with
        // Taiwan's centred punctuation (see `TextLanguage`).
        let bodyLanguage: TextLanguage? = english ? nil : .traditionalChinese
        // Under one pixel (a card a few dozen pixels tall) text can be neither laid out
        // nor seen; it is left out, as the painter leaves out any text that small.
        let lines =
            m.bodySize >= TextLine.sizes.lowerBound
            ? try LineBreaker.lines(
                description, font: fonts.body, size: m.bodySize, maxWidth: textWidth, language: bodyLanguage) : []
        func line(_ text: String, _ font: Font, _ size: Double, _ baseline: Double, opacity: Double = 1) -> Layer {
            .text(
                TextLayer(
                    text: text, font: font, size: size,
                    placement: .baseline(x: margin, y: baseline, alignment: .leading),
                    maxWidth: textWidth, paint: .fixed(ink.withOpacity(opacity), shadow: shadow),
                    language: bodyLanguage))
        }
        var layers: [Layer] = []
        var baseline = Double(spec.height) - bottomMargin(spec, m) - 2 * m.dotRadius - m.gap
        for text in lines.reversed() {
            layers.append(line(text, fonts.body, m.bodySize, baseline, opacity: 0.92))
            baseline -= m.bodyLineHeight
        }
        baseline += m.bodyLineHeight - m.bodySize - m.gap
        let date = spec.dateText ?? (english ? term.usualEnglishDateText : term.usualDateText)
        layers.append(line(date, fonts.body, m.dateSize, baseline, opacity: 0.85))
        baseline -= m.dateSize + m.gap
        let titleStart = layers.count
        let titleBottom = baseline + max(m.titleSize, m.englishTitleSize) + 2
        func made(top: Double) -> CardText {
            CardText(layers: layers, titleStart: titleStart, top: top, titleBottom: titleBottom)
        }
        // A title is Chinese when it has Chinese characters: the term's name, or a
        // person's own title in Chinese on either card.
        func title(_ text: String, _ size: Double, opacity: Double = 1) -> Layer {
            .text(
                TextLayer(
                    text: text, fonts: titleFonts, size: size,
                    placement: .baseline(x: margin, y: baseline, alignment: .leading), maxWidth: textWidth,
                    paint: .fixed(ink.withOpacity(opacity), shadow: shadow), language: LabelLanguage.of(text)))
        }
        if spec.isVerticalTitle {
            guard m.titleSize >= TextLine.sizes.lowerBound else { return made(top: baseline) }
            // A column standing where a horizontal title's baseline would be.
            // The full-width stop, which has a vertical form.
            let text = TitleStop.appended("。", to: spec.title ?? term.name)
            let length = try TextLine.layout(text, fonts: titleFonts, size: m.titleSize, vertical: true).advance
            let top = baseline - length
            layers.append(
                .text(
                    TextLayer(
                        text: text, fonts: titleFonts, size: m.titleSize,
                        placement: .baseline(x: margin + m.titleSize / 2, y: top, alignment: .leading),
                        paint: .fixed(ink, shadow: shadow), isVertical: true)))
            return made(top: top)
        }
        if english {
            layers.append(title(spec.title ?? term.englishName, m.englishTitleSize))
            baseline -= m.englishTitleSize + 0.4 * m.gap
            layers.append(title(term.name, m.smallTitleSize, opacity: 0.9))
            baseline -= m.smallTitleSize
        } else {
            layers.append(title(TitleStop.appended("｡", to: spec.title ?? term.name), m.titleSize))
            baseline -= m.titleSize
        }
        return made(top: baseline)
    }

    static func bottomMargin(_ spec: TermCardSpec, _ m: Metrics) -> Double {
        max(0.045 * Double(spec.height), 40 * m.unit)
    }

    /// Six dots, centred, for the six terms of the season; the current one filled.
    static func pageDots(_ spec: TermCardSpec, _ m: Metrics) -> [Layer] {
        let y = Double(spec.height) - bottomMargin(spec, m) - m.dotRadius
        let firstX = Double(spec.width) / 2 - 2.5 * m.dotSpacing
        return (0..<6).map { index in
            let x = firstX + Double(index) * m.dotSpacing
            let kind: ShapeLayer.Kind =
                index == spec.term.indexInSeason
                ? .disc(radius: m.dotRadius) : .ring(radius: m.dotRadius - m.unit, lineWidth: 2 * m.unit)
            return .shape(
                ShapeLayer(
                    kind, centerX: x, centerY: y, color: white.withOpacity(index == spec.term.indexInSeason ? 1 : 0.75))
            )
        }
    }
}

extension TermCard: PictureDesign {
    /// The card's two faces, opened once and shared by every card a pipeline renders.
    public static func resources(_ data: DataDirectory) throws(PipelineError) -> CardFonts {
        try CardFonts.bundled(data)
    }

    public static func canvas(of spec: TermCardSpec) -> (width: Int, height: Int) { (spec.width, spec.height) }

    public static func spec(_ spec: TermCardSpec, width: Int, height: Int) -> TermCardSpec {
        var resized = spec
        (resized.width, resized.height) = (width, height)
        return resized
    }

    /// A card is laid out for one screen, its text across the bottom: spread over several
    /// monitors, seams would cut its lines. One card per monitor is `--device here`.
    public static func spanning(_ spec: TermCardSpec, width: Int, height: Int, textFrame: TextFrame) -> TermCardSpec? {
        nil
    }

    public static func personalTexts(of spec: TermCardSpec) -> [String] { spec.title.map { [$0] } ?? [] }

    public static func picture(of spec: TermCardSpec, in data: DataDirectory) -> (path: String, isOwn: Bool) {
        (spec.backgroundPath ?? data.termPicture(spec.term.fileStem), spec.backgroundPath != nil)
    }

    public static func paintedScene(of spec: TermCardSpec) -> String? {
        spec.backgroundPath == nil ? spec.term.fileStem : nil
    }

    public static func light(of spec: TermCardSpec) -> SceneLight? { spec.light }

    /// A person's own title may need the emoji font or an installed one; their own font
    /// sets whichever title the card shows.
    public static func scene(
        _ spec: TermCardSpec, picture: DecodedPicture, resources fonts: CardFonts, data: DataDirectory
    ) throws(PipelineError) -> Scene {
        let titleFonts: FontChain?
        if spec.title != nil || spec.fontPath != nil {
            let shown = spec.title ?? (spec.language == .english ? spec.term.englishName : spec.term.name + "｡")
            titleFonts = try LabelFonts.chain(
                for: shown, data: data, userFontPath: spec.fontPath, display: CardFonts.titleFile)
        } else {
            titleFonts = nil
        }
        do {
            return try scene(spec, picture: picture, fonts: fonts, titleFonts: titleFonts)
        } catch {
            throw .text(error)
        }
    }
}
