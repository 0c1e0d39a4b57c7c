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
public struct ShapeLayer: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
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

    public init(width: Int, height: Int, layers: [Layer]) {
        self.width = width
        self.height = height
        self.layers = layers
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

    /// What the background layers draw, apart from their pictures' pixels: equal for two
    /// scenes whose backgrounds are the same pixels when their pictures are.
    public var backgroundSignature: [BackgroundLayerSignature] {
        layers.prefix(backgroundLayerCount).map {
            switch $0 {
            case .solid(let color): .solid(color)
            case .picture(let picture):
                .picture(opacity: picture.opacity, focusX: picture.focusX, focusY: picture.focusY)
            case .gradient(let gradient): .gradient(gradient)
            case .text, .shape: preconditionFailure("not a background layer")
            }
        }
    }
}

/// One background layer as `Scene.backgroundSignature` describes it.
public enum BackgroundLayerSignature: Hashable, Sendable {
    case solid(Color)
    case picture(opacity: Double, focusX: Double, focusY: Double)
    case gradient(LinearGradient)
}
