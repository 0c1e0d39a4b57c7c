/// One thing drawn on the canvas; a scene draws its layers in order, each source-over
/// the ones before it.
public enum Layer: Sendable {
    /// A colour over the whole canvas.
    case solid(Color)
    /// A picture scaled to cover the canvas.
    case picture(PictureLayer)
    /// A gradient over the whole canvas.
    case gradient(LinearGradient)
    /// A line of text.
    case text(TextLayer)
    /// A small filled or outlined circle (page dots, markers).
    case shape(ShapeLayer)
}

/// A round mark in one colour.
public struct ShapeLayer: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case disc(radius: Double)
        case ring(radius: Double, lineWidth: Double)
    }

    public var kind: Kind
    public var centerX: Double
    public var centerY: Double
    public var color: Color

    public init(_ kind: Kind, centerX: Double, centerY: Double, color: Color) {
        self.kind = kind
        self.centerX = centerX
        self.centerY = centerY
        self.color = color
    }

    /// The shape's coverage on the canvas.
    public var mask: CoverageMask {
        switch kind {
        case .disc(let radius): .disc(centerX: centerX, centerY: centerY, radius: radius)
        case .ring(let radius, let lineWidth):
            .ring(centerX: centerX, centerY: centerY, radius: radius, lineWidth: lineWidth)
        }
    }
}

/// A picture scaled to cover the canvas (aspect fill, centred on `focus`), drawn with
/// an opacity: 0.5 shows it half-faded into what lies beneath.
public struct PictureLayer: Sendable {
    /// The picture, or the part of it the canvas shows (see `DecodedPicture`).
    public var picture: DecodedPicture
    /// 0...1, checked where it enters: the command line refuses anything else when it
    /// parses `--alpha`, so the renderer need not clamp.
    public var opacity: Double {
        didSet { precondition((0...1).contains(opacity), "opacity \(opacity) is outside 0...1") }
    }
    public var focusX: Double
    public var focusY: Double

    public init(picture: DecodedPicture, opacity: Double = 1, focusX: Double = 0.5, focusY: Double = 0.5) {
        precondition((0...1).contains(opacity), "opacity \(opacity) is outside 0...1")
        self.picture = picture
        self.opacity = opacity
        self.focusX = focusX
        self.focusY = focusY
    }

    /// A whole picture.
    public init(image: Image, opacity: Double = 1, focusX: Double = 0.5, focusY: Double = 0.5) {
        self.init(picture: DecodedPicture(image), opacity: opacity, focusX: focusX, focusY: focusY)
    }
}

/// The ordered layers and the canvas they make.
public struct Scene: Sendable {
    public var width: Int
    public var height: Int
    public var layers: [Layer]
    /// How many of the first layers other scenes repeat exactly, as far as the design
    /// knows: a personalised card's layers up to its own title. nil: only the
    /// whole-canvas layers (`backgroundLayerCount`). See `sharedLayerCount`.
    public var repeatedLayerCount: Int?

    public init(width: Int, height: Int, layers: [Layer], repeatedLayerCount: Int? = nil) {
        precondition((0...layers.count).contains(repeatedLayerCount ?? 0), "repeated layers outside the scene")
        self.width = width
        self.height = height
        self.layers = layers
        self.repeatedLayerCount = repeatedLayerCount
    }

    /// How many of the first layers cover the whole canvas (colours, pictures,
    /// gradients): the background the renderer composites in one pass before any text
    /// or shape, which renders of the same picture, canvas and shading can share.
    public var backgroundLayerCount: Int {
        layers.firstIndex {
            switch $0 {
            case .solid, .picture, .gradient: false
            case .text, .shape: true
            }
        } ?? layers.count
    }

    /// The layers renders of other scenes may share, drawn once and reused: the
    /// whole-canvas background, and beyond it the layers the design says repeat
    /// (`repeatedLayerCount`). Everything after them is drawn on each render.
    public var sharedLayerCount: Int {
        max(backgroundLayerCount, repeatedLayerCount ?? 0)
    }

    /// What the shared layers draw, apart from their pictures' pixels: equal for two
    /// scenes whose shared layers make the same pixels when their pictures are.
    public var backgroundSignature: [BackgroundLayerSignature] {
        layers.prefix(sharedLayerCount).map {
            switch $0 {
            case .solid(let color): .solid(color)
            case .picture(let picture):
                .picture(opacity: picture.opacity, focusX: picture.focusX, focusY: picture.focusY)
            case .gradient(let gradient): .gradient(gradient)
            case .text(let text): .text(TextLayerSignature(text))
            case .shape(let shape): .shape(shape)
            }
        }
    }
}

/// One shared layer as `Scene.backgroundSignature` describes it.
public enum BackgroundLayerSignature: Hashable, Sendable {
    case solid(Color)
    case picture(opacity: Double, focusX: Double, focusY: Double)
    case gradient(LinearGradient)
    case text(TextLayerSignature)
    case shape(ShapeLayer)
}

/// Everything a text layer's pixels depend on, given what lies beneath it. Its fonts are
/// told apart by identity (a batch shares one `Font` per file), and held, so that a font
/// freed and another made at its address cannot pass for it.
public struct TextLayerSignature: Hashable, Sendable {
    private let text: String
    private let fonts: [Font]
    private let searchesInstalledFonts: Bool
    private let size: Double
    private let placement: TextPlacement
    private let maxWidth: Double?
    private let maxHeight: Double?
    private let paint: TextPaint
    private let isVertical: Bool
    private let language: TextLanguage?

    init(_ layer: TextLayer) {
        text = layer.text
        fonts = layer.fonts.fonts
        searchesInstalledFonts = layer.fonts.searchesInstalledFonts
        size = layer.size
        placement = layer.placement
        maxWidth = layer.maxWidth
        maxHeight = layer.maxHeight
        paint = layer.paint
        isVertical = layer.isVertical
        language = layer.language
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.text == b.text && a.fonts.elementsEqual(b.fonts, by: ===)
            && a.searchesInstalledFonts == b.searchesInstalledFonts && a.size == b.size && a.placement == b.placement
            && a.maxWidth == b.maxWidth && a.maxHeight == b.maxHeight && a.paint == b.paint
            && a.isVertical == b.isVertical && a.language == b.language
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        for font in fonts { hasher.combine(ObjectIdentifier(font)) }
        hasher.combine(size)
        hasher.combine(placement)
    }
}
