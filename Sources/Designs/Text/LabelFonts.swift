import Compositor

/// The fonts a label is set in, per character, in order: the person's own `--font`,
/// the bundled display font (Latin), the bundled Chinese face, the bundled colour
/// emoji font, then whatever installed font fontconfig finds.
///
/// The Chinese and emoji fonts are opened only when the text needs them (the emoji
/// font is 11 MB): most labels are a season's name.
public enum LabelFonts {
    public static let emojiFile = "NotoColorEmoji.ttf"

    static func chain(for text: String, data: DataDirectory, userFontPath: String?, display: String)
        throws(PipelineError) -> FontChain
    {
        var fonts: [Font] = []
        if let userFontPath { fonts.append(try PipelineSteps.openFont(userFontPath, .font)) }
        fonts.append(try PipelineSteps.openFont(data.font(display), .bundled))
        let characters = Array(text)
        func uncovered(_ character: Character) -> Bool { !fonts.contains { $0.covers(character) } }
        if characters.contains(where: { !FontChain.prefersColor($0) && uncovered($0) }) {
            fonts.append(try PipelineSteps.openFont(data.font(CardFonts.titleFile), .bundled))
        }
        if characters.contains(where: { FontChain.prefersColor($0) || uncovered($0) }) {
            fonts.append(try PipelineSteps.openFont(data.font(emojiFile), .bundled))
        }
        return FontChain(fonts, systemLookup: SystemFonts.font(for:))
    }
}
