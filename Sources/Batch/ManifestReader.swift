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
    /// The CSV's separator, found from its header line.
    private var separator: UInt8?
    private var nextIndex = 0
    private var sawContent = false

    /// Reads `source` from its start, in `format`, else the source's own.
    public init(source: ManifestSource, format: Format? = nil) throws(ManifestError) {
        descriptor = try source.openAfresh()
        lines = LineReader(descriptor: descriptor)
        self.format = format ?? source.format
    }

    /// Opens `path` (a regular file, or a stream copied first: see `ManifestSource`).
    public convenience init(path: String, format: Format? = nil) throws(ManifestError) {
        try self.init(source: try ManifestSource(opening: path), format: format)
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
                if separator == nil {
                    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                    separator = CSVRecord.separator(ofHeader: bytes)
                }
                var partial = CSVRecord.Partial()
                var current = bytes
                while try !CSVRecord.add(current, to: &partial, line: lines.lineNumber, separator: separator!) {
                    guard let more = try lines.next() else {
                        throw .malformedCSV(line: line, column: 1, reason: "a quoted field is never closed")
                    }
                    current = more
                }
                // A blank line, or a row of empty cells (a spreadsheet writes `,,` for each
                // row below the data it has seen used), is no row.
                if partial.fields.allSatisfy(\.isEmpty) { continue }
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

    /// The line read strictly (`JSONValue.parse(strict:)`): a key given twice, bytes that
    /// are not UTF-8 or a lone surrogate is refused with its own reason and column, never
    /// taken for "not an object"; a number is taken as its text, exactly as written.
    private static func jsonObject(_ bytes: [UInt8], line: Int) throws(ManifestError) -> LineObject {
        let decoded: [String: JSONValue]
        do {
            guard case .object(let members) = try JSONValue.parse(bytes, strict: true) else {
                throw ManifestError.notAnObject(line: line)
            }
            decoded = members
        } catch let error as JSONSyntaxError {
            throw .malformedJSON(line: line, column: error.offset.map { $0 + 1 }, reason: error.reason)
        } catch {
            throw .notAnObject(line: line)
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
            case .string(let text): fields[key] = .text(text)
            case .number(let number): fields[key] = .text(number.text)
            case .bool(let flag): fields[key] = .flag(flag)
            case .null: continue
            case .array(let items):
                var words: [String] = []
                for item in items {
                    switch item {
                    case .string(let text): words.append(text)
                    case .number(let number): words.append(number.text)
                    default:
                        throw .badValue(line: line, key: key, reason: "is a list of something other than values")
                    }
                }
                fields[key] = .list(words)
            case .object:
                throw .badValue(line: line, key: key, reason: "is an object; give a value, true/false or a list")
            }
        }
        return fields
    }
}
