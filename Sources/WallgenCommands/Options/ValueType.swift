import Almanac
import Compositor
import Designs
import Foundation

/// How one kind of option value is written, checked and completed.
///
/// `parse` gets the option's `--name` so that every message names the flag the
/// person typed.
struct ValueType<Value: Sendable>: Sendable {
    let placeholder: String
    let completion: ValueCompletion
    let parse: @Sendable (_ text: String, _ flag: String) throws(UsageError) -> Value
}

extension ValueType where Value == String {
    /// Any text that is not empty.
    static func text(_ placeholder: String = "text") -> ValueType {
        ValueType(placeholder: placeholder, completion: .none) { text, flag throws(UsageError) in
            guard !text.isEmpty else { throw UsageError("\(flag) must not be empty") }
            // Spaces (or invisible characters) alone would draw nothing where a label was asked for.
            guard
                text.unicodeScalars.contains(where: {
                    !$0.properties.isWhitespace && $0.properties.generalCategory != .format
                })
            else { throw UsageError("\(flag) must not be only spaces") }
            return text
        }
    }

    /// A path to a file that must exist when it is read (checked then, with its own message).
    static let file = path("file", completion: .file)
    static let folder = path("folder", completion: .folder)

    private static func path(_ placeholder: String, completion: ValueCompletion) -> ValueType {
        ValueType(placeholder: placeholder, completion: completion) { text, flag throws(UsageError) in
            guard !text.isEmpty else { throw UsageError("\(flag) needs a \(placeholder) name") }
            return text
        }
    }
}

extension ValueType where Value == Int {
    /// A whole number of at least `minimum`.
    static func wholeNumber(atLeast minimum: Int, placeholder: String = "n") -> ValueType {
        ValueType(placeholder: placeholder, completion: .none) { text, flag throws(UsageError) in
            guard let value = Int(text), value >= minimum else {
                throw UsageError("\(flag) must be a whole number of at least \(minimum), got '\(text)'")
            }
            return value
        }
    }

    /// A year the almanac computes.
    static let year = ValueType(placeholder: "year", completion: .none) { text, flag throws(UsageError) in
        let range = SolarTermCalendar.supportedYears
        guard let year = Int(text) else { throw UsageError("\(flag) must be a year such as 2026, got '\(text)'") }
        guard range.contains(year) else {
            throw UsageError("\(flag) \(year) is outside the supported years \(range.lowerBound)-\(range.upperBound)")
        }
        return year
    }
}

extension ValueType where Value == Double {
    /// A fraction from 0 to 1. A percentage or a number out of 100 gets the fraction
    /// it probably meant as a suggestion, since the app showed alpha as a percentage.
    static let fraction = ValueType(placeholder: "0...1", completion: .none) { text, flag throws(UsageError) in
        let isPercent = text.hasSuffix("%")
        let number = Double(isPercent ? String(text.dropLast()) : text)
        guard let value = number, value.isFinite else {
            throw UsageError("\(flag) must be a number from 0 to 1, got '\(text)'")
        }
        guard !isPercent, (0...1).contains(value) else {
            let hint =
                (0...100).contains(value) && (isPercent || value > 1)
                ? " (did you mean \(flag) \(formatFraction(value / 100))?)" : ""
            throw UsageError("\(flag) must be from 0 to 1, got \(text)\(hint)")
        }
        return value
    }

    private static func formatFraction(_ value: Double) -> String {
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

extension ValueType where Value == Bool {
    /// on or off (yes/no, true/false and 1/0 are read too).
    static let onOff = ValueType(placeholder: "on|off", completion: .words(["on", "off"])) {
        text, flag throws(UsageError) in
        switch text.lowercased() {
        case "on", "yes", "true", "1": return true
        case "off", "no", "false", "0": return false
        default: throw UsageError("\(flag) must be on or off, got '\(text)'")
        }
    }
}

extension ValueType {
    /// One of a few named values, any case. The words are listed in help and offered
    /// by the completions.
    static func choice(_ choices: KeyValuePairs<String, Value>, placeholder: String? = nil) -> ValueType {
        let words = choices.map(\.key)
        let table = Array(choices)
        return ValueType(placeholder: placeholder ?? words.joined(separator: "|"), completion: .words(words)) {
            text, flag throws(UsageError) in
            if let match = table.first(where: { $0.key == text.lowercased() }) { return match.value }
            let list = words.count == 2 ? words.joined(separator: " or ") : listed(words)
            throw UsageError("\(flag) must be \(list), got '\(text)'")
        }
    }
}

/// "a, b or c", as a sentence lists choices.
func listed(_ words: [String]) -> String {
    guard words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
}
