/// What the page may ask for, checked on every route's settings before anything else
/// (`PageRequest`): the commands it has a tab for, and for each the options it has a
/// control for, with the kind of value each takes. The command layer makes it from the
/// same description the page draws its controls from, so the two cannot disagree.
///
/// Anything else is a 400 that names it: a command with no tab, an option the page does
/// not offer (`--output`, `--monitors`, `--font` on any route, Schedule's included), or a
/// value of the wrong kind (`"vertical": "no"`, which the command line would read as a
/// word, or `"alpha": true`).
public struct StudioAllowList: Sendable, Equatable {
    /// What an option's value is on the page: an on/off flag (JSON `true` or `false`), or
    /// text for the option's own parser (a number, a word, a colour, a size).
    public enum ValueKind: Sendable, Equatable {
        case flag
        case text
    }

    /// Each command's options by long name.
    public let commands: [String: [String: ValueKind]]

    public init(commands: [String: [String: ValueKind]]) {
        self.commands = commands
    }

    /// Throws the first thing in `settings` the page cannot have sent, naming it.
    public func check(_ settings: StudioSettings) throws(StudioFailure) {
        guard let options = commands[settings.command] else {
            throw StudioFailure(
                option: nil,
                message:
                    "unknown command '\(settings.command)' (the studio makes \(commands.keys.sorted().joined(separator: " and ")))"
            )
        }
        for (name, value) in settings.options.sorted(by: { $0.key < $1.key }) {
            guard let kind = options[name] else {
                throw StudioFailure(option: nil, message: "the studio does not set --\(name)")
            }
            switch (kind, value) {
            case (.flag, .flag), (.text, .text): continue
            case (.flag, .text):
                throw StudioFailure(option: name, message: "--\(name) is on or off: send true or false, not text")
            case (.text, .flag):
                throw StudioFailure(
                    option: name, message: "--\(name) takes a value: send it as text, not true or false")
            }
        }
    }
}
