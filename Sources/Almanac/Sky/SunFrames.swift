import FoundationEssentials

/// The moments of one day at a place that a day of pictures follows: midnight, the
/// dawns, sunrise, morning, the Sun's highest, afternoon, golden hour, sunset and the
/// dusks. A moment the Sun does not make that day (the summer nights near the poles,
/// polar day and night) is left out, and the frames around it cover its time.
public struct SunFrame: Sendable, Hashable {
    public enum Moment: String, CaseIterable, Sendable {
        case midnight
        case astronomicalDawn = "astronomical-dawn"
        case nauticalDawn = "nautical-dawn"
        case civilDawn = "civil-dawn"
        case sunrise
        case morning
        case noon
        case afternoon
        case goldenHour = "golden-hour"
        case sunset
        case civilDusk = "civil-dusk"
        case nauticalDusk = "nautical-dusk"
        case astronomicalDusk = "astronomical-dusk"
    }

    public let moment: Moment
    public let instant: Date

    /// The altitude golden hour begins at as the Sun goes down, degrees.
    public static let goldenAltitude = 6.0

    /// The day's moments in order of time, each at its instant.
    public static func day(_ day: CivilDate, in zone: Zone, at place: Place) -> [SunFrame] {
        let events = SunEvents.on(day, in: zone, at: place)
        let start = day.start(in: zone)
        let next = CivilDate.on(start.addingTimeInterval(30 * 3600), in: zone).start(in: zone)
        var frames = [SunFrame(moment: .midnight, instant: start)]
        let fromEvents: [(Moment, SunEvents.Kind)] = [
            (.astronomicalDawn, .astronomicalDawn), (.nauticalDawn, .nauticalDawn), (.civilDawn, .civilDawn),
            (.sunrise, .sunrise), (.sunset, .sunset), (.civilDusk, .civilDusk), (.nauticalDusk, .nauticalDusk),
            (.astronomicalDusk, .astronomicalDusk),
        ]
        for (moment, kind) in fromEvents {
            if let instant = events[kind] { frames.append(SunFrame(moment: moment, instant: instant)) }
        }
        let noon = highest(between: start, and: next, place: place)
        frames.append(SunFrame(moment: .noon, instant: noon))
        if let sunrise = events[.sunrise], sunrise < noon {
            frames.append(SunFrame(moment: .morning, instant: midway(sunrise, noon)))
        }
        let golden = goldenHour(after: noon, before: next, place: place)
        if let golden {
            frames.append(SunFrame(moment: .goldenHour, instant: golden))
            frames.append(SunFrame(moment: .afternoon, instant: midway(noon, golden)))
        }
        return frames.sorted { $0.instant < $1.instant }
    }

    /// The instant halfway between two others.
    public static func midway(_ a: Date, _ b: Date) -> Date { a.addingTimeInterval(b.timeIntervalSince(a) / 2) }

    /// When the Sun stands highest between two instants: the best of 10-minute samples,
    /// narrowed by golden-section search to a second.
    public static func highest(between start: Date, and end: Date, place: Place) -> Date {
        func altitude(_ instant: Date) -> Double { Sky.sun(at: instant, from: place).trueAltitude }
        let step = 600.0
        var best = start
        var instant = start
        while instant < end {
            if altitude(instant) > altitude(best) { best = instant }
            instant = instant.addingTimeInterval(step)
        }
        var (low, high) = (best.addingTimeInterval(-step), best.addingTimeInterval(step))
        let ratio = (5.0.squareRoot() - 1) / 2
        while high.timeIntervalSince(low) > 1 {
            let span = high.timeIntervalSince(low)
            let a = high.addingTimeInterval(-span * ratio)
            let b = low.addingTimeInterval(span * ratio)
            if altitude(a) < altitude(b) { low = a } else { high = b }
        }
        return midway(low, high)
    }

    /// The first instant after `noon` at which the Sun goes down through
    /// `goldenAltitude`, if it does before `end`.
    static func goldenHour(after noon: Date, before end: Date, place: Place) -> Date? {
        let step = 600.0
        var previous = noon
        var instant = noon.addingTimeInterval(step)
        while instant <= end {
            let (before, after) = (
                Sky.sun(at: previous, from: place).trueAltitude, Sky.sun(at: instant, from: place).trueAltitude
            )
            if before >= goldenAltitude, after < goldenAltitude {
                return SunEvents.crossing(of: goldenAltitude, between: previous, and: instant, place: place)
            }
            previous = instant
            instant = instant.addingTimeInterval(step)
        }
        return nil
    }
}
