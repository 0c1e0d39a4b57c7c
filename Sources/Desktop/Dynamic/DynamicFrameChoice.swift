import Almanac
import FoundationEssentials
import Glibc

/// Which frame of a dynamic wallpaper is in effect at an instant at a place. A frame given
/// by the Sun's altitude and azimuth starts, on the place's day, when the Sun comes back
/// to that altitude on the same side of the sky: rising for a frame east of the meridian,
/// setting for one west of it, so a dawn frame starts at that day's dawn in any season. A
/// frame near the meridian (within an hour of noon or midnight by its hour angle) starts
/// at that hour angle from the day's own noon or midnight, and so does one whose altitude
/// the Sun does not reach that day (polar day or night, another latitude's frame). A
/// frame given by a time of day (`h24`) starts then. The frame in effect is the one
/// started last (before the day's first start, the day's last frame, still showing from
/// the evening before).
public enum DynamicFrameChoice {
    /// One frame's start on a day.
    public struct Start: Sendable, Equatable {
        public let index: Int
        public let instant: Date
        /// How far, in degrees on the sky, the Sun comes to the frame's position that day:
        /// 0 for a frame given by its time; more than a degree when the Sun never reaches
        /// it there (polar day or night, or a frame made for another latitude).
        public let miss: Double
    }

    /// Each frame's start on `day` at `place`, in order of time.
    public static func starts(
        _ timing: AppleDynamicDesktop.Timing, day: CivilDate, zone: Zone, place: Place
    ) -> [Start] {
        let midnight = day.start(in: zone)
        let next = CivilDate.on(midnight.addingTimeInterval(30 * 3600), in: zone).start(in: zone)
        let length = next.timeIntervalSince(midnight)
        var starts: [Start]
        if !timing.solar.isEmpty {
            // The day's noon once: every frame is placed from it.
            let noon = SunFrame.highest(between: midnight, and: next, place: place)
            starts = timing.solar.map { solarStart($0, noon: noon, midnight: midnight, next: next, place: place) }
        } else {
            starts = timing.times.map {
                Start(index: $0.index, instant: midnight.addingTimeInterval($0.fraction * length), miss: 0)
            }
        }
        return starts.sorted { ($0.instant, $0.index) < ($1.instant, $1.index) }
    }

    /// The frame in effect at `instant` at `place`; nil when the metadata times no frame
    /// (only `apr`: the light frame by day, the dark by night, is then the caller's).
    public static func inEffect(
        _ timing: AppleDynamicDesktop.Timing, at instant: Date, zone: Zone, place: Place
    ) -> Start? {
        if timing.solar.isEmpty, timing.times.isEmpty {
            let day = Sky.sun(at: instant, from: place).trueAltitude >= DynamicFrame.darkBelow
            guard let index = day ? timing.light ?? timing.dark : timing.dark ?? timing.light else { return nil }
            return Start(index: index, instant: instant, miss: 0)
        }
        let starts = starts(timing, day: CivilDate.on(instant, in: zone), zone: zone, place: place)
        return starts.last { $0.instant <= instant } ?? starts.last
    }

    /// When `frame` starts on the day from `midnight` to `next` whose Sun is highest at
    /// `noon` (see the type's comment).
    static func solarStart(_ frame: DynamicFrame, noon: Date, midnight: Date, next: Date, place: Place) -> Start {
        func altitude(_ instant: Date) -> Double { Sky.sun(at: instant, from: place).trueAltitude }
        let hour = hourAngle(altitude: frame.altitude, azimuth: frame.azimuth, latitude: place.latitude)
        // Seconds of time per degree of hour angle.
        let secondsPerDegree = 240.0
        func byHourAngle(miss: Double) -> Start {
            var instant = noon.addingTimeInterval(hour * secondsPerDegree)
            if instant < midnight { instant = instant.addingTimeInterval(86_400) }
            if instant >= next { instant = instant.addingTimeInterval(-86_400) }
            return Start(index: frame.index, instant: instant, miss: miss)
        }
        if abs(hour) <= 15 || abs(hour) >= 165 { return byHourAngle(miss: 0) }
        // The half day on the frame's side of noon, over which the Sun rises (or sets).
        let morning = hour < 0
        let (from, to) = morning ? (noon.addingTimeInterval(-43_200), noon) : (noon, noon.addingTimeInterval(43_200))
        let (low, high) = (altitude(morning ? from : to), altitude(noon))
        guard frame.altitude > low, frame.altitude < high else {
            let shortfall = frame.altitude >= high ? frame.altitude - high : low - frame.altitude
            return byHourAngle(miss: shortfall)
        }
        // Bisection to a second: the altitude rises through the morning, falls through the afternoon.
        var (early, late) = (from, to)
        while late.timeIntervalSince(early) > 1 {
            let middle = SunFrame.midway(early, late)
            let above = altitude(middle) > frame.altitude
            if above == morning { late = middle } else { early = middle }
        }
        var instant = SunFrame.midway(early, late)
        if instant < midnight { instant = instant.addingTimeInterval(86_400) }
        if instant >= next { instant = instant.addingTimeInterval(-86_400) }
        return Start(index: frame.index, instant: instant, miss: 0)
    }

    /// The hour angle, in degrees (negative east of the meridian, before noon), of the
    /// direction at `altitude` and `azimuth` (from north through east) seen from
    /// `latitude`: how far from the meridian the Sun stands there, whatever its season.
    static func hourAngle(altitude: Double, azimuth: Double, latitude: Double) -> Double {
        let radians = Double.pi / 180
        let (a, z, phi) = (altitude * radians, azimuth * radians, latitude * radians)
        return atan2(-sin(z) * cos(a), cos(phi) * sin(a) - sin(phi) * cos(a) * cos(z)) / radians
    }

    /// The angle between two directions on the sky (altitude, azimuth), degrees.
    static func angle(from a: (Double, Double), to b: (Double, Double)) -> Double {
        let radians = Double.pi / 180
        let (a1, z1, a2, z2) = (a.0 * radians, a.1 * radians, b.0 * radians, b.1 * radians)
        let cosine = sin(a1) * sin(a2) + cos(a1) * cos(a2) * cos(z1 - z2)
        return acos(min(1, max(-1, cosine))) / radians
    }
}
