import Almanac
import FoundationEssentials

/// `schedule.json`: a schedule as `wallgen apply --now --schedule` reads it when the
/// timer fires.
///
/// The keys, all written in this order with sorted keys:
/// - `format`: always `"wallgen-schedule"`; `version`: `1`.
/// - `end`: where the last slide stops, ISO 8601 UTC to the second (`2027-01-05T09:23:11Z`).
/// - `slides`: in order of time, each with
///   - `start`: ISO 8601 UTC to the second;
///   - `kind`: `"term"` or `"season"`;
///   - `term`: the term's number 1...24 in the app's order (for terms), `name`: its
///     Chinese name (informative), or `season`: `spring`, `summer`, `autumn`, `winter`;
///   - `pictures`: an object from size (`"1920x1080"`) to the picture's path;
///   - `dark` (when the schedule has dark-style pictures): the same for those.
/// - `monitors` (only in a schedule made per monitor): each monitor's `name`, `width` and
///   `height` in pixels, `x` and `y` in the layout, `scale`, and `primary`.
public enum ScheduleFile {
    public static let format = "wallgen-schedule"
    public static let version = 1

    private struct Document: Codable {
        var format: String
        var version: Int
        var end: String
        var slides: [Entry]
        var monitors: [MonitorEntry]?
    }

    private struct MonitorEntry: Codable {
        var name: String
        var width: Int
        var height: Int
        var x: Int
        var y: Int
        var scale: Double
        var primary: Bool
    }

    private struct Entry: Codable {
        var start: String
        var kind: String
        var term: Int?
        var name: String?
        var season: String?
        var pictures: [String: String]
        var dark: [String: String]?
    }

    /// The JSON text of a schedule, ending in a newline; identical for identical schedules.
    public static func encode(_ schedule: Schedule) -> Data {
        let entries = schedule.slides.map { slide -> Entry in
            switch slide.subject {
            case .term(let term):
                Entry(
                    start: InstantText.iso8601(slide.start), kind: "term", term: term.number, name: term.name,
                    pictures: slide.pictures, dark: slide.darkPictures.isEmpty ? nil : slide.darkPictures)
            case .season(let season):
                Entry(
                    start: InstantText.iso8601(slide.start), kind: "season", season: season.rawValue,
                    pictures: slide.pictures, dark: slide.darkPictures.isEmpty ? nil : slide.darkPictures)
            }
        }
        let monitors = schedule.monitors.map {
            MonitorEntry(
                name: $0.name, width: $0.width, height: $0.height, x: $0.x, y: $0.y, scale: $0.scale,
                primary: $0.isPrimary)
        }
        let document = Document(
            format: format, version: version, end: InstantText.iso8601(schedule.end), slides: entries,
            monitors: monitors.isEmpty ? nil : monitors)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and dictionaries of strings cannot fail.
        return ((try? encoder.encode(document)) ?? Data()) + Data("\n".utf8)
    }

    /// Reads what `encode` wrote; `path` only names the file in errors.
    public static func decode(_ data: Data, path: String = "schedule.json") throws(DesktopError) -> Schedule {
        func refuse(_ reason: String) -> DesktopError { .unreadableSchedule(path: path, reason: reason) }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch {
            throw refuse("not a schedule: \(error)")
        }
        guard document.format == format else { throw refuse("format is \"\(document.format)\", not \"\(format)\"") }
        guard document.version == version else { throw refuse("version \(document.version) is not \(version)") }
        guard let end = InstantText.parseISO8601(document.end) else { throw refuse("end \"\(document.end)\"") }
        var slides: [Slide] = []
        for (index, entry) in document.slides.enumerated() {
            guard let start = InstantText.parseISO8601(entry.start) else {
                throw refuse("slide \(index + 1) starts at \"\(entry.start)\", not YYYY-MM-DDTHH:MM:SSZ")
            }
            let subject: SlideSubject
            switch entry.kind {
            case "term":
                guard let number = entry.term, (1...24).contains(number) else {
                    throw refuse("slide \(index + 1) has no term number 1-24")
                }
                subject = .term(SolarTerm.all[number - 1])
            case "season":
                guard let name = entry.season, let season = Season(rawValue: name) else {
                    throw refuse("slide \(index + 1) has no season")
                }
                subject = .season(season)
            default:
                throw refuse("slide \(index + 1) is of kind \"\(entry.kind)\", not term or season")
            }
            for key in entry.pictures.keys.sorted() + (entry.dark ?? [:]).keys.sorted()
            where (try? PictureSize(key: key)) == nil {
                throw refuse("slide \(index + 1) has the size \"\(key)\", not WIDTHxHEIGHT")
            }
            slides.append(
                Slide(start: start, subject: subject, pictures: entry.pictures, darkPictures: entry.dark ?? [:]))
        }
        guard !slides.isEmpty else { throw refuse("it has no slides") }
        var schedule = try Schedule(slides: slides, end: end)
        for (index, entry) in (document.monitors ?? []).enumerated() {
            guard !entry.name.isEmpty, (1...65535).contains(entry.width), (1...65535).contains(entry.height),
                entry.scale.isFinite, entry.scale > 0, abs(entry.x) < 1 << 20, abs(entry.y) < 1 << 20
            else { throw refuse("monitor \(index + 1) is not a named monitor with a size, a place and a scale") }
            schedule.monitors.append(
                Monitor(
                    name: entry.name, width: entry.width, height: entry.height, x: entry.x, y: entry.y,
                    scale: entry.scale, isPrimary: entry.primary))
        }
        return schedule
    }

    /// Reads `schedule.json` from a file. None there yet is said with the way to make one.
    public static func read(path: String) throws(DesktopError) -> Schedule {
        guard let data = FileManager.default.contents(atPath: path) else {
            let missing = !FileManager.default.fileExists(atPath: path)
            throw .fileFailed(
                path: path, operation: "read",
                reason: missing
                    ? "there is no schedule there yet; make one with wallgen schedule --install (or give -o the folder of yours)"
                    : "no such readable file")
        }
        return try decode(data, path: path)
    }
}
