import Almanac
import FoundationEssentials

/// The pictures of a span of years in the order they take over: one slide per solar term
/// or per season, each with its files.
///
/// The first slide is the one already in effect when the span begins (the previous
/// year's 冬至, or the season before the first boundary), so the schedule covers 1 January
/// of its first year. `end` is where the last slide stops: the first switch after the span.
public struct Schedule: Sendable, Hashable {
    public let slides: [Slide]
    public let end: Date
    /// The monitors the pictures were made for, one size each, when the schedule was made
    /// per monitor (`schedule --device here`): `apply --now` then sets each monitor its
    /// own. Empty for a schedule of sizes alone.
    public var monitors: [Monitor] = []

    /// A schedule from slides in any order; at least one, ending after the last starts.
    public init(slides: [Slide], end: Date) throws(DesktopError) {
        let sorted = slides.sorted { $0.start < $1.start }
        guard let last = sorted.last else { throw .emptySchedule }
        self.slides = sorted
        self.end = max(InstantText.rounded(end), last.start.addingTimeInterval(1))
    }

    /// The civil years (UTC) the schedule was made for: from its first switch's year to
    /// its last slide's.
    public var years: ClosedRange<Int> {
        let first = InstantText.fields(switches.first ?? slides[0].start, zone: InstantText.utc).year
        let last = InstantText.fields(slides[slides.count - 1].start, zone: InstantText.utc).year
        return first...max(first, last)
    }

    /// Whether the schedule says what is shown at `instant`: from its first slide's start
    /// (before 1 January of its first year) until its end.
    public func covers(_ instant: Date) -> Bool {
        instant >= slides[0].start && instant < end
    }

    /// The slide in effect at `instant`, refusing an instant the schedule does not cover
    /// (`path` names the schedule in the error).
    public func slide(at instant: Date, path: String) throws(DesktopError) -> Slide {
        guard covers(instant) else {
            throw .outsideSchedule(instant: InstantText.iso8601(instant), path: path, years: years)
        }
        return slide(at: instant)
    }

    /// The instants the picture changes inside the span: every slide's start but the
    /// first, which began before the span. What a timer waits for.
    public var switches: [Date] { slides.dropFirst().map(\.start) }

    /// The slide in effect at `instant`: the last one started at or before it; before the
    /// first, the first (it stands for everything before the span).
    public func slide(at instant: Date) -> Slide {
        var low = 0
        var high = slides.count - 1
        guard slides[0].start <= instant else { return slides[0] }
        while low < high {
            let middle = (low + high + 1) / 2
            if slides[middle].start <= instant { low = middle } else { high = middle - 1 }
        }
        return slides[low]
    }

    /// The picture in effect at `instant` for a size (see `Slide.picture(size:dark:)`).
    public func picture(at instant: Date, size: String? = nil, dark: Bool = false) -> String? {
        slide(at: instant).picture(size: size, dark: dark)
    }

    /// The same slides showing their dark pictures (the light ones where a slide has
    /// none): what GNOME's dark-style slideshow lists.
    public var darkStyle: Schedule {
        let slides = slides.map {
            Slide(
                start: $0.start, subject: $0.subject, pictures: $0.darkPictures.isEmpty ? $0.pictures : $0.darkPictures)
        }
        // The slides are those of a valid schedule: never empty.
        guard var dark = try? Schedule(slides: slides, end: end) else { return self }
        dark.monitors = monitors
        return dark
    }

    /// Checks a span `from...from+years-1` against the almanac's years.
    static func span(from: Int, years: Int) throws(DesktopError) -> ClosedRange<Int> {
        let supported = SolarTermCalendar.supportedYears
        guard years >= 1, supported.contains(from), from <= supported.upperBound - years + 1 else {
            throw .yearsOutOfRange(from: from, count: years, supported: supported)
        }
        return from...(from + years - 1)
    }

    /// One slide per solar term that begins in the years `from...from+years-1` (in `zone`,
    /// by default the calendar zone, UTC+8), plus the term in effect when they begin.
    public static func solarTerms(
        from: Int, years: Int, zone: Zone = SolarTermCalendar.calendarZone,
        darkPictures: ((SlideSubject) -> [String: String])? = nil, pictures: (SlideSubject) -> [String: String]
    ) throws(DesktopError) -> Schedule {
        let span = try span(from: from, years: years)
        do {
            var instants: [SolarTermInstant] = []
            for year in span { instants += try SolarTermCalendar.instants(inYear: year, zone: zone) }
            let first = CivilDate(year: from, month: 1, day: 1)!
            let before = try SolarTermCalendar.term(inEffectOn: first, zone: zone)
            if before.instant < instants[0].instant { instants.insert(before, at: 0) }
            let end: Date
            if SolarTermCalendar.supportedYears.contains(span.upperBound + 1) {
                end = try SolarTermCalendar.instants(inYear: span.upperBound + 1, zone: zone)[0].instant
            } else {
                end = CivilDate(year: span.upperBound, month: 12, day: 31)!.start(in: zone).addingTimeInterval(86_400)
            }
            let slides = instants.map {
                Slide(
                    start: $0.instant, subject: .term($0.term), pictures: pictures(.term($0.term)),
                    darkPictures: darkPictures?(.term($0.term)) ?? [:])
            }
            return try Schedule(slides: slides, end: end)
        } catch let error as DesktopError {
            throw error
        } catch {
            throw .yearsOutOfRange(from: from, count: years, supported: SolarTermCalendar.supportedYears)
        }
    }

    /// One slide per season that begins in the years `from...from+years-1` under `rule`,
    /// plus the season in effect when they begin.
    public static func seasons(
        from: Int, years: Int, rule: SeasonRule, hemisphere: Hemisphere = .north, zone: Zone,
        darkPictures: ((SlideSubject) -> [String: String])? = nil, pictures: (SlideSubject) -> [String: String]
    ) throws(DesktopError) -> Schedule {
        let span = try span(from: from, years: years)
        let supported = SolarTermCalendar.supportedYears
        do {
            var boundaries = try rule.boundaries(years: span, zone: zone, hemisphere: hemisphere)
            let spanStart = CivilDate(year: from, month: 1, day: 1)!.start(in: zone)
            if supported.contains(from - 1) {
                let previous = try rule.boundaries(years: (from - 1)...(from - 1), zone: zone, hemisphere: hemisphere)
                if let last = previous.last(where: { $0.start < boundaries[0].start }) {
                    boundaries.insert(last, at: 0)
                }
            } else {
                // The almanac has no year before 1900: the season in effect starts with the span.
                let season = try rule.season(at: spanStart, zone: zone, hemisphere: hemisphere)
                boundaries.insert(SeasonBoundary(start: spanStart, season: season), at: 0)
            }
            let end: Date
            if supported.contains(span.upperBound + 1) {
                let next = span.upperBound + 1
                end = try rule.boundaries(years: next...next, zone: zone, hemisphere: hemisphere)[0].start
            } else {
                end = CivilDate(year: span.upperBound, month: 12, day: 31)!.start(in: zone).addingTimeInterval(86_400)
            }
            let slides = boundaries.map {
                Slide(
                    start: $0.start, subject: .season($0.season), pictures: pictures(.season($0.season)),
                    darkPictures: darkPictures?(.season($0.season)) ?? [:])
            }
            return try Schedule(slides: slides, end: end)
        } catch let error as DesktopError {
            throw error
        } catch {
            throw .yearsOutOfRange(from: from, count: years, supported: supported)
        }
    }
}
