import FoundationEssentials

/// When, on one day in a zone, the Sun's centre crosses the altitudes that name the
/// day's light: dawn's three twilights, sunrise, sunset and dusk's three.
public struct SunEvents: Sendable, Hashable {
    public enum Kind: String, CaseIterable, Sendable {
        case astronomicalDawn = "astronomical_dawn"
        case nauticalDawn = "nautical_dawn"
        case civilDawn = "civil_dawn"
        case sunrise
        case sunset
        case civilDusk = "civil_dusk"
        case nauticalDusk = "nautical_dusk"
        case astronomicalDusk = "astronomical_dusk"

        /// The true altitude of the Sun's centre at the event, in degrees: at sunrise and
        /// sunset its upper limb (16' above the centre) is on the horizon, raised 34' by
        /// refraction; the twilights begin and end 6°, 12° and 18° down.
        public var altitude: Double {
            switch self {
            case .sunrise, .sunset: -0.833
            case .civilDawn, .civilDusk: -6
            case .nauticalDawn, .nauticalDusk: -12
            case .astronomicalDawn, .astronomicalDusk: -18
            }
        }

        /// Whether the Sun is rising through `altitude`.
        public var isRising: Bool {
            switch self {
            case .astronomicalDawn, .nauticalDawn, .civilDawn, .sunrise: true
            default: false
            }
        }

        /// "civil dawn", for people.
        public var words: String { rawValue.replacing("_", with: " ") }
    }

    public let day: CivilDate
    public let zone: Zone
    /// Each event that happens on the day: the first crossing of its altitude in its
    /// direction between the day's start and the next day's. An event the Sun does not
    /// make that day (summer nights near the poles, polar day and night) is absent.
    public let times: [Kind: Date]
    /// The Sun's highest and lowest true altitude that day, as sampled: whether a missing
    /// event is a Sun that stays above its altitude or one that stays below.
    public let highestAltitude: Double
    public let lowestAltitude: Double

    public subscript(kind: Kind) -> Date? { times[kind] }

    /// Why an event is absent, for people: "the Sun stays above -0.833°"; nil when it
    /// happens, or when the Sun crosses its altitude only the other way that day.
    public func absence(of kind: Kind) -> String? {
        guard times[kind] == nil else { return nil }
        let altitude = kind.altitude == -0.833 ? "-0.833°" : "\(Int(kind.altitude))°"
        if lowestAltitude > kind.altitude { return "the Sun stays above \(altitude) all day" }
        if highestAltitude < kind.altitude { return "the Sun stays below \(altitude) all day" }
        return nil
    }

    /// The Sun's altitude is sampled this often through the day, then each crossing found
    /// between two samples is narrowed by bisection.
    static let sampleSeconds = 600.0
    /// Bisection stops when the crossing is known to this many seconds.
    static let precisionSeconds = 0.1

    public static func on(_ day: CivilDate, in zone: Zone, at place: Place) -> SunEvents {
        let start = day.start(in: zone)
        let next = CivilDate.on(start.addingTimeInterval(30 * 3600), in: zone).start(in: zone)
        let length = next.timeIntervalSince(start)
        let count = Int((length / sampleSeconds).rounded(.up))
        let instants = (0...count).map { start.addingTimeInterval(min(Double($0) * sampleSeconds, length)) }
        let altitudes = instants.map { Sky.sun(at: $0, from: place).trueAltitude }
        var times: [Kind: Date] = [:]
        for kind in Kind.allCases {
            let target = kind.altitude
            for index in 0..<count {
                let (before, after) = (altitudes[index] - target, altitudes[index + 1] - target)
                let crosses = kind.isRising ? (before < 0 && after >= 0) : (before >= 0 && after < 0)
                guard crosses else { continue }
                let found = crossing(of: target, between: instants[index], and: instants[index + 1], place: place)
                if found < next { times[kind] = found }
                break
            }
        }
        return SunEvents(
            day: day, zone: zone, times: times, highestAltitude: altitudes.max()!, lowestAltitude: altitudes.min()!)
    }

    /// The instant between two whose altitudes lie either side of `target` at which the
    /// Sun's true altitude is `target`.
    static func crossing(of target: Double, between early: Date, and late: Date, place: Place) -> Date {
        var (low, high) = (early, late)
        let lowSign = Sky.sun(at: low, from: place).trueAltitude < target
        while high.timeIntervalSince(low) > precisionSeconds {
            let middle = low.addingTimeInterval(high.timeIntervalSince(low) / 2)
            if (Sky.sun(at: middle, from: place).trueAltitude < target) == lowSign {
                low = middle
            } else {
                high = middle
            }
        }
        return low.addingTimeInterval(high.timeIntervalSince(low) / 2)
    }
}
