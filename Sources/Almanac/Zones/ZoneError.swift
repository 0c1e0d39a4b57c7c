/// Why a zone could not be had.
public enum ZoneError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file of that name in the tz database.
    case unknown(name: String)
    /// A name that is no zone's: empty, absolute, or stepping out of the database's folder.
    case invalidName(String)
    case unreadable(name: String, reason: String)
    case malformed(name: String, reason: String)
    /// A `right/` zone, which counts leap seconds: wallgen's instants do not.
    case leapSeconds(name: String)

    public var description: String {
        switch self {
        case .unknown(let name): "no time zone '\(name)' in the system's tz database"
        case .invalidName(let name): "'\(name)' is not a time zone name"
        case .unreadable(let name, let reason): "the time zone '\(name)' cannot be read: \(reason)"
        case .malformed(let name, let reason): "the time zone file for '\(name)' is damaged: \(reason)"
        case .leapSeconds(let name): "the time zone '\(name)' counts leap seconds, which wallgen's times do not"
        }
    }
}
