import Almanac
import Compositor
import Scenery

/// What a person asked for: one season wallpaper.
public struct SeasonWallpaperSpec: Sendable, Equatable {
    public var season: Season
    public var width: Int
    public var height: Int
    /// Opacity of the picture over the base colour, 0...1.
    public var alpha: Double
    public var showsLabel: Bool
    /// The colour under the faded picture (white, as behind an iOS view).
    public var baseColor: Color
    /// The user's own picture; nil uses the season's bundled one.
    public var backgroundPath: String?
    /// The user's own label font, tried before the bundled ones.
    public var fontPath: String?
    /// The person's own label; nil shows the season's name.
    public var text: String?
    /// The label's colour; nil picks whichever reads best on the picture.
    public var textColor: Color?
    public var labelPosition: LabelPosition
    /// Sets the label top to bottom (vertical Chinese).
    public var isVertical: Bool
    /// The variant for a desktop's dark style: a deep base in the season's ink, the
    /// picture dimmer over it, the label in the season's light accent.
    public var isDark = false
    /// Where on the canvas the label goes; nil is the whole canvas. A wallpaper spanning
    /// several monitors keeps its label on one of them.
    public var labelFrame: TextFrame?
    /// The sky the season's scene is painted under (`--at`, `--place`); nil is the
    /// scene's own light.
    public var light: SceneLight?

    public init(
        season: Season, width: Int = 1170, height: Int = 2532, alpha: Double = 0.5,
        showsLabel: Bool = true, baseColor: Color = .white, backgroundPath: String? = nil,
        fontPath: String? = nil, text: String? = nil, textColor: Color? = nil, labelPosition: LabelPosition = .top,
        isVertical: Bool = false
    ) {
        self.season = season
        self.width = width
        self.height = height
        self.alpha = alpha
        self.showsLabel = showsLabel
        self.baseColor = baseColor
        self.backgroundPath = backgroundPath
        self.fontPath = fontPath
        self.text = text
        self.textColor = textColor
        self.labelPosition = labelPosition
        self.isVertical = isVertical
    }

    /// What the label says.
    public var labelText: String { text ?? season.displayName }
}

/// The season wallpaper's design: base colour, faded picture, the app's two shading
/// gradients, and the season's name near the top.
public enum SeasonWallpaper {
    /// The bundled display font for season names (rounded and friendly, as the app's).
    public static let labelFontFile = "Comfortaa-Bold.ttf"

    /// Darkens the left and right edges: black 0.3 at each edge, clear from 20 % to 80 %.
    /// Eased, so the shade ends without a visible line at 20 % (the app's linear ramp
    /// left one on pale skies).
    public static let edgeShade = LinearGradient(
        axis: .horizontal, color: .black,
        stops: [.init(0, alpha: 0.3), .init(0.2, alpha: 0), .init(0.8, alpha: 0), .init(1, alpha: 0.3)],
        easing: .smooth)

    /// Darkens the lower half, clear at mid-height rising to `endAlpha` at the bottom,
    /// eased like the edge shade. Cards use 1 (their text sits there); wallpapers a
    /// softer end.
    public static func bottomShade(endAlpha: Double) -> LinearGradient {
        LinearGradient(
            axis: .vertical, color: .black, stops: [.init(0.5, alpha: 0), .init(1, alpha: endAlpha)], easing: .smooth)
    }

    /// A wallpaper's bottom shade: enough to settle the picture, not a black band.
    public static let wallpaperBottomAlpha = 0.4

    /// Text stays inside this share of the width (a safe margin on each side).
    public static let safeWidth = 0.84

    /// Where the label's centre sits. At the top it is high on the canvas, as in the
    /// app, below where a phone's status bar and clock would cover it.
    public static func labelCenterY(width: Int, height: Int, position: LabelPosition) -> Double {
        switch position {
        case .top: Double(height) * (height > width ? 0.14 : 0.13)
        case .center: Double(height) * 0.5
        case .bottom: Double(height) * 0.82
        }
    }

    /// The scene for a spec; `fonts` set the label and are needed only when it is shown.
    public static func scene(_ spec: SeasonWallpaperSpec, picture: DecodedPicture, fonts: FontChain?) -> Scene {
        let theme = spec.season.theme
        var layers: [Layer] = [
            .solid(spec.isDark ? darkBase(ink: theme.ink) : spec.baseColor),
            .picture(PictureLayer(picture: picture, opacity: spec.isDark ? spec.alpha * darkPictureShare : spec.alpha)),
            .gradient(edgeShade),
            .gradient(bottomShade(endAlpha: wallpaperBottomAlpha)),
        ]
        if spec.showsLabel, let fonts {
            let ink = Color(hex: spec.season.theme.ink) ?? .black
            let frame = spec.labelFrame ?? TextFrame(x: 0, y: 0, width: spec.width, height: spec.height)
            let width = Double(frame.width)
            let height = Double(frame.height)
            let size = LabelText.size(for: spec.labelText, width: frame.width, height: frame.height)
            let centerX = Double(frame.x) + width / 2
            let placement: TextPlacement
            switch (spec.isVertical, spec.labelPosition) {
            case (true, .top):
                // A vertical column stands higher from the top, so its middle sits lower.
                placement = .inkCentered(x: centerX, y: Double(frame.y) + height * 0.32)
            case (true, .bottom):
                // A column of any length ends where a horizontal label's ink (about an
                // em around its centre line) ends, keeping the same bottom margin.
                let line = labelCenterY(width: frame.width, height: frame.height, position: .bottom) + size / 2
                placement = .inkBottom(x: centerX, y: Double(frame.y) + line)
            default:
                let centerY = labelCenterY(width: frame.width, height: frame.height, position: spec.labelPosition)
                placement = .inkCentered(x: centerX, y: Double(frame.y) + centerY)
            }
            var label = TextLayer(
                text: spec.labelText, fonts: fonts, size: size, placement: placement,
                maxWidth: width * safeWidth, maxHeight: spec.isVertical ? height * 0.5 : height * 0.3,
                paint: spec.textColor.map { .fixed($0, shadow: softShadow(for: $0)) }
                    ?? (spec.isDark
                        ? .fixed(Color(hex: theme.accent) ?? .white, shadow: softShadow(for: .white))
                        : .contrasting(dark: ink, light: .white)),
                isVertical: spec.isVertical, language: LabelLanguage.of(spec.labelText))
            // A label at the top of a bundled picture stays in its sky (`LabelPlacement`),
            // a vertical column as a line does: moved up, or sideways to a column of sky;
            // where none is tall enough for it, set smaller until one is.
            if spec.labelPosition == .top, spec.backgroundPath == nil,
                let skyline = PictureSkyline.seasons[spec.season], case .inkCentered(let x, let y) = placement
            {
                label = placed(label, size: size, preferred: (x, y), frame: frame, spec: spec, skyline: skyline)
            }
            layers.append(.text(label))
        }
        return Scene(width: spec.width, height: spec.height, layers: layers)
    }

    /// The smallest share of its size a label is set at to find room in the sky: below
    /// this it would be too small to read, and it keeps the most room it found instead.
    static let smallestFit = 0.3

    /// `label` at the nearest place in the picture's sky (`LabelPlacement`), at its size
    /// or, where nothing is clear at that size, at the largest of smaller sizes (in steps
    /// of a tenth, down to `smallestFit`) that has a clear place; where none has, at its
    /// size in the place with the most room.
    static func placed(
        _ label: TextLayer, size: Double, preferred: (x: Double, y: Double), frame: TextFrame,
        spec: SeasonWallpaperSpec, skyline: PictureSkyline
    ) -> TextLayer {
        var fallback: TextLayer?
        for tenths in stride(from: 10, through: Int(smallestFit * 10), by: -1) {
            var tried = label
            tried.size = size * Double(tenths) / 10
            guard let ink = try? tried.inkSize() else { return label }
            let choice = LabelPlacement.choose(
                ink: (Double(ink.width), Double(ink.height)), size: tried.size, preferred: preferred, frame: frame,
                canvas: (spec.width, spec.height), skyline: skyline)
            tried.placement = .inkCentered(x: choice.x, y: choice.y)
            if choice.room >= 0 { return tried }
            if fallback == nil { fallback = tried }
        }
        return fallback ?? label
    }

    /// How much of its opacity the picture keeps in the dark variant: over the deep base
    /// it reads as dusk, not as the day picture darkened.
    static let darkPictureShare = 0.7

    /// The dark variant's base: the season's ink taken a fifth of the way from black, a
    /// deep tint of the season rather than a flat black.
    public static func darkBase(ink: String) -> Color {
        let color = Color(hex: ink) ?? .black
        func deep(_ channel: UInt8) -> UInt8 { UInt8((Double(channel) * 0.2).rounded()) }
        return Color(red: deep(color.red), green: deep(color.green), blue: deep(color.blue))
    }

    /// A soft shadow that sets a chosen colour off: dark under light text, light under dark.
    static func softShadow(for color: Color) -> TextShadow {
        color.luminance > 0.4
            ? TextShadow(color: Color.black.withOpacity(0.5), blur: 0.06, offsetY: 0.02)
            : TextShadow(color: Color.white.withOpacity(0.55), blur: 0.08)
    }
}

extension SeasonWallpaper: PictureDesign {
    /// Nothing is shared between wallpapers: the label's fonts depend on its text.
    public static func resources(_ data: DataDirectory) -> NoSharedResources { NoSharedResources() }

    public static func canvas(of spec: SeasonWallpaperSpec) -> (width: Int, height: Int) { (spec.width, spec.height) }

    public static func spec(_ spec: SeasonWallpaperSpec, width: Int, height: Int) -> SeasonWallpaperSpec {
        var resized = spec
        (resized.width, resized.height) = (width, height)
        return resized
    }

    /// The label goes on the monitor `textFrame` marks, sized for it.
    public static func spanning(_ spec: SeasonWallpaperSpec, width: Int, height: Int, textFrame: TextFrame)
        -> SeasonWallpaperSpec?
    {
        var spanned = self.spec(spec, width: width, height: height)
        spanned.labelFrame = textFrame
        return spanned
    }

    public static func personalTexts(of spec: SeasonWallpaperSpec) -> [String] {
        spec.showsLabel ? [spec.labelText] : []
    }

    public static func picture(of spec: SeasonWallpaperSpec, in data: DataDirectory) -> (path: String, isOwn: Bool) {
        (spec.backgroundPath ?? data.seasonPicture(spec.season.rawValue), spec.backgroundPath != nil)
    }

    public static func paintedScene(of spec: SeasonWallpaperSpec) -> String? {
        spec.backgroundPath == nil ? spec.season.rawValue : nil
    }

    public static func light(of spec: SeasonWallpaperSpec) -> SceneLight? { spec.light }

    /// Fonts matter only for the label; without one none is read.
    public static func scene(
        _ spec: SeasonWallpaperSpec, picture: DecodedPicture, resources: NoSharedResources, data: DataDirectory
    ) throws(PipelineError) -> Scene {
        let fonts =
            spec.showsLabel
            ? try LabelFonts.chain(
                for: spec.labelText, data: data, userFontPath: spec.fontPath, display: labelFontFile)
            : nil
        return scene(spec, picture: picture, fonts: fonts)
    }
}
