/// What a shell offers to complete an option's value with.
enum ValueCompletion: Sendable, Equatable {
    case none
    case file
    case folder
    case words([String])
    /// The zones of the system's tz database (`zone1970.tab`, read when completing), with
    /// `local` and `UTC`.
    case zones
}

/// An option as help, the manual and the completions see it: everything but its type.
///
/// Each option is declared once, as an `Option` or a `Flag`; the parser, `--help`, the
/// options document (docs/OPTIONS.md), the man page and the shell completions all read that one
/// declaration, so none of them can drift from the others.
protocol OptionDeclaration: OptionListItem {
    var long: String { get }
    var short: Character? { get }
    /// The value's placeholder (`0...1`, `file`); nil for a flag, which takes none.
    var valueName: String? { get }
    /// What the option does, one paragraph; printers wrap it.
    var help: String { get }
    /// The default as people read it ("0.5", "today's season"); nil when there is none.
    var defaultText: String? { get }
    var completion: ValueCompletion { get }
    /// The values it takes, as data: range, step, choices.
    var kind: ValueKind { get }
    /// The default as an argument the option takes (`0.5`, `on`, `top`); nil when it has
    /// none, or none that can be written.
    var defaultArgument: String? { get }
    /// Whether the option may be given more than once, each value kept in order.
    var isRepeatable: Bool { get }
    /// Reads the value, checking it: every range check of the command line happens here.
    func parseValue(_ text: String) throws(CommandFailure) -> any Sendable
    /// What it is for beyond its value: recorded in a picture's note, given in a batch's
    /// row, kept by the studio's preview.
    var role: OptionRole { get }
}

extension OptionDeclaration {
    var flagName: String { "--\(long)" }

    /// An option is an item of a command's option list by itself.
    var declarations: [any OptionDeclaration] { [self] }

    /// `-a, --alpha <0...1>` as help shows it.
    var usage: String {
        let shortPart = short.map { "-\($0), " } ?? "    "
        return shortPart + flagName + (valueName.map { " <\($0)>" } ?? "")
    }

    /// The help paragraph with its default, as help and the manual print it.
    var fullHelp: String {
        help + (isRepeatable ? " May be given more than once." : "") + (defaultText.map { " (default: \($0))" } ?? "")
    }
}

/// An option that takes a value, read back as `Value` through `ParsedArguments`.
struct Option<Value: Sendable>: OptionDeclaration {
    let long: String
    let short: Character?
    let valueType: ValueType<Value>
    let help: String
    /// What an absent option means, when that is a value: `parsed[option]` returns it.
    let defaultValue: Value?
    /// The default in words, when the declaration says it so.
    private let defaultWords: String?
    private(set) var isRepeatable = false
    private(set) var role = OptionRole.picture

    /// `defaultWords`, or else the default value as text, made only when help, the manual
    /// or the studio ask: interpolating a value of a generic type makes the runtime search
    /// every conformance in the binary, which every run would otherwise pay as it starts.
    var defaultText: String? { defaultWords ?? defaultValue.map { "\($0)" } }

    /// An option whose absence means `defaultValue`, shown in help as `shown` (or the value itself).
    init(
        _ long: String, short: Character? = nil, _ valueType: ValueType<Value>, help: String,
        default defaultValue: Value, shown: String? = nil
    ) {
        self.init(long, short: short, valueType, help: help, defaultValue: defaultValue, defaultWords: shown)
    }

    /// An option with no default value; `defaultText` says in words what its absence means.
    init(
        _ long: String, short: Character? = nil, _ valueType: ValueType<Value>, help: String,
        defaultText: String? = nil
    ) {
        self.init(long, short: short, valueType, help: help, defaultValue: nil, defaultWords: defaultText)
    }

    private init(
        _ long: String, short: Character?, _ valueType: ValueType<Value>, help: String, defaultValue: Value?,
        defaultWords: String?
    ) {
        self.long = long
        self.short = short
        self.valueType = valueType
        self.help = help
        self.defaultValue = defaultValue
        self.defaultWords = defaultWords
    }

    var valueName: String? { valueType.placeholder }
    var completion: ValueCompletion { valueType.completion }
    var kind: ValueKind { valueType.kind }
    /// The default value written as an argument; or, for a number, size or choice whose
    /// default is decided elsewhere, its default text when that is a value it takes
    /// (`--quality`'s `90`, `--size`'s `1170x2532`). Any words are a text or a file name,
    /// so those say their default in words only.
    var defaultArgument: String? {
        if let defaultValue { return valueType.write(defaultValue) }
        switch valueType.kind {
        case .number, .wholeNumber, .canvasSize, .choice, .onOff:
            guard let defaultText, (try? valueType.parse(defaultText, flagName)) != nil else { return nil }
            return defaultText
        default: return nil
        }
    }

    /// The same option, taken as many times as it is given (`--size A --size B`), with
    /// its own help where the plural needs other words; read back with `parsed[all: option]`.
    func repeatable(help: String? = nil, defaultText: String? = nil) -> Option {
        var copy = Option(
            long, short: short, valueType, help: help ?? self.help, defaultValue: nil,
            defaultWords: defaultText ?? self.defaultText)
        copy.isRepeatable = true
        copy.role = role
        return copy
    }

    /// The same option with `role` (`OptionRole.picture` unless given), still where the
    /// studio's page shows it when `role` names no place: the two may be given in either order.
    func role(_ role: OptionRole) -> Option {
        var copy = self
        copy.role = role
        copy.role.studio = role.studio ?? self.role.studio
        return copy
    }

    /// The same option, shown on the studio's page in `group` (see `StudioPlace`).
    func inStudio(_ group: StudioPlace.Group, id: String? = nil, label: String? = nil) -> Option {
        var copy = self
        copy.role.studio = StudioPlace(group: group, id: id, label: label)
        return copy
    }

    func parse(_ text: String) throws(CommandFailure) -> Value {
        try valueType.parse(text, flagName)
    }

    func parseValue(_ text: String) throws(CommandFailure) -> any Sendable {
        try parse(text)
    }
}

/// An option that takes no value: present or not.
struct Flag: OptionDeclaration {
    let long: String
    let short: Character?
    let help: String
    private(set) var role: OptionRole

    init(_ long: String, short: Character? = nil, help: String, role: OptionRole = .picture) {
        self.long = long
        self.short = short
        self.help = help
        self.role = role
    }

    var valueName: String? { nil }
    var defaultText: String? { nil }
    var completion: ValueCompletion { .none }
    var kind: ValueKind { .flag }
    var defaultArgument: String? { nil }
    var isRepeatable: Bool { false }

    /// The same flag, shown on the studio's page in `group` (see `StudioPlace`).
    func inStudio(_ group: StudioPlace.Group) -> Flag {
        var copy = self
        copy.role.studio = StudioPlace(group: group)
        return copy
    }

    func parseValue(_ text: String) throws(CommandFailure) -> any Sendable {
        throw CommandFailure("\(flagName) takes no value")
    }
}
