/// A JSON document read back (sway's outputs, a batch report, a picture's provenance):
/// the value tree, and where and why a text is not JSON.
///
/// RFC 8259, and one leniency of Foundation's JSONSerialization, which read these before:
/// a comma may end an array or object (`[1,]`). No comments, no leading zeros. Nesting deeper
/// than `maximumDepth` is refused rather than recursed into, so a hostile file cannot
/// exhaust the stack. Strings are decoded to Unicode scalars; invalid UTF-8 becomes
/// U+FFFD, and a key given twice keeps its last value, unless the reading is `strict`. A
/// number keeps the text it was written as beside its value.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public static let maximumDepth = 512

    /// Parses one JSON value filling `bytes` (whitespace around it allowed). `strict`
    /// refuses, each with its reason and offset, what RFC 8259 leaves to the reader and a
    /// person's file should not hold: a key given twice in one object (which one was
    /// meant?), bytes that are not UTF-8, and an escaped surrogate without its pair.
    public static func parse(_ bytes: [UInt8], strict: Bool = false) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes: bytes, strict: strict)
        return try reader.document()
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    public var string: String? { if case .string(let text) = self { text } else { nil } }
    public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    public var double: Double? { if case .number(let number) = self { number.value } else { nil } }
    public var array: [JSONValue]? { if case .array(let items) = self { items } else { nil } }
    public var object: [String: JSONValue]? { if case .object(let members) = self { members } else { nil } }

    /// The number when it is a whole number an `Int` holds exactly (`3` and `3.0`, not `3.5`).
    public var int: Int? {
        guard let value = double, value == value.rounded(), abs(value) < 0x1p63 else { return nil }
        return Int(value)
    }
}

/// A JSON number: its text as written (`2026`, `0.50`, `1e400`), for a reader that hands
/// it to a parser of its own, and its nearest `Double` (infinite when out of range).
public struct JSONNumber: Sendable, Equatable {
    public let text: String
    public let value: Double

    public init(text: String, value: Double) {
        self.text = text
        self.value = value
    }
}

/// Why a text is not JSON, and the byte (counted from 0) where that was found; no
/// offset when the text ended too early.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    public let reason: String
    public let offset: Int?

    public init(reason: String, offset: Int?) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String { offset.map { "\(reason) at byte \($0)" } ?? reason }
}

private struct JSONReader {
    let bytes: [UInt8]
    let strict: Bool
    var index = 0

    init(bytes: [UInt8], strict: Bool) {
        self.bytes = bytes
        self.strict = strict
    }

    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        let result = try value(depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw invalid() }
        return result
    }

    private func invalid() -> JSONSyntaxError { JSONSyntaxError(reason: "invalid value", offset: index) }

    private var endOfText: JSONSyntaxError {
        JSONSyntaxError(reason: "unexpected end of file during JSON parse", offset: nil)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    /// The next byte after whitespace, not consumed.
    private mutating func peek() throws(JSONSyntaxError) -> UInt8 {
        skipWhitespace()
        guard index < bytes.count else { throw endOfText }
        return bytes[index]
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        switch try peek() {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw invalid()
        }
    }

    private mutating func literal(_ word: String, _ result: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        for expected in word.utf8 {
            guard index < bytes.count else { throw endOfText }
            guard bytes[index] == expected else { throw invalid() }
            index += 1
        }
        return result
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= JSONValue.maximumDepth else {
            throw JSONSyntaxError(reason: "too many nested arrays or objects", offset: index)
        }
        index += 1
        var members: [String: JSONValue] = [:]
        if try peek() == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            if try peek() == UInt8(ascii: "}"), !members.isEmpty {
                index += 1
                return .object(members)
            }
            guard try peek() == UInt8(ascii: "\"") else { throw invalid() }
            let keyStart = index
            let key = try string()
            if strict, members[key] != nil {
                throw JSONSyntaxError(reason: "the key \"\(key)\" is given twice", offset: keyStart)
            }
            guard try peek() == UInt8(ascii: ":") else { throw invalid() }
            index += 1
            members[key] = try value(depth: depth)
            let next = try peek()
            index += 1
            if next == UInt8(ascii: "}") { return .object(members) }
            guard next == UInt8(ascii: ",") else {
                index -= 1
                throw invalid()
            }
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= JSONValue.maximumDepth else {
            throw JSONSyntaxError(reason: "too many nested arrays or objects", offset: index)
        }
        index += 1
        var items: [JSONValue] = []
        if try peek() == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            if try peek() == UInt8(ascii: "]"), !items.isEmpty {
                index += 1
                return .array(items)
            }
            items.append(try value(depth: depth))
            let next = try peek()
            index += 1
            if next == UInt8(ascii: "]") { return .array(items) }
            guard next == UInt8(ascii: ",") else {
                index -= 1
                throw invalid()
            }
        }
    }

    private mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        func digits(_ reader: inout JSONReader) throws(JSONSyntaxError) -> Int {
            let first = reader.index
            while reader.index < reader.bytes.count, (0x30...0x39).contains(reader.bytes[reader.index]) {
                reader.index += 1
            }
            return reader.index - first
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw endOfText }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                throw JSONSyntaxError(reason: "number with leading zero", offset: index)
            }
        } else {
            guard try digits(&self) > 0 else { throw invalid() }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count else { throw endOfText }
            guard try digits(&self) > 0 else { throw invalid() }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count else { throw endOfText }
            guard try digits(&self) > 0 else { throw invalid() }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else { throw JSONSyntaxError(reason: "invalid value", offset: start) }
        return .number(JSONNumber(text: text, value: value))
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flushRun(_ reader: JSONReader, upTo end: Int) throws(JSONSyntaxError) {
            let run = reader.bytes[runStart..<end]
            if reader.strict, let bad = Self.firstInvalidUTF8(run) {
                throw JSONSyntaxError(reason: "bytes that are not UTF-8", offset: bad)
            }
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
        }
        while true {
            guard index < bytes.count else { throw endOfText }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try flushRun(self, upTo: index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw JSONSyntaxError(reason: "unescaped control character", offset: index) }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            try flushRun(self, upTo: index)
            scalars.append(try escape())
            runStart = index
        }
    }

    /// Where the first byte that starts no UTF-8 scalar is, if one does.
    private static func firstInvalidUTF8(_ run: ArraySlice<UInt8>) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = run.makeIterator()
        var offset = run.startIndex
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    /// One escape, `index` at its backslash; leaves `index` after it.
    private mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let backslash = index
        let bad = JSONSyntaxError(reason: "invalid escape sequence", offset: backslash)
        guard index + 1 < bytes.count else { throw endOfText }
        let letter = bytes[index + 1]
        index += 2
        switch letter {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hexUnit(bad)
            let lone = JSONSyntaxError(
                reason: "a surrogate (\\u\(String(unit, radix: 16))) without its pair", offset: backslash)
            if (0xD800..<0xDC00).contains(unit) {
                guard index + 1 < bytes.count else { throw endOfText }
                guard bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { throw lone }
                index += 2
                let low = try hexUnit(bad)
                guard (0xDC00..<0xE000).contains(low) else { throw lone }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(unit) else { throw lone }
            return scalar
        default:
            throw bad
        }
    }

    private mutating func hexUnit(_ bad: JSONSyntaxError) throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw endOfText }
        var unit: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { throw bad }
            unit = unit << 4 | UInt32(digit)
        }
        index += 4
        return unit
    }
}
