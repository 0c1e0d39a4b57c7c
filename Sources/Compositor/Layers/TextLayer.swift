/// A line of text centred on a point, in a colour chosen for legibility.
public struct TextLayer: Sendable {
    public var text: String
    public var font: Font
    /// Em size in pixels before any shrinking to fit.
    public var size: Double
    /// Where the centre of the text's ink goes, in canvas pixels.
    public var centerX: Double
    public var centerY: Double
    /// The line is shrunk (never enlarged) until its ink is at most this wide.
    public var maxWidth: Double?
    public var paint: TextPaint

    public init(
        text: String, font: Font, size: Double, centerX: Double, centerY: Double,
        maxWidth: Double? = nil, paint: TextPaint
    ) {
        self.text = text
        self.font = font
        self.size = size
        self.centerX = centerX
        self.centerY = centerY
        self.maxWidth = maxWidth
        self.paint = paint
    }
}

/// How text is coloured.
public enum TextPaint: Sendable, Equatable {
    /// One colour, with an optional shadow.
    case fixed(Color, shadow: TextShadow?)
    /// Whichever of the two inks contrasts more with the picture under the text, as
    /// rendered; light ink gets a soft dark shadow, dark ink a soft light glow.
    case contrasting(dark: Color, light: Color)
}

/// A soft copy of the text drawn beneath it.
public struct TextShadow: Sendable, Equatable {
    public var color: Color
    /// Blur radius as a fraction of the text size.
    public var blur: Double
    /// Offset as fractions of the text size.
    public var offsetX: Double
    public var offsetY: Double

    public init(color: Color, blur: Double, offsetX: Double = 0, offsetY: Double = 0) {
        self.color = color
        self.blur = blur
        self.offsetX = offsetX
        self.offsetY = offsetY
    }
}
