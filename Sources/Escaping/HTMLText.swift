/// Text and quoted attribute values in an HTML page.
///
/// Works on Unicode scalars: a `"` followed by a combining mark is one Swift
/// `Character`, and an escaper that compared `Character`s let it through and ended the
/// attribute. Every scalar that can end an element or an attribute (`&`, `<`, `>`, `"`,
/// `'`, and the backtick old browsers quoted with) becomes a character reference; a
/// control character other than tab, line feed and carriage return, which HTML calls a
/// parse error, becomes U+FFFD. A control that reorders the text around it (U+202E and
/// the other embeddings, overrides and isolates) is shown as `[U+202E]` (`BidiControls`):
/// every name on wallgen's pages is a file's or a person's, and must read as it is.
/// Everything else, combining marks and right-to-left letters included, is kept.
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        MarkupText.escape(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            case "`": "&#96;"
            case _ where BidiControls.isReordering(scalar): BidiControls.visible(scalar)
            default: nil
            }
        }
    }
}
