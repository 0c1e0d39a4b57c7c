import Almanac
import FoundationEssentials
import Glibc

/// Which frame of a dynamic wallpaper is in effect at an instant at a place, the way macOS
/// reads Apple's metadata: each frame given by the Sun's altitude and azimuth starts, on
/// the place's day, at the moment the Sun stands nearest that position; a frame given by
/// a time of day (`h24`) starts then; the frame in effect is the one started last (before
/// the day's first start, the day's last frame, still showing from the evening before).
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
            // The Sun every ten minutes of the day; then each frame's nearest sample,
            // narrowed by golden-section search to a second.
            let step = 600.0
            let samples = stride(from: 0, to: length, by: step).map { offset in
                let instant = midnight.addingTimeInterval(offset)
                return (instant, Sky.sun(at: instant, from: place))
            }
            starts = timing.solar.map { frame in
                func distance(_ sun: SkyDirection) -> Double {
                    angle(from: (frame.altitude, frame.azimuth), to: (sun.trueAltitude, sun.azimuth))
                }
                var best = (instant: midnight, distance: Double.infinity)
                for (instant, sun) in samples where distance(sun) < best.distance { best = (instant, distance(sun)) }
                var (low, high) = (best.instant.addingTimeInterval(-step), best.instant.addingTimeInterval(step))
                let ratio = (5.0.squareRoot() - 1) / 2
                while high.timeIntervalSince(low) > 1 {
                    let span = high.timeIntervalSince(low)
                    let (a, b) = (high.addingTimeInterval(-span * ratio), low.addingTimeInterval(span * ratio))
                    if distance(Sky.sun(at: a, from: place)) < distance(Sky.sun(at: b, from: place)) {
                        high = b
                    } else {
                        low = a
                    }
                }
                let found = SunFrame.midway(low, high)
                let clamped = min(max(found, midnight), next.addingTimeInterval(-1))
                return Start(
                    index: frame.index, instant: clamped,
                    miss: min(best.distance, distance(Sky.sun(at: found, from: place))))
            }
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

    /// The angle between two directions on the sky (altitude, azimuth), degrees.
    static func angle(from a: (Double, Double), to b: (Double, Double)) -> Double {
        let radians = Double.pi / 180
        let (a1, z1, a2, z2) = (a.0 * radians, a.1 * radians, b.0 * radians, b.1 * radians)
        let cosine = sin(a1) * sin(a2) + cos(a1) * cos(a2) * cos(z1 - z2)
        return acos(min(1, max(-1, cosine))) / radians
    }
}
