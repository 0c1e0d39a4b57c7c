import Platform

/// A place on the Earth, whose sky wallgen computes: at sea level, in decimal degrees.
public struct Place: Sendable, Hashable, CustomStringConvertible {
    /// Degrees north of the equator (south negative), -90 to 90.
    public let latitude: Double
    /// Degrees east of Greenwich (west negative), -180 to 180.
    public let longitude: Double
    /// What the place was called when it was found: a city ("Taipei") or a zone
    /// ("Asia/Taipei"); empty for coordinates given as numbers.
    public let name: String
    /// The tz zone the place keeps, when it was found by one; coordinates name none.
    public let zoneName: String?

    public init(latitude: Double, longitude: Double, name: String = "", zoneName: String? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.name = name
        self.zoneName = zoneName
    }

    /// "25.05° N, 121.50° E".
    public var coordinates: String {
        func angle(_ value: Double, _ positive: String, _ negative: String) -> String {
            PrintfNumber.format("%.2f", abs(value)) + "° " + (value < 0 ? negative : positive)
        }
        return angle(latitude, "N", "S") + ", " + angle(longitude, "E", "W")
    }

    /// "Taipei (25.05° N, 121.50° E)", or the coordinates alone.
    public var description: String { name.isEmpty ? coordinates : "\(name) (\(coordinates))" }
}

/// Why a place could not be found.
public enum PlaceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Text that is neither coordinates, a zone nor a city the zone tables list.
    case unknown(String)
    /// Coordinates outside the Earth's.
    case outOfRange(String)
    /// A zone the tables give no place for (UTC, a fixed offset, a POSIX rule).
    case zoneWithoutPlace(String)

    /// The forms a place may take, for messages.
    public static let forms =
        "LAT,LON in decimal degrees (north and east positive: 25.03,121.56), a time zone (Asia/Taipei) or its city (Taipei)"

    public var description: String {
        switch self {
        case .unknown(let text):
            "'\(text)' is not a place wallgen knows; give \(Self.forms)"
        case .outOfRange(let text):
            "'\(text)' is not on the Earth: latitude goes from -90 to 90 and longitude from -180 to 180"
        case .zoneWithoutPlace(let zone):
            "the time zone \(zone) has no place in the tz database's tables; give \(Self.forms)"
        }
    }
}
