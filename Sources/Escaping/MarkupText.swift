/// The loop HTML's and XML's escapers share (`HTMLText`, `XMLText`), on Unicode scalars:
/// each scalar the language's `reference` names becomes that text (an entity or a
/// character reference); any other control character (C0, DEL, C1) but tab, line feed
/// and carriage return becomes U+FFFD, which neither language lets a control character
/// be; everything else, combining marks included, is kept.
enum MarkupText {
    static func escape(_ text: String, reference: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if let replaced = reference(scalar) {
                out += replaced
            } else if ControlCharacters.isControl(scalar) && scalar != "\t" && scalar != "\n" && scalar != "\r" {
                out += "\u{FFFD}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
