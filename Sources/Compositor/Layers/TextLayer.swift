/// A line of text, placed on the canvas, in a colour chosen for legibility.
public struct TextLayer: Sendable {
    public var text: String
    /// Each character is set in the first of these fonts that has it.
    public var fonts: FontChain
    /// Em size in pixels before any shrinking to fit.
    public var size: Double
    public var placement: TextPlacement
    /// The line is shrunk (never enlarged) until its ink is at most this wide and tall.
    public var maxWidth: Double?
    public var maxHeight: Double?
    public var paint: TextPaint
    /// Set top to bottom (vertical Chinese), with the fonts' vertical metrics and forms.
    public var isVertical: Bool
    /// The text's language, when its forms or punctuation rule matter (see `TextLanguage`).
    public var language: TextLanguage?

    public init(
        text: String, fonts: FontChain, size: Double, placement: TextPlacement, maxWidth: Double? = nil,
        maxHeight: Double? = nil, paint: TextPaint, isVertical: Bool = false, language: TextLanguage? = nil
    ) {
        self.text = text
        self.fonts = fonts
        self.size = size
        self.placement = placement
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.paint = paint
        self.isVertical = isVertical
        self.language = language
    }

    /// A line in one font.
    public init(
        text: String, font: Font, size: Double, placement: TextPlacement, maxWidth: Double? = nil, paint: TextPaint,
        language: TextLanguage? = nil
    ) {
        self.init(
            text: text, fonts: FontChain(font), size: size, placement: placement, maxWidth: maxWidth, paint: paint,
            language: language)
    }
}

extension TextLayer {
    /// The size of the ink the painter draws for this layer, after shrinking it to its
    /// limits; nil when it draws nothing. Lets a design place text by what it will cover.
    public func inkSize() throws(FontError) -> (width: Int, height: Int)? {
        guard let fitted = try TextPainter.fit(self), let ink = fitted.rendered.combinedCoverage.inkBounds else {
            return nil
        }
        return (ink.width, ink.height)
    }
}

/// Where a line of text goes, in canvas pixels.
public enum TextPlacement: Sendable, Hashable {
    /// The centre of the text's ink box on this point: what the eye sees as centred,
    /// for a single label.
    case inkCentered(x: Double, y: Double)
    /// The ink box centred across on `x`, its bottom edge on `y`: a label that ends on a
    /// line whatever its length (a vertical column at the bottom of a canvas).
    case inkBottom(x: Double, y: Double)
    /// The baseline at `y`; `x` is where the line starts, its middle or its end. Lines
    /// of a paragraph share one rhythm this way whatever their ink.
    case baseline(x: Double, y: Double, alignment: TextAlignment)
}

public enum TextAlignment: Sendable, Hashable {
    case leading, center, trailing
}

/// How text is coloured.
public enum TextPaint: Sendable, Hashable {
    /// One colour, with an optional shadow.
    case fixed(Color, shadow: TextShadow?)
    /// Whichever of the two inks contrasts more with the picture under the text, as
    /// rendered; light ink gets a soft dark shadow, dark ink a soft light glow.
    case contrasting(dark: Color, light: Color)
}

/// A soft copy of the text drawn beneath it.
public struct TextShadow: Sendable, Hashable {
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
