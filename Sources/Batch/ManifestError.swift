/// What is wrong with a manifest, naming the line (1-based, as an editor counts them)
/// and, where known, the column.
public enum ManifestError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(String)
    case lineTooLong(line: Int, limit: Int)
    case malformedJSON(line: Int, column: Int?, reason: String)
    case notAnObject(line: Int)
    case malformedCSV(line: Int, column: Int, reason: String)
    case wrongFieldCount(line: Int, expected: Int, found: Int)
    case badHeader(line: Int, reason: String)
    case badValue(line: Int, key: String, reason: String)
    case misplacedDefaults(line: Int)
    case empty

    public var description: String {
        switch self {
        case .unreadable(let reason): "cannot read it: \(reason)"
        case .lineTooLong(let line, let limit): "row \(line): longer than \(limit) bytes"
        case .malformedJSON(let line, let column?, let reason): "row \(line), column \(column): \(reason)"
        case .malformedJSON(let line, nil, let reason): "row \(line): \(reason)"
        case .notAnObject(let line): "row \(line): not a JSON object ({\"command\": …})"
        case .malformedCSV(let line, let column, let reason): "row \(line), column \(column): \(reason)"
        case .wrongFieldCount(let line, let expected, let found):
            "row \(line): \(found) fields where the header has \(expected)"
        case .badHeader(let line, let reason): "row \(line): the header \(reason)"
        case .badValue(let line, let key, let reason): "row \(line): '\(key)' \(reason)"
        case .misplacedDefaults(let line):
            "row \(line): {\"defaults\": …} may only be the first row"
        case .empty: "it has no rows"
        }
    }

    /// The line the problem is on, if it is on one.
    public var line: Int? {
        switch self {
        case .lineTooLong(let line, _), .malformedJSON(let line, _, _), .notAnObject(let line),
            .malformedCSV(let line, _, _), .wrongFieldCount(let line, _, _), .badHeader(let line, _),
            .badValue(let line, _, _), .misplacedDefaults(let line):
            line
        case .unreadable, .empty: nil
        }
    }
}
