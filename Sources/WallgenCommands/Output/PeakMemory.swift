import FoundationEssentials

/// The most memory this process has held resident, for `--verbose`.
enum PeakMemory {
    /// VmHWM from /proc/self/status: the high-water mark of this program's own memory
    /// (unlike getrusage, it does not count what the parent held before exec).
    static var megabytes: Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes / 1024
    }
}
