/// Scripts that cannot be set top to bottom by stacking characters.
///
/// Vertical setting stacks one glyph under the next, which suits Chinese and Japanese.
/// Arabic-type scripts join each letter to its neighbours sideways and run right to
/// left; stacked, they come out as a column of unjoined letters nobody can read, so
/// the command line refuses them rather than drawing that.
public enum VerticalScripts {
    /// The name of the first script in `text` that cannot be stacked, and why.
    public static func unstackable(in text: String) -> (script: String, reason: String)? {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0600...0x06FF, 0x0750...0x077F, 0x0870...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF:
                return ("Arabic", "letters would not join")
            case 0x0700...0x074F:
                return ("Syriac", "letters would not join")
            case 0x07C0...0x07FF:
                return ("N'Ko", "letters would not join")
            case 0x0780...0x07BF:
                return ("Thaana", "runs right to left")
            case 0x0590...0x05FF, 0xFB1D...0xFB4F:
                return ("Hebrew", "runs right to left")
            default:
                continue
            }
        }
        return nil
    }
}
