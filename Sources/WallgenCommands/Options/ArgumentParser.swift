/// Options as given, already checked, read back through their declarations.
///
/// Values are stored under the option's long name but only ever read with the
/// declaration itself (`parsed[Options.alpha]`), so a misspelt key cannot compile and
/// a value always comes back as the type its option declared.
struct ParsedArguments {
    private var values: [String: any Sendable] = [:]
    /// Every value of a repeatable option, in the order given.
    private var repeated: [String: [any Sendable]] = [:]
    private var flags: Set<String> = []
    /// Each value as it was written, by long name, for `canonicalArguments`.
    private var texts: [String: [String]] = [:]
    /// Words that are not options, in order.
    var positionals: [String] = []
    /// The long names the command declared: reading an undeclared option is a bug.
    private let declared: Set<String>
    /// The long names validation has read, shared by copies: what `unread` leaves out.
    private let reads = ReadLog()

    init(declared: [any OptionDeclaration]) {
        self.declared = Set(declared.map(\.long))
    }

    /// The options given whose value (or presence, for a flag) nothing has read, by
    /// long name: after validation, an option given and silently dropped shows here.
    var unread: Set<String> {
        Set(values.keys).union(repeated.keys).union(flags).subtracting(reads.names)
    }

    /// Counts what `other` (the same words parsed again for another command) has read as
    /// read here too.
    func noteReads(of other: ParsedArguments) {
        reads.names.formUnion(other.reads.names)
    }

    /// The value given, or the option's default value when it declares one.
    subscript<Value>(_ option: Option<Value>) -> Value? {
        assert(declared.contains(option.long), "\(option.flagName) is read but not declared by this command")
        assert(!option.isRepeatable, "\(option.flagName) is repeatable: read it with parsed[all:]")
        reads.names.insert(option.long)
        return values[option.long] as? Value ?? option.defaultValue
    }

    /// The value of an option that declares a default: never absent.
    subscript<Value>(required option: Option<Value>) -> Value {
        guard let value = self[option] else { preconditionFailure("\(option.flagName) declares no default") }
        return value
    }

    /// Every value of a repeatable option, in order; empty when it was not given.
    subscript<Value>(all option: Option<Value>) -> [Value] {
        assert(declared.contains(option.long), "\(option.flagName) is read but not declared by this command")
        reads.names.insert(option.long)
        return (repeated[option.long] ?? []).compactMap { $0 as? Value }
    }

    /// Whether the command declares `flag` (an option group shared by commands that
    /// differ in it reads it only where it is declared).
    func declares(_ flag: Flag) -> Bool { declared.contains(flag.long) }

    func has(_ flag: Flag) -> Bool {
        assert(declared.contains(flag.long), "\(flag.flagName) is read but not declared by this command")
        reads.names.insert(flag.long)
        return flags.contains(flag.long)
    }

    /// Whether an option was given at all.
    func isGiven(_ option: any OptionDeclaration) -> Bool {
        values[option.long] != nil || flags.contains(option.long) || repeated[option.long] != nil
    }

    /// The arguments in one fixed form, whatever way they were typed: the words first,
    /// then each option given, in the order of `order`, as `--long value` (`--long=value`
    /// when the value starts with `-`), a flag as `--long`; options named in `excluded`
    /// are left out. Two command lines that ask for the same thing give the same list.
    func canonicalArguments(order: [any OptionDeclaration], excluding excluded: Set<String>) -> [String] {
        // A word starting with `-` can only follow `--`, which then ends the options.
        let dashed = positionals.contains { $0.hasPrefix("-") }
        var words = dashed ? [] : positionals
        for option in order where !excluded.contains(option.long) {
            if flags.contains(option.long) { words.append(option.flagName) }
            for text in texts[option.long] ?? [] {
                words += text.hasPrefix("-") ? ["\(option.flagName)=\(text)"] : [option.flagName, text]
            }
        }
        return dashed ? words + ["--"] + positionals : words
    }

    /// Takes one option as given: its value parsed and checked (nil for a flag). The
    /// parser calls this for each option on a command line; a manifest row's fields
    /// come in here directly, without being made into a command line first.
    /// Sets a single option's value anew, as if it had been written `value`.
    mutating func replace(_ option: any OptionDeclaration, value: String) throws(CommandFailure) {
        texts[option.long] = nil
        values[option.long] = nil
        try record(option, value: value)
    }

    /// Every error found here, in the option's value or in how it was given, is the
    /// option's (`CommandFailure.option`).
    mutating func record(_ option: any OptionDeclaration, value: String?) throws(CommandFailure) {
        do {
            try recordValue(option, value: value)
        } catch {
            throw error.about(option.long)
        }
    }

    private mutating func recordValue(_ option: any OptionDeclaration, value: String?) throws(CommandFailure) {
        if value == nil, let placeholder = option.valueName {
            throw CommandFailure("\(option.flagName) needs a value (<\(placeholder)>)")
        }
        if let value { texts[option.long, default: []].append(value) }
        if option.isRepeatable, let value {
            repeated[option.long, default: []].append(try option.parseValue(value))
            return
        }
        guard !isGiven(option) else { throw CommandFailure("\(option.flagName) is given more than once") }
        if let value {
            values[option.long] = try option.parseValue(value)
        } else {
            flags.insert(option.long)
        }
    }
}

/// Splits arguments by a command's declarations: `--name value`, `--name=value`,
/// `-n value`, `-nvalue`; `--` ends the options.
///
/// A value may start with `-` (`--alpha -1` is then refused by its range check, a
/// better message than "missing value"), unless it is itself an option (`--season -o`).
enum ArgumentParser {
    static func parse(_ arguments: [String], options: [any OptionDeclaration]) throws(CommandFailure) -> ParsedArguments
    {
        var parsed = ParsedArguments(declared: options)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                parsed.positionals += arguments[index...]
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                parsed.positionals.append(argument)
                continue
            }
            let (option, inlineValue) = try lookUp(argument, in: options)
            guard let valueName = option.valueName else {
                if inlineValue != nil { throw CommandFailure("\(option.flagName) takes no value", option: option.long) }
                try parsed.record(option, value: nil)
                continue
            }
            if let inlineValue {
                try parsed.record(option, value: inlineValue)
            } else if index < arguments.count, !looksLikeOption(arguments[index], options) {
                try parsed.record(option, value: arguments[index])
                index += 1
            } else {
                throw CommandFailure("\(option.flagName) needs a value (<\(valueName)>)", option: option.long)
            }
        }
        return parsed
    }

    /// Whether a word is an option rather than a value: `--anything`, or `-x` for a
    /// known short form. `-0.5` and `-` are values.
    private static func looksLikeOption(_ word: String, _ options: [any OptionDeclaration]) -> Bool {
        if word.hasPrefix("--") { return true }
        guard word.hasPrefix("-"), let letter = word.dropFirst().first else { return false }
        return options.contains { $0.short == letter }
    }

    private static func lookUp(_ argument: String, in options: [any OptionDeclaration]) throws(CommandFailure)
        -> (any OptionDeclaration, String?)
    {
        if argument.hasPrefix("--") {
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let value = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            if let option = options.first(where: { $0.long == name }) { return (option, value) }
            throw CommandFailure("unknown option '--\(name)'\(suggestion(for: name, options))")
        }
        let body = argument.dropFirst()
        guard let letter = body.first, let option = options.first(where: { $0.short == letter }) else {
            throw CommandFailure("unknown option '\(argument)'\(suggestion(for: String(body), options))")
        }
        // `-ofile.png` and `-o file.png` both work for options with values.
        let rest = body.dropFirst()
        if rest.isEmpty { return (option, nil) }
        guard option.valueName != nil else { throw CommandFailure("unknown option '\(argument)'") }
        return (option, String(rest))
    }

    /// A near option of this command only: suggesting another command's option would
    /// send the person to a second error.
    private static func suggestion(for name: String, _ options: [any OptionDeclaration]) -> String {
        closest(to: name, in: options.map(\.long)).map { " (did you mean --\($0)?)" } ?? ""
    }
}

/// The options validation has read (see `ParsedArguments.unread`).
private final class ReadLog {
    var names: Set<String> = []
}
