import Glibc

/// The terminal a command's output goes to, when it goes to one.
public enum TerminalWindow {
    /// The window's size from `TIOCGWINSZ` on `descriptor`, or nil when it is no terminal.
    public static func geometry(of descriptor: Int32) -> TerminalGeometry? {
        guard isatty(descriptor) == 1 else { return nil }
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return TerminalGeometry(
            columns: Int(size.ws_col), rows: Int(size.ws_row), pixelWidth: Int(size.ws_xpixel),
            pixelHeight: Int(size.ws_ypixel))
    }

    /// The size `COLUMNS` and `LINES` say, else 80x24: for output that is not a terminal.
    public static func geometry(environment: [String: String]) -> TerminalGeometry {
        TerminalGeometry(
            columns: environment["COLUMNS"].flatMap(Int.init) ?? 80, rows: environment["LINES"].flatMap(Int.init) ?? 24)
    }

    /// Whether colours may be 24-bit: COLORTERM says truecolor or 24bit.
    public static func hasTrueColour(_ environment: [String: String]) -> Bool {
        ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "")
    }
}
