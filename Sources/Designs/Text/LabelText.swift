import Compositor

/// The engraving app's rules for a person's own label text.
///
/// Length is counted as a person counts: in grapheme clusters (Swift's `Character`), so
/// "👍🏽" and "👨‍👩‍👧" are one each. Beyond the limit the app kept the first 13 and
/// said so. The size steps down as the text grows, in the app's proportions 17 : 14 : 11.
public enum LabelText {
    public static let defaultMaxCharacters = 13

    /// The text cut to `maxCharacters`, and how many characters it had.
    public static func limited(_ text: String, maxCharacters: Int) -> (text: String, count: Int) {
        (String(text.prefix(maxCharacters)), text.count)
    }

    /// The app's three sizes: fewer than 4 characters, fewer than 8, and more.
    public enum Step: Int, Sendable {
        case large = 17
        case medium = 14
        case small = 11

        public init(characterCount count: Int) {
            self = count < 4 ? .large : count < 8 ? .medium : .small
        }
    }

    /// The em size for a label: the large step is 17 % of the canvas width (capped at
    /// 12 % of its height, for wide screens), the others in proportion. Fitting the safe
    /// margin may shrink it further when drawn.
    public static func size(for text: String, width: Int, height: Int) -> Double {
        let large = min(0.17 * Double(width), 0.12 * Double(height))
        return large * Double(Step(characterCount: text.count).rawValue) / 17
    }

    /// The first control character in `text` (tabs, line breaks, escapes), if any:
    /// they draw nothing and are never meant.
    public static func firstControlCharacter(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { $0.properties.generalCategory == .control }
    }
}

/// Where a wallpaper's label sits.
public enum LabelPosition: String, Sendable, CaseIterable {
    case top, center, bottom
}
