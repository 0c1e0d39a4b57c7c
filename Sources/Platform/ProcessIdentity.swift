import Glibc

/// A process as it can be told apart from a later one given the same number: its id and
/// the moment it started (`/proc/PID/stat`'s field 22, in clock ticks since boot). A
/// record left by a process (a studio's private folder) names its owner this way, so a
/// later run can tell whether that owner still runs.
public struct ProcessIdentity: Sendable, Equatable {
    public let pid: Int32
    public let startTicks: UInt64

    public init(pid: Int32, startTicks: UInt64) {
        self.pid = pid
        self.startTicks = startTicks
    }

    /// This process.
    public static var current: ProcessIdentity? {
        let pid = getpid()
        return startTicks(of: pid).map { ProcessIdentity(pid: pid, startTicks: $0) }
    }

    /// Whether this very process still runs: its id is in use, by a process that started
    /// at the same tick.
    public var isRunning: Bool {
        Self.startTicks(of: pid) == startTicks
    }

    /// `PID START`, as written into a record.
    public var text: String { "\(pid) \(startTicks)" }

    /// The identity a record holds; nil when the text is not one.
    public init?(text: String) {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard parts.count == 2, let pid = Int32(parts[0]), pid > 0, let start = UInt64(parts[1]) else { return nil }
        self.init(pid: pid, startTicks: start)
    }

    /// Field 22 of `/proc/PID/stat`, counted after the command name's closing parenthesis
    /// (the name may hold spaces and parentheses of its own).
    static func startTicks(of pid: Int32) -> UInt64? {
        guard let file = ReadOnlyFile(path: "/proc/\(pid)/stat"), let bytes = try? file.read(upToCount: 4096),
            let close = bytes.lastIndex(of: UInt8(ascii: ")"))
        else { return nil }
        // After ")": state is field 3, so start time (22) is the 20th field from there.
        let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count >= 20 else { return nil }
        return UInt64(String(decoding: fields[19], as: UTF8.self))
    }
}
