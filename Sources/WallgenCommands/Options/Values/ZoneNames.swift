import Foundation

/// Reads the time zones people type: IANA names in any case, offsets, `local`.
enum ZoneNames {
    static func zone(named text: String) -> NamedZone? {
        let lowered = text.lowercased()
        if lowered == "local" { return NamedZone(zone: .current, name: TimeZone.current.identifier) }
        if ["utc", "gmt", "z"].contains(lowered) {
            return NamedZone(zone: TimeZone(secondsFromGMT: 0)!, name: "UTC")
        }
        if let offset = offsetSeconds(lowered), let zone = TimeZone(secondsFromGMT: offset) {
            return NamedZone(zone: zone, name: offsetName(offset))
        }
        guard let identifier = TimeZone.knownTimeZoneIdentifiers.first(where: { $0.lowercased() == lowered }),
            let zone = TimeZone(identifier: identifier)
        else { return nil }
        return NamedZone(zone: zone, name: identifier)
    }

    /// The known zone name closest to a misspelt one (Asia/Tokio: Asia/Tokyo).
    static func closest(to text: String) -> String? {
        WallgenCommands.closest(to: text, in: TimeZone.knownTimeZoneIdentifiers)
    }

    /// `+08:00`, `+0800`, `+8`, `utc+8`, `gmt-05:30`: seconds east of UTC, up to 14 hours.
    static func offsetSeconds(_ lowered: String) -> Int? {
        var body = Substring(lowered)
        for prefix in ["utc", "gmt"] where body.hasPrefix(prefix) { body = body.dropFirst(prefix.count) }
        guard let sign = body.first, sign == "+" || sign == "-" else { return nil }
        body = body.dropFirst()
        let digits = body.replacingOccurrences(of: ":", with: "")
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
