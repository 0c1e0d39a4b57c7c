import Almanac
import Escaping
import FoundationEssentials

/// Writes a GNOME timed background (the slideshow XML gnome-bg reads) from a schedule.
///
/// gnome-bg starts the show at `<starttime>`, read as local wall-clock time, and walks the
/// `<static>` slides' durations from there, looping at the end. Each schedule slide
/// becomes one or more static slides of its picture, so every picture starts at the exact
/// second its slide starts.
///
/// gnome-shell does not watch the clock: it looks at a slideshow again only after 1/64 of
/// the current slide's duration (at least a second). A fortnight-long slide would be
/// looked at every five hours, so each slide's last stretch is cut into pieces that
/// shrink sixteenfold down to 64 s, all of the same picture; the final look before a
/// switch then comes within one second of it.
public enum GnomeTimedBackground {
    /// The shortest piece a slide ends with: gnome-shell then looks every second.
    public static let finalPiece: Int = 64
    /// How much longer each earlier piece may be than the one after it. gnome-shell's
    /// next look from a piece of length L comes within L/64, which must land in the
    /// following piece: 16 leaves a margin of four.
    public static let pieceRatio: Int = 16

    /// What a slideshow of pictures spanning every monitor says in a comment, so that
    /// `wallgen apply` sets it with GNOME's `spanned` option (the XML has no field for it).
    public static let spannedMark = "wallgen: picture-options spanned"

    /// The slideshow XML for `schedule`, with wall-clock start time in `zone` (the zone of
    /// the session that shows it). `spanned`: each picture lies across every monitor.
    /// `description` is the comment saying what the slides are (by default, the seasons'
    /// or the terms' pictures).
    public static func xml(_ schedule: Schedule, zone: Zone, spanned: Bool = false, description: String? = nil)
        throws(DesktopError) -> String
    {
        let start = InstantText.fields(schedule.slides[0].start, zone: zone)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        // Said of what the slides are: a seasons schedule is not the solar terms'.
        let isSeasons = if case .season = schedule.slides[0].subject { true } else { false }
        if let description {
            out += "<!-- \(XMLText.escape(description)) -->\n"
        } else {
            out +=
                isSeasons
                ? "<!-- The seasons' pictures, each from the second its season begins. Written by wallgen. -->\n"
                : "<!-- The solar terms' pictures, each from the second its term begins. Written by wallgen. -->\n"
        }
        if spanned { out += "<!-- \(spannedMark): each picture lies across every monitor. -->\n" }
        out += "<background>\n  <starttime>\n"
        for (tag, value) in [
            ("year", start.year), ("month", start.month), ("day", start.day), ("hour", start.hour),
            ("minute", start.minute), ("second", start.second),
        ] {
            out += "    <\(tag)>\(value)</\(tag)>\n"
        }
        out += "  </starttime>\n"
        for (index, slide) in schedule.slides.enumerated() {
            let next = index + 1 < schedule.slides.count ? schedule.slides[index + 1].start : schedule.end
            let length = Int(next.timeIntervalSince(slide.start).rounded())
            guard length > 0 else { continue }
            let file = try fileElement(slide)
            for piece in pieces(of: length) {
                out += "  <static>\n    <duration>\(piece)</duration>\n\(file)  </static>\n"
            }
        }
        out += "</background>\n"
        return out
    }

    /// A slide of `length` seconds cut into pieces: the first whatever is left, then
    /// pieces shrinking by `pieceRatio` down to `finalPiece`.
    public static func pieces(of length: Int) -> [Int] {
        var tail: [Int] = []
        var remaining = length
        var size = finalPiece
        while remaining > size {
            tail.append(size)
            remaining -= size
            size *= pieceRatio
        }
        return [remaining] + tail.reversed()
    }

    /// `<file>` with one path, or with a `<size>` per picture size when there are several.
    private static func fileElement(_ slide: Slide) throws(DesktopError) -> String {
        if slide.pictures.count == 1, let only = slide.pictures.values.first {
            return "    <file>\(XMLText.escape(only))</file>\n"
        }
        var sized: [(PictureSize, String)] = []
        for (key, path) in slide.pictures { sized.append((try PictureSize(key: key), path)) }
        guard !sized.isEmpty else { throw .emptySchedule }
        var out = "    <file>\n"
        for (size, path) in sized.sorted(by: { $0.0 > $1.0 }) {
            out += "      <size width=\"\(size.width)\" height=\"\(size.height)\">\(XMLText.escape(path))</size>\n"
        }
        return out + "    </file>\n"
    }
}
