import Escaping
import FoundationEssentials
import Glibc

/// One value of a row, as a command line would take it.
public enum ManifestValue: Equatable, Sendable {
    /// A value (`"lang": "en"`, `"year": 2026`, a CSV cell).
    case text(String)
    /// `true` or `false`: a flag given or not.
    case flag(Bool)
    /// An array: the option given once per element.
    case list([String])
}

/// One render of a manifest: its fields with the defaults row merged under them.
public struct ManifestRow: Sendable {
    /// The 1-based line the row starts on, as an editor counts lines.
    public let line: Int
    /// The 0-based position among the manifest's rows (blank lines and the defaults row
    /// are not rows): what shards are chosen by.
    public let index: Int
    public let fields: [String: ManifestValue]
}

/// Reads a manifest one row at a time: JSON Lines (one object a line; a first line
/// `{"defaults": {…}}` gives values every row takes unless it sets its own), or, for a
/// name ending in `.csv`, CSV with a header line naming the keys (an empty cell is no
/// value). Only the current row is held in memory.
public final class ManifestReader {
    public enum Format: Sendable { case jsonLines, csv }

    public let format: Format
    private let descriptor: Int32
    private let lines: LineReader
    private var defaults: [String: ManifestValue] = [:]
    private var header: [String]?
    private var nextIndex = 0
    private var sawContent = false

    /// Opens `path` (a regular file, read twice by a batch, so not a pipe); the format
    /// is CSV for a name ending in `.csv` unless `format` says.
    public init(path: String, format: Format? = nil) throws(ManifestError) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .unreadable("it is not a regular file") }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
        self.descriptor = descriptor
        self.lines = LineReader(descriptor: descriptor)
        self.format = format ?? (path.lowercased().hasSuffix(".csv") ? .csv : .jsonLines)
    }

    deinit { close(descriptor) }

    /// U+FEFF in UTF-8.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The next row, or nil at the end. Throws `.empty` at the end of a manifest
    /// that had no rows at all.
    public func next() throws(ManifestError) -> ManifestRow? {
        while true {
            guard var bytes = try lines.next() else {
                guard nextIndex > 0 else { throw .empty }
                return nil
            }
            let line = lines.lineNumber
            // Excel's "CSV UTF-8" (and Notepad) begin the file with a byte-order mark.
            if line == 1, bytes.starts(with: Self.byteOrderMark) { bytes.removeFirst(Self.byteOrderMark.count) }
            switch format {
            case .jsonLines:
                if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                let object = try Self.jsonObject(bytes, line: line)
                if case .defaults(let values) = object {
                    guard !sawContent else { throw .misplacedDefaults(line: line) }
                    sawContent = true
                    defaults = values
                    continue
                }
                sawContent = true
                guard case .row(let fields) = object else { continue }
                return makeRow(fields, line: line)
            case .csv:
                var partial = CSVRecord.Partial()
                var current = bytes
                while try !CSVRecord.add(current, to: &partial, line: lines.lineNumber) {
                    guard let more = try lines.next() else {
                        throw .malformedCSV(line: line, column: 1, reason: "a quoted field is never closed")
                    }
                    current = more
                }
                if partial.fields == [""] { continue }
                guard let header else {
                    try checkHeader(partial.fields, line: line)
                    self.header = partial.fields
                    continue
                }
                guard partial.fields.count == header.count else {
                    throw .wrongFieldCount(line: line, expected: header.count, found: partial.fields.count)
                }
                var fields: [String: ManifestValue] = [:]
                for (key, value) in zip(header, partial.fields) where !value.isEmpty { fields[key] = .text(value) }
                return makeRow(fields, line: line)
            }
        }
    }

    private func makeRow(_ fields: [String: ManifestValue], line: Int) -> ManifestRow {
        defer { nextIndex += 1 }
        return ManifestRow(line: line, index: nextIndex, fields: defaults.merging(fields) { _, own in own })
    }

    private func checkHeader(_ names: [String], line: Int) throws(ManifestError) {
        if let empty = names.firstIndex(where: \.isEmpty) {
            throw .badHeader(line: line, reason: "has no name in column \(empty + 1)")
        }
        var seen: Set<String> = []
        for name in names where !seen.insert(name).inserted {
            throw .badHeader(line: line, reason: "names '\(name)' twice")
        }
    }

    private enum LineObject {
        case defaults([String: ManifestValue])
        case row([String: ManifestValue])
    }

    private static func jsonObject(_ bytes: [UInt8], line: Int) throws(ManifestError) -> LineObject {
        let decoded: [String: JSONValue]
        do {
            decoded = try JSONDecoder().decode([String: JSONValue].self, from: Data(bytes))
        } catch let error as DecodingError {
            if case .typeMismatch = error { throw .notAnObject(line: line) }
            throw malformed(error, bytes: bytes, line: line)
        } catch {
            throw .malformedJSON(line: line, column: nil, reason: "\(error)")
        }
        if decoded.count == 1, case .object(let values)? = decoded["defaults"] {
            return .defaults(try fields(values, line: line))
        }
        return .row(try fields(decoded, line: line))
    }

    private static func fields(_ object: [String: JSONValue], line: Int) throws(ManifestError) -> [String:
        ManifestValue]
    {
        var fields: [String: ManifestValue] = [:]
        for (key, value) in object {
            switch value {
            case .text(let text): fields[key] = .text(text)
            case .flag(let flag): fields[key] = .flag(flag)
            case .null: continue
            case .list(let items):
                var words: [String] = []
                for item in items {
                    guard case .text(let text) = item else {
                        throw .badValue(line: line, key: key, reason: "is a list of something other than values")
                    }
                    words.append(text)
                }
                fields[key] = .list(words)
            case .object:
                throw .badValue(line: line, key: key, reason: "is an object; give a value, true/false or a list")
            }
        }
        return fields
    }

    /// Where and why the line is not JSON: the decoder does not say, the syntax reader
    /// does (it counts bytes from 0, a column from 1).
    private static func malformed(_ error: DecodingError, bytes: [UInt8], line: Int) -> ManifestError {
        do {
            _ = try Escaping.JSONValue.parse(bytes)
        } catch {
            return .malformedJSON(line: line, column: error.offset.map { $0 + 1 }, reason: error.reason)
        }
        return .malformedJSON(line: line, column: nil, reason: "not valid JSON")
    }
}

/// A JSON value as a row may hold it.
private enum JSONValue: Decodable {
    case text(String)
    case flag(Bool)
    case null
    case list([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .flag(flag)
        } else if let whole = try? container.decode(Int.self) {
            self = .text(String(whole))
        } else if let number = try? container.decode(Double.self) {
            self = .text("\(number)")
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else if let list = try? container.decode([JSONValue].self) {
            self = .list(list)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}
