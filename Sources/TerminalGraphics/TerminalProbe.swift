import FoundationEssentials
import Glibc

/// Which picture protocol a terminal speaks, found as timg finds it: the environment
/// first (kitty's, iTerm2's, WezTerm's and Ghostty's own variables), then by asking the
/// terminal, within a deadline: its name and version (XTVERSION, `CSI > q`) and its
/// primary device attributes (`CSI c`, where `4` means sixel), followed by a device status
/// report (`CSI 5 n`), which every terminal answers, so its reply ends the wait early.
/// kitty's own query (`a=q`) is not sent: other terminals print it. The terminal's mode is
/// put back on every way out, an interrupt included.
public enum TerminalProbe {
    /// What was found, and how.
    public struct Finding: Sendable, Equatable {
        public let preview: PreviewProtocol
        public let reason: String
        /// Inside tmux with its passthrough on: the bytes go wrapped (`TmuxPassthrough`).
        public var throughTmux = false
    }

    /// The protocol the environment alone names, or nil. Inside tmux, `tmuxPassthrough`
    /// says whether its `allow-passthrough` is on: then the terminal tmux runs in, as the
    /// variables tmux keeps from it say (kitty's, WezTerm's, Ghostty's, iTerm2's), is drawn
    /// to through it; else half blocks, which tmux draws itself.
    public static func fromEnvironment(_ environment: [String: String], tmuxPassthrough: Bool = false) -> Finding? {
        if environment["TMUX"] != nil {
            guard tmuxPassthrough else {
                return Finding(preview: .blocks, reason: "inside tmux, whose allow-passthrough is off")
            }
            let outer: (PreviewProtocol, String)? =
                if environment["KITTY_WINDOW_ID"] != nil {
                    (.kitty, "kitty")
                } else if environment["WEZTERM_PANE"] != nil {
                    (.kitty, "WezTerm")
                } else if environment["GHOSTTY_RESOURCES_DIR"] != nil {
                    (.kitty, "Ghostty")
                } else if environment[
                    "LC_TERMINAL"] == "iTerm2"
                { (.iterm, "iTerm2") } else { nil }
            guard let (preview, name) = outer else {
                return Finding(preview: .blocks, reason: "inside tmux, in a terminal its variables do not name")
            }
            return Finding(preview: preview, reason: "\(name), through tmux's passthrough", throughTmux: true)
        }
        if environment["KITTY_WINDOW_ID"] != nil || environment["TERM"] == "xterm-kitty" {
            return Finding(preview: .kitty, reason: "kitty")
        }
        if environment["TERM"] == "xterm-ghostty" || environment["GHOSTTY_RESOURCES_DIR"] != nil {
            return Finding(preview: .kitty, reason: "Ghostty")
        }
        switch environment["TERM_PROGRAM"] {
        case "WezTerm": return Finding(preview: .kitty, reason: "WezTerm")
        case "iTerm.app": return Finding(preview: .iterm, reason: "iTerm2")
        default: return nil
        }
    }

    /// The protocol the terminal's replies name (the bytes it sent back to the queries).
    public static func fromReplies(_ replies: [UInt8]) -> Finding {
        let text = String(decoding: replies, as: UTF8.self)
        // XTVERSION: DCS > | name(version) ST.
        var name: String?
        if let start = text.firstRange(of: "\u{1B}P>|") {
            let rest = text[start.upperBound...]
            let end = rest.firstRange(of: "\u{1B}\\")?.lowerBound ?? rest.endIndex
            name = String(rest[..<end])
        }
        // DA1: CSI ? attributes c; 4 among them is sixel.
        var sixel = false
        if let start = text.firstRange(of: "\u{1B}[?") {
            let rest = text[start.upperBound...]
            if let end = rest.firstIndex(of: "c") {
                sixel = rest[..<end].split(separator: ";").contains("4")
            }
        }
        let lowered = name?.lowercased() ?? ""
        for (word, shown) in [("kitty", "kitty"), ("wezterm", "WezTerm"), ("ghostty", "Ghostty")]
        where lowered.contains(word) {
            return Finding(preview: .kitty, reason: shown)
        }
        if lowered.contains("iterm2") { return Finding(preview: .iterm, reason: "iTerm2") }
        let who = name.map { "\($0) " } ?? ""
        if sixel { return Finding(preview: .sixel, reason: "\(who)answers that it draws sixel") }
        if replies.isEmpty { return Finding(preview: .blocks, reason: "the terminal did not answer") }
        return Finding(preview: .blocks, reason: "\(who)draws no pictures it says")
    }

    /// The queries written to the terminal: its name, its attributes, its cell's and its
    /// text area's pixels (`CSI 16 t`, `CSI 14 t`, for a window whose `TIOCGWINSZ` gives
    /// none), and the status report that ends the wait.
    public static let queries = Array("\u{1B}[>q\u{1B}[c\u{1B}[16t\u{1B}[14t\u{1B}[5n".utf8)
    /// The size queries alone, for when the protocol is known but the pixels are not.
    public static let sizeQueries = Array("\u{1B}[16t\u{1B}[14t\u{1B}[5n".utf8)

    /// The window's pixel size from the replies to `CSI 16 t` (a cell: `CSI 6 ; h ; w t`,
    /// times the cells) or else `CSI 14 t` (the text area: `CSI 4 ; h ; w t`); nil when
    /// neither came.
    public static func pixelSize(fromReplies replies: [UInt8], columns: Int, rows: Int) -> (width: Int, height: Int)? {
        let text = String(decoding: replies, as: UTF8.self)
        func report(_ kind: String) -> (Int, Int)? {
            guard let start = text.firstRange(of: "\u{1B}[\(kind);") else { return nil }
            let rest = text[start.upperBound...]
            guard let end = rest.firstIndex(of: "t") else { return nil }
            let numbers = rest[..<end].split(separator: ";").compactMap { Int($0) }
            guard numbers.count == 2, numbers[0] > 0, numbers[1] > 0 else { return nil }
            return (numbers[1], numbers[0])
        }
        if let (cellWidth, cellHeight) = report("6") { return (cellWidth * columns, cellHeight * rows) }
        return report("4")
    }

    /// Asks the terminal on `descriptor` (a terminal open for reading and writing) and
    /// returns what it answered before its status report or the deadline.
    public static func ask(
        _ descriptor: Int32, queries: [UInt8] = queries, deadline: Duration = .milliseconds(300)
    ) -> [UInt8] {
        var saved = termios()
        guard tcgetattr(descriptor, &saved) == 0 else { return [] }
        TerminalModeGuard.keep(saved, descriptor: descriptor)
        defer { TerminalModeGuard.restore() }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        raw.c_cc.6 = 0  // VMIN
        raw.c_cc.5 = 0  // VTIME
        guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else { return [] }
        _ = queries.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count) }
        var replies: [UInt8] = []
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: deadline)
        var buffer = [UInt8](repeating: 0, count: 512)
        while clock.now < end {
            let left = clock.now.duration(to: end)
            let milliseconds = Int32(
                max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, milliseconds) > 0 else { continue }
            let count = buffer.withUnsafeMutableBufferPointer { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            replies += buffer[..<count]
            // The status report's reply, ESC [ 0 n (or 3 n), comes after the others.
            if let text = String(validating: replies, as: UTF8.self),
                text.contains("\u{1B}[0n") || text.contains("\u{1B}[3n")
            {
                break
            }
        }
        return replies
    }
}

/// The terminal's mode while a probe has it raw, put back by the probe or, if an
/// interrupt, a termination or a hang-up comes first, by the signal's handler, which then
/// lets the signal do what it would have done.
enum TerminalModeGuard {
    nonisolated(unsafe) static var saved = termios()
    nonisolated(unsafe) static var descriptor: Int32 = -1
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    static func keep(_ mode: termios, descriptor fd: Int32) {
        saved = mode
        descriptor = fd
        for number in signals {
            signal(number) { received in
                if TerminalModeGuard.descriptor >= 0 {
                    _ = tcsetattr(TerminalModeGuard.descriptor, TCSANOW, &TerminalModeGuard.saved)
                }
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    static func restore() {
        if descriptor >= 0 { _ = tcsetattr(descriptor, TCSANOW, &saved) }
        descriptor = -1
        for number in signals { signal(number, SIG_DFL) }
    }
}
