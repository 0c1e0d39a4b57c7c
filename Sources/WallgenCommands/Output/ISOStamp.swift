import Almanac
import FoundationEssentials

/// Instants written as ISO 8601, to the second, as the almanac prints them.
enum ISOStamp {
    /// ISO 8601 with the zone's offset at that instant, to the second: 2026-12-22T04:50:13+08:00.
    /// An offset of whole minutes is written ±hh:mm; one with seconds (the local mean time
    /// zones kept before standard time: Ushuaia's -04:16:48 until 1920) ±hh:mm:ss, so that
    /// the stamp still names its instant.
    static func localStamp(_ instant: Date, in zone: Zone) -> String {
        stamp(instant, in: zone, utcDesignator: false)
    }

    /// ISO 8601 in UTC, to the second, ending in Z: 2026-12-21T20:50:13Z.
    static func utcStamp(_ instant: Date) -> String {
        stamp(instant, in: .utc, utcDesignator: true)
    }

    private static func stamp(_ instant: Date, in zone: Zone, utcDesignator: Bool) -> String {
        let rounded = Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded())
        let p = zone.wallClock(at: rounded)
        let offset = zone.offset(at: rounded).secondsEast
        let sign = offset < 0 ? "-" : "+"
        let seconds = abs(offset) % 60 == 0 ? "" : ":\(pad(abs(offset) % 60))"
        let zoneText =
            utcDesignator ? "Z" : "\(sign)\(pad(abs(offset) / 3600)):\(pad(abs(offset) % 3600 / 60))\(seconds)"
        return "\(p.year)-\(pad(p.month))-\(pad(p.day))T\(pad(p.hour)):\(pad(p.minute)):\(pad(p.second))" + zoneText
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
