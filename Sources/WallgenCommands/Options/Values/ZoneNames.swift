import Almanac
import FoundationEssentials

/// Reads the time zones people type: the system tz database's names in any case,
/// offsets, `UTC`, `local`.
enum ZoneNames {
    static func zone(named text: String, flag: String, database: ZoneDatabase = .system()) throws(CommandFailure)
        -> Zone
    {
        let lowered = text.lowercased()
        if lowered == "local" { return database.localZone() }
        if ["utc", "gmt", "z"].contains(lowered) { return .utc }
        if let offset = offsetSeconds(lowered) { return .fixed(name: offsetName(offset), secondsEast: offset) }
        do {
            return try database.zone(matching: text)
        } catch .unknown, .invalidName {
            let names = database.names()
            let hint =
                names.isEmpty
                ? " (there is no tz database in \(database.folder): install tzdata)"
                : WallgenCommands.closest(to: text, in: names).map { " (did you mean '\($0)'?)" } ?? ""
            throw CommandFailure(
                "\(flag) must be an IANA time zone such as Asia/Taipei or Europe/Paris, an offset such as +08:00 or UTC+8, or local; got '\(text)'\(hint)"
            )
        } catch {
            throw CommandFailure("\(flag) \(text): \(error)")
        }
    }

    /// `+08:00`, `+0800`, `+8`, `utc+8`, `gmt-05:30`: seconds east of UTC, up to 14 hours.
    static func offsetSeconds(_ lowered: String) -> Int? {
        var body = Substring(lowered)
        for prefix in ["utc", "gmt"] where body.hasPrefix(prefix) { body = body.dropFirst(prefix.count) }
        guard let sign = body.first, sign == "+" || sign == "-" else { return nil }
        body = body.dropFirst()
        let digits = body.replacing(":", with: "")
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let hours: Int
        let minutes: Int
        if body.contains(":") {
            let parts = body.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[1].count == 2, let h = Int(parts[0]), let m = Int(parts[1]) else {
                return nil
            }
            (hours, minutes) = (h, m)
        } else if digits.count <= 2 {
            (hours, minutes) = (Int(digits)!, 0)
        } else {
            (hours, minutes) = (Int(digits.dropLast(2))!, Int(digits.suffix(2))!)
        }
        guard hours <= 14, minutes < 60 else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// `UTC+08:00`.
    static func offsetName(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let hours = abs(seconds) / 3600
        let minutes = abs(seconds) % 3600 / 60
        return "UTC\(sign)\(hours < 10 ? "0" : "")\(hours):\(minutes < 10 ? "0" : "")\(minutes)"
    }
}
