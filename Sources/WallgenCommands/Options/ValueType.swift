import Almanac
import Compositor
import Designs
import FoundationEssentials
import Platform

/// How one kind of option value is written, checked and completed.
///
/// `parse` gets the option's `--name` so that every message names the flag the
/// person typed. `kind` says the same range and choices as data, for controls; `write`
/// is `parse` backwards, the argument that gives a value (nil when there is none), so
/// a default can be shown as a value the option takes.
struct ValueType<Value: Sendable>: Sendable {
    let placeholder: String
    let completion: ValueCompletion
    let kind: ValueKind
    let write: @Sendable (Value) -> String?
    let parse: @Sendable (_ text: String, _ flag: String) throws(CommandFailure) -> Value

    /// A value type of `kind`, or of the kind its completion suggests (words: a choice;
    /// files, folders; otherwise text).
    init(
        placeholder: String, completion: ValueCompletion, kind: ValueKind? = nil,
        write: @escaping @Sendable (Value) -> String? = { _ in nil },
        parse: @escaping @Sendable (_ text: String, _ flag: String) throws(CommandFailure) -> Value
    ) {
        self.placeholder = placeholder
        self.completion = completion
        self.kind = kind ?? ValueKind(offeredBy: completion)
        self.write = write
        self.parse = parse
    }
}

extension ValueType where Value == String {
    /// Any text that is not empty.
    static func text(_ placeholder: String = "text") -> ValueType {
        ValueType(
            placeholder: placeholder, completion: .none, kind: .text, write: { $0 },
            parse: {
                text, flag throws(CommandFailure) in
                guard !text.isEmpty else { throw CommandFailure("\(flag) must not be empty") }
                // Spaces (or invisible characters) alone would draw nothing where a label was asked for.
                guard
                    text.unicodeScalars.contains(where: {
                        !$0.properties.isWhitespace && $0.properties.generalCategory != .format
                    })
                else { throw CommandFailure("\(flag) must not be only spaces") }
                return text
            })
    }

    /// A path to a file that must exist when it is read (checked then, with its own message).
    static let file = path("file", completion: .file)
    static let folder = path("folder", completion: .folder)

    private static func path(_ placeholder: String, completion: ValueCompletion) -> ValueType {
        ValueType(
            placeholder: placeholder, completion: completion, write: { $0 },
            parse: { text, flag throws(CommandFailure) in
                guard !text.isEmpty else { throw CommandFailure("\(flag) needs a \(placeholder) name") }
                return text
            })
    }
}

extension ValueType where Value == Int {
    /// A whole number of at least `minimum`.
    static func wholeNumber(atLeast minimum: Int, placeholder: String = "n") -> ValueType {
        ValueType(
            placeholder: placeholder, completion: .none, kind: .wholeNumber(minimum: minimum, maximum: nil),
            write: { "\($0)" },
            parse: { text, flag throws(CommandFailure) in
                guard let value = Int(text), value >= minimum else {
                    throw CommandFailure("\(flag) must be a whole number of at least \(minimum), got '\(text)'")
                }
                return value
            })
    }

    /// A whole number in `range`, each value its own words when wrong: `notANumber` for
    /// text that is no whole number, `outside` for one outside the range (given the
    /// flag, the text as typed and the number).
    static func wholeNumber(
        in range: ClosedRange<Int>, placeholder: String,
        notANumber: @escaping @Sendable (_ flag: String, _ text: String) -> String,
        outside: @escaping @Sendable (_ flag: String, _ text: String, _ value: Int) -> String
    ) -> ValueType {
        ValueType(
            placeholder: placeholder, completion: .none,
            kind: .wholeNumber(minimum: range.lowerBound, maximum: range.upperBound), write: { "\($0)" },
            parse: { text, flag throws(CommandFailure) in
                guard let value = Int(text) else { throw CommandFailure(notANumber(flag, text)) }
                guard range.contains(value) else { throw CommandFailure(outside(flag, text, value)) }
                return value
            })
    }

    /// A year the almanac computes.
    static let year = wholeNumber(
        in: SolarTermCalendar.supportedYears, placeholder: "year",
        notANumber: { flag, text in "\(flag) must be a year such as 2026, got '\(text)'" },
        outside: { flag, _, year in
            let range = SolarTermCalendar.supportedYears
            return "\(flag) \(year) is outside the supported years \(range.lowerBound)-\(range.upperBound)"
        })
}

extension ValueType where Value == Double {
    /// A fraction from 0 to 1. A percentage (50%, or a number from 2 to 100) gets the
    /// fraction it probably meant as a suggestion, since the app showed alpha as a
    /// percentage.
    static let fraction = ValueType(
        placeholder: "0...1", completion: .none, kind: .number(minimum: 0, maximum: 1, step: 0.01),
        write: { formatFraction($0) },
        parse: { text, flag throws(CommandFailure) in
            let isPercent = text.hasSuffix("%")
            let number = Double(isPercent ? String(text.dropLast()) : text)
            guard let value = number, value.isFinite else {
                throw CommandFailure("\(flag) must be a number from 0 to 1, got '\(text)'")
            }
            guard !isPercent, (0...1).contains(value) else {
                // 50 or 50% was a percentage; 1.5 or 2 is no percentage anyone writes for
                // a picture's opacity (0.015 or 0.02 would be a guess, and a wrong one), so
                // a plain number is read as one from 10 up.
                let hint =
                    (isPercent ? (0...100).contains(value) : (10...100).contains(value))
                    ? " (did you mean \(flag) \(formatFraction(value / 100))?)" : ""
                throw CommandFailure("\(flag) must be from 0 to 1, got \(text)\(hint)")
            }
            return value
        })

    static func formatFraction(_ value: Double) -> String {
        var text = PrintfNumber.format("%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

extension ValueType where Value == Bool {
    /// on or off (yes/no, true/false and 1/0 are read too).
    static let onOff = ValueType(
        placeholder: "on|off", completion: .words(["on", "off"]), kind: .onOff, write: { $0 ? "on" : "off" },
        parse: { text, flag throws(CommandFailure) in
            switch text.lowercased() {
            case "on", "yes", "true", "1": return true
            case "off", "no", "false", "0": return false
            default: throw CommandFailure("\(flag) must be on or off, got '\(text)'")
            }
        })
}

extension ValueType where Value: Equatable {
    /// One of a few named values, any case. The words are listed in help and offered
    /// by the completions; a control offers each value once, by its first word (`jpeg`,
    /// not its other spelling `jpg`), with its display name from `labels` when given.
    static func choice(
        _ choices: KeyValuePairs<String, Value>, placeholder: String? = nil, labels: [String: String] = [:]
    ) -> ValueType {
        choice(choices.map { ($0.key, $0.value) }, placeholder: placeholder, labels: labels)
    }

    /// The same, from a list made at run time.
    static func choice(
        _ table: [(key: String, value: Value)], placeholder: String? = nil, labels: [String: String] = [:]
    ) -> ValueType {
        let words = table.map(\.key)
        let offered = table.enumerated().filter { index, choice in
            !table[..<index].contains { $0.value == choice.value }
        }.map(\.element)
        let kind = ValueKind.choice(offered.map { ControlChoice($0.key, label: labels[$0.key]) })
        return ValueType(
            placeholder: placeholder ?? words.joined(separator: "|"), completion: .words(words), kind: kind,
            write: { value in offered.first { $0.value == value }?.key },
            parse: { text, flag throws(CommandFailure) in
                if let match = table.first(where: { $0.key == text.lowercased() }) { return match.value }
                let list = words.count == 2 ? words.joined(separator: " or ") : listed(words)
                throw CommandFailure("\(flag) must be \(list), got '\(text)'")
            })
    }
}

/// "a, b or c", as a sentence lists choices.
func listed(_ words: [String]) -> String {
    guard words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
}
