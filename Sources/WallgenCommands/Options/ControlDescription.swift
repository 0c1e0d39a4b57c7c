import FoundationEssentials

/// One option (or positional argument) of a command as a form draws it: its kind, its
/// range and step or its choices, its default and its help, read from the option's own
/// declaration, so a form cannot offer what the command line would refuse.
///
/// Its fields are what a page needs to draw a slider, a menu or a switch, and it
/// encodes to JSON as they are named here, leaving out those a kind does not have.
public struct ControlDescription: Sendable, Equatable, Encodable {
    /// The option's long name (`alpha`), or the argument's (`name`).
    public let name: String
    /// `--alpha`; nil for a positional argument.
    public let flag: String?
    /// `flag`, `switch`, `number`, `integer`, `choice`, `text`, `colour`, `date`,
    /// `instant`, `size`, `zone`, `file`, `folder` or `output` (see `ValueKind`).
    public let kind: String
    /// A number's or integer's range and step; a size's smallest and largest side.
    public let minimum: Double?
    public let maximum: Double?
    public let step: Double?
    /// The default as a value the option takes (`0.5`, `on`, `top`, `#FFFFFF`); nil when
    /// the default depends on other things (today's season, the output's extension).
    public let defaultValue: String?
    /// The default as help says it, in words.
    public let defaultText: String?
    /// A choice's words, each with its display names where it has them.
    public let choices: [ControlChoice]?
    /// Whether the option may be given more than once.
    public let repeatable: Bool
    /// What help calls its value (`0...1`, `WxH`).
    public let placeholder: String?
    public let help: String

    init(_ option: any OptionDeclaration) {
        let kind = option.kind
        name = option.long
        flag = option.flagName
        self.kind = kind.name
        (minimum, maximum, step) = Self.range(of: kind)
        defaultValue = option.defaultArgument
        defaultText = option.defaultText
        choices = Self.choices(of: kind)
        repeatable = option.isRepeatable
        placeholder = option.valueName
        help = option.help
    }

    init(_ argument: CommandDeclaration.Argument) {
        name = argument.name
        flag = nil
        kind = argument.kind.name
        (minimum, maximum, step) = Self.range(of: argument.kind)
        defaultValue = nil
        defaultText = nil
        choices = Self.choices(of: argument.kind)
        repeatable = false
        placeholder = argument.name
        help = argument.help
    }

    private static func range(of kind: ValueKind) -> (Double?, Double?, Double?) {
        switch kind {
        case .number(let minimum, let maximum, let step): (minimum, maximum, step)
        case .wholeNumber(let minimum, let maximum): (Double(minimum), maximum.map(Double.init), 1)
        case .canvasSize(let minimum, let maximum): (Double(minimum), Double(maximum), 1)
        default: (nil, nil, nil)
        }
    }

    private static func choices(of kind: ValueKind) -> [ControlChoice]? {
        if case .choice(let choices) = kind { return choices }
        return nil
    }
}

/// A command's controls that belong together: a group it includes (`canvas`,
/// `render`, `label`), or its own options and arguments (named after the command).
public struct ControlGroup: Sendable, Equatable, Encodable {
    public let name: String
    public let controls: [ControlDescription]
}

/// Every command's controls, as data a page draws its form from.
public enum CommandControls {
    /// The controls of the command named (`wallpaper` for the default command, `term`,
    /// `terms`…), group by group in the order help lists them; nil for a name that is
    /// not a command.
    public static func of(_ command: String) -> [ControlGroup]? {
        let found = PictureCommand(named: command)?.command ?? CommandRegistry.named(command)
        return found.map { $0.declaration.controls }
    }

    /// The same as JSON: an array of groups, keys sorted.
    public static func json(_ command: String) -> String? {
        guard let groups = of(command) else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(groups) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}

extension CommandDeclaration {
    /// Its controls: its own arguments and options first, as one group named after the
    /// command, then each group it includes, in the order it lists them.
    var controls: [ControlGroup] {
        var own = arguments.map(ControlDescription.init)
        var groups: [ControlGroup] = []
        for item in items {
            if let group = item as? any OptionGroup {
                groups.append(ControlGroup(name: group.name, controls: group.declarations.map(ControlDescription.init)))
            } else {
                own += item.declarations.map(ControlDescription.init)
            }
        }
        return [ControlGroup(name: name ?? PictureCommand.wallpaper.rawValue, controls: own)] + groups
    }
}
