/// Text and quoted attribute values in an HTML page.
///
/// Works on Unicode scalars: a `"` followed by a combining mark is one Swift
/// `Character`, and an escaper that compared `Character`s let it through and ended the
/// attribute. Every scalar that can end an element or an attribute (`&`, `<`, `>`, `"`,
/// `'`, and the backtick old browsers quoted with) becomes a character reference; a
/// control character other than tab, line feed and carriage return, which HTML calls a
/// parse error, becomes U+FFFD. Everything else, combining marks included, is kept.
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
            default: nil
            }
        }
    }
}
