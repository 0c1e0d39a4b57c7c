/// One `--long` option, with an optional `-s` short form.
struct OptionSpec {
    let long: String
    let short: Character?
    /// The value's placeholder in help; nil for a flag that takes no value.
    let valueName: String?
    let help: [String]

    var takesValue: Bool { valueName != nil }

    /// `-s, --season <season>` as help shows it.
    var usage: String {
        let shortPart = short.map { "-\($0), " } ?? "    "
        return shortPart + "--\(long)" + (valueName.map { " <\($0)>" } ?? "")
    }
}

/// Options as given: values by long name, flags that were present, other words in order.
struct ParsedArguments {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []
}

/// Splits arguments by a list of option specs: `--name value`, `--name=value`, `-n value`.
/// A value may start with `-` (`--alpha -1` is then refused by validation with a
/// better message than "missing value"), unless it is itself an option (`--season -o`).
enum ArgumentParser {
    static func parse(_ arguments: [String], options: [OptionSpec]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
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
            let (spec, inlineValue) = try lookUp(argument, in: options)
            let name = "--\(spec.long)"
            guard !parsed.values.keys.contains(spec.long), !parsed.flags.contains(spec.long) else {
                throw UsageError("\(name) is given more than once")
            }
            if !spec.takesValue {
                if inlineValue != nil { throw UsageError("\(name) takes no value") }
                parsed.flags.insert(spec.long)
                continue
            }
            if let inlineValue {
                parsed.values[spec.long] = inlineValue
            } else if index < arguments.count, !looksLikeOption(arguments[index], options) {
                parsed.values[spec.long] = arguments[index]
                index += 1
            } else {
                throw UsageError("\(name) needs a value (<\(spec.valueName!)>)")
            }
        }
        return parsed
    }

    /// Whether a word is an option rather than a value: `--anything`, or `-x` for a
    /// known short form. `-0.5` and `-` are values.
    private static func looksLikeOption(_ word: String, _ options: [OptionSpec]) -> Bool {
        if word.hasPrefix("--") { return true }
        guard word.hasPrefix("-"), let letter = word.dropFirst().first else { return false }
        return options.contains { $0.short == letter }
    }

    private static func lookUp(_ argument: String, in options: [OptionSpec]) throws(UsageError)
        -> (OptionSpec, String?)
    {
        if argument.hasPrefix("--") {
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let value = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            if let spec = options.first(where: { $0.long == name }) { return (spec, value) }
            let suggestion = closest(to: name, in: options.map(\.long)).map { " (did you mean --\($0)?)" }
            throw UsageError("unknown option '--\(name)'\(suggestion ?? "")")
        }
        let body = argument.dropFirst()
        guard let letter = body.first, let spec = options.first(where: { $0.short == letter }) else {
            let suggestion = closest(to: String(body), in: options.map(\.long)).map { " (did you mean --\($0)?)" }
            throw UsageError("unknown option '\(argument)'\(suggestion ?? "")")
        }
        // `-ofile.png` and `-o file.png` both work for options with values.
        let rest = body.dropFirst()
        if rest.isEmpty { return (spec, nil) }
        guard spec.takesValue else { throw UsageError("unknown option '\(argument)'") }
        return (spec, String(rest))
    }
}
