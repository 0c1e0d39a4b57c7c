/// The commands that make one picture from options alone, and so carry a note of how it
/// was made, may be a batch's row and are the studio's tabs: listed here once, so no
/// other place spells their names.
enum PictureCommand: String, CaseIterable, Sendable {
    /// The default command: a season's wallpaper (`wallgen --season winter`).
    case wallpaper
    /// A solar term's card (`wallgen term 冬至`).
    case term

    /// The command for a name a note, a row or the page gives; nil for any other.
    init?(named name: String) { self.init(rawValue: name) }

    var command: any WallgenCommand.Type {
        switch self {
        case .wallpaper: WallpaperCommand.self
        case .term: TermCommand.self
        }
    }

    var declaration: CommandDeclaration { command.declaration }

    /// The words that name it after `wallgen`: none for the default command.
    var words: [String] { self == .wallpaper ? [] : [rawValue] }

    /// "wallpaper or term", for messages.
    static let namesInWords = allCases.map(\.rawValue).joined(separator: " or ")
}
