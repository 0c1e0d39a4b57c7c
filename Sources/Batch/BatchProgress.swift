import Escaping
import Glibc
import Platform

/// The progress of a batch on a terminal: one line on standard error, drawn again as
/// items finish, with the count, the percentage, the rate and the time left, as GNU
/// parallel's `--bar` and `--eta` show them:
///
///     12/24 50% 2.1 cards/s 6 s left  12-mangzhong 芒種
///
/// Made only when standard error is a terminal and the person did not ask for quiet
/// (`onStandardError`): a log or a pipe gets none of it. The item's name comes from
/// data (a manifest's output), so it goes through `TerminalText.visible`.
public final class BatchProgress: @unchecked Sendable {
    public let total: Int
    /// What the items are called: "rows", "cards", "pictures".
    public let unit: String
    private let columns: Int?
    private let write: @Sendable (String) -> Void
    private let started: ContinuousClock.Instant
    private var done = 0
    private var lastDrawn: ContinuousClock.Instant?
    private var drawn = false

    /// `columns`: the terminal's width, so the line never wraps (a wrapped line could not
    /// be drawn again in place); nil when unknown.
    public init(
        total: Int, unit: String, columns: Int?, started: ContinuousClock.Instant = .now,
        write: @escaping @Sendable (String) -> Void
    ) {
        self.total = total
        self.unit = unit
        self.columns = columns
        self.started = started
        self.write = write
    }

    /// The line on standard error when it is a terminal and `quiet` is false; nil
    /// otherwise.
    public static func onStandardError(total: Int, unit: String, quiet: Bool) -> BatchProgress? {
        guard !quiet, isatty(STDERR_FILENO) != 0 else { return nil }
        var size = winsize()
        let columns = ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
        return BatchProgress(total: total, unit: unit, columns: columns) { text in StandardError.write(text) }
    }

    /// One more item finished (called one at a time); `label` names it. The line is drawn
    /// at most ten times a second, and always for the last item.
    public func advance(label: String, now: ContinuousClock.Instant = .now) {
        done += 1
        if done < total, let lastDrawn, now - lastDrawn < .milliseconds(100) { return }
        lastDrawn = now
        drawn = true
        write("\r\u{1B}[K" + line(label: label, elapsed: Self.seconds(now - started)))
    }

    /// Removes the line, so the summary starts at the left edge of a clean line.
    public func clear() {
        if drawn { write("\r\u{1B}[K") }
        drawn = false
    }

    /// `12/24 50% 2.1 cards/s 6 s left  12-mangzhong`, cut to the terminal's width.
    func line(label: String, elapsed: Double) -> String {
        let percent = total > 0 ? done * 100 / total : 100
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let left = rate > 0 ? Double(total - done) / rate : 0
        let rateText = rate >= 10 ? PrintfNumber.format("%.0f", rate) : PrintfNumber.format("%.1f", rate)
        let head = "\(done)/\(total) \(percent)% \(rateText) \(unit)/s \(Self.duration(left)) left"
        let name = TerminalText.visible(label)
        guard !name.isEmpty else { return head }
        guard let columns else { return head + "  " + name }
        // The cursor stays on the line only while it is shorter than the terminal.
        let room = columns - 1 - Self.width(head) - 2
        guard room >= 4 else { return head }
        return head + "  " + Self.cut(name, to: room)
    }

    /// `6 s`, `2 min 5 s`, `1 h 3 min`: the time left, rounded up to the second.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\(whole / 60) min \(whole % 60) s" }
        return "\(whole / 3600) h \(whole % 3600 / 60) min"
    }

    /// `text` in at most `columns` terminal columns, ending in "…" when cut.
    static func cut(_ text: String, to columns: Int) -> String {
        guard width(text) > columns else { return text }
        var out = ""
        var used = 0
        for scalar in text.unicodeScalars {
            let next = width(of: scalar)
            if used + next > columns - 1 { break }
            out.unicodeScalars.append(scalar)
            used += next
        }
        return out + "…"
    }

    /// The columns a terminal gives `text`: two for East Asian wide characters and most
    /// emoji, none for combining marks and joiners, one for the rest.
    static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default: return 1
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
