import FoundationEssentials
import Platform

/// Finds a place from what a person types: coordinates, a tz zone, or the city a zone
/// is named after, located by the tz database's own tables (`zone1970.tab`, then
/// `zone.tab` for the zones it merged away, such as Antarctica/McMurdo). Offline: the
/// tables come with the system's tz data.
public struct PlaceFinder: Sendable {
    public let database: ZoneDatabase

    public init(database: ZoneDatabase = .system()) {
        self.database = database
    }

    /// A place from `25.03,121.56`, `Asia/Taipei`, `taipei` or `New York`.
    public func place(_ text: String) throws(PlaceError) -> Place {
        let trimmed = text.trimmingWhitespace()
        if let coordinates = Self.coordinates(trimmed) {
            guard (-90...90).contains(coordinates.latitude), (-180...180).contains(coordinates.longitude) else {
                throw .outOfRange(text)
            }
            return Place(latitude: coordinates.latitude, longitude: coordinates.longitude)
        }
        let wanted = Self.folded(trimmed)
        let entries = tableEntries()
        if let entry = entries.first(where: { Self.folded($0.zone) == wanted }) {
            return Place(latitude: entry.latitude, longitude: entry.longitude, name: entry.zone, zoneName: entry.zone)
        }
        if let entry = entries.first(where: { Self.folded(Self.city(of: $0.zone)) == wanted }) {
            return Place(
                latitude: entry.latitude, longitude: entry.longitude, name: Self.city(of: entry.zone),
                zoneName: entry.zone)
        }
        throw .unknown(text)
    }

    /// The place the tables give a zone, named by its city; nil for a zone of no place.
    public func place(ofZone name: String) -> Place? {
        guard let entry = tableEntries().first(where: { $0.zone == name }) else { return nil }
        return Place(
            latitude: entry.latitude, longitude: entry.longitude, name: Self.city(of: entry.zone), zoneName: entry.zone)
    }

    /// "New York" from "America/New_York"; "Buenos Aires" from "America/Argentina/Buenos_Aires".
    public static func city(of zone: String) -> String {
        String(zone.split(separator: "/").last ?? Substring(zone)).replacing("_", with: " ")
    }

    /// Lower case, without accents, spaces as underscores: `são paulo` matches `Sao_Paulo`.
    static func folded(_ text: String) -> String {
        LookupFolding.fold(text).replacing(" ", with: "_")
    }

    /// Two decimal numbers separated by a comma (spaces allowed after it): latitude, longitude.
    static func coordinates(_ text: String) -> (latitude: Double, longitude: Double)? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        func number(_ part: Substring) -> Double? {
            let trimmed = String(part).trimmingWhitespace()
            guard !trimmed.isEmpty, trimmed.allSatisfy({ "0123456789.+-".contains($0) }),
                let value = Double(trimmed), value.isFinite
            else { return nil }
            return value
        }
        guard let latitude = number(parts[0]), let longitude = number(parts[1]) else { return nil }
        return (latitude, longitude)
    }

    struct TableEntry: Equatable {
        let zone: String
        let latitude: Double
        let longitude: Double
    }

    /// The rows of zone1970.tab, then those of zone.tab for zones it does not list.
    func tableEntries() -> [TableEntry] {
        var entries: [TableEntry] = []
        var seen: Set<String> = []
        for table in ["zone1970.tab", "zone.tab"] {
            guard let text = try? String(contentsOfFile: database.folder + "/" + table, encoding: .utf8) else {
                continue
            }
            for entry in Self.entries(in: text) where seen.insert(entry.zone).inserted {
                entries.append(entry)
            }
        }
        return entries
    }

    /// The tables' rows: country codes, coordinates, zone, comment, by tabs; `#` starts
    /// a comment line.
    static func entries(in table: String) -> [TableEntry] {
        table.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3, let (latitude, longitude) = isoCoordinates(fields[1]) else { return nil }
            return TableEntry(zone: String(fields[2]), latitude: latitude, longitude: longitude)
        }
    }

    /// ISO 6709 as the tables write it: ±DDMM±DDDMM or ±DDMMSS±DDDMMSS.
    static func isoCoordinates(_ text: Substring) -> (Double, Double)? {
        guard let split = text.dropFirst().firstIndex(where: { $0 == "+" || $0 == "-" }) else { return nil }
        func angle(_ part: Substring, degreeDigits: Int) -> Double? {
            guard let sign = part.first, sign == "+" || sign == "-" else { return nil }
            let digits = Array(part.dropFirst())
            guard digits.count == degreeDigits + 2 || digits.count == degreeDigits + 4,
                digits.allSatisfy(\.isASCIIDigit)
            else { return nil }
            func value(_ range: Range<Int>) -> Double { Double(String(digits[range]))! }
            var result = value(0..<degreeDigits) + value(degreeDigits..<(degreeDigits + 2)) / 60
            if digits.count == degreeDigits + 4 { result += value((degreeDigits + 2)..<(degreeDigits + 4)) / 3600 }
            return sign == "-" ? -result : result
        }
        guard let latitude = angle(text[..<split], degreeDigits: 2),
            let longitude = angle(text[split...], degreeDigits: 3)
        else { return nil }
        return (latitude, longitude)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
