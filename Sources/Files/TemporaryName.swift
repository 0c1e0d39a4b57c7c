import FoundationEssentials
import Glibc
import Platform

/// The one rule for the names of wallgen's temporary files:
/// `.NAME.wg-HOST-PIDNS-BOOT-PID-RANDOM.tmp`.
///
/// NAME is the target's name, cut to 64 bytes (so a target of any legal length has a
/// temporary of legal length); HOST and BOOT are 8 hexadecimal digits of a hash of the
/// host name and of the kernel's boot id, PIDNS the inode of the writer's PID namespace.
/// A PID alone says nothing about a file another container or another machine on the
/// same NFS folder is writing: the sweep (`StaleTemporaries`) touches only names whose
/// host and namespace are its own.
struct TemporaryName: Equatable {
    var host: String
    var namespace: UInt64
    var boot: String
    var pid: pid_t

    /// This process's host, namespace, boot and PID.
    static let current = TemporaryName(
        host: hash(hostName()), namespace: pidNamespace(), boot: hash(bootID()), pid: getpid())

    /// A fresh temporary name for `target` (a file name, not a path).
    static func make(for target: String) -> String {
        current.name(for: target, random: UInt32.random(in: 0...UInt32.max))
    }

    /// The temporary name this writer gives `target`.
    func name(for target: String, random: UInt32) -> String {
        ".\(Self.prefix(of: target)).wg-\(host)-\(namespace)-\(boot)-\(pid)-\(random).tmp"
    }

    /// The writer a name of this pattern records, or nil for any other name.
    static func parse(_ name: String) -> TemporaryName? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp"), let marker = name.ranges(of: ".wg-").last
        else { return nil }
        let fields = name[marker.upperBound..<name.index(name.endIndex, offsetBy: -4)].split(
            separator: "-", omittingEmptySubsequences: false)
        guard fields.count == 5, fields[0].count == 8, fields[2].count == 8,
            fields.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit) }),
            let namespace = UInt64(fields[1]), let pid = pid_t(fields[3]), pid > 0, UInt32(fields[4]) != nil
        else { return nil }
        return TemporaryName(host: String(fields[0]), namespace: namespace, boot: String(fields[2]), pid: pid)
    }

    /// At most 64 bytes of `target`, never splitting a UTF-8 sequence.
    private static func prefix(of target: String) -> String {
        var out = ""
        var bytes = 0
        for scalar in target.unicodeScalars {
            let width = String(scalar).utf8.count
            if bytes + width > 64 { break }
            out.unicodeScalars.append(scalar)
            bytes += width
        }
        return out.isEmpty ? "output" : out
    }

    /// 8 hexadecimal digits of FNV-1a over `text`: enough to tell hosts apart in a folder.
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(value & 0xFFFF_FFFF, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    private static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(cBuffer: buffer)
    }

    private static func bootID() -> String {
        (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8))?
            .filter { !$0.isWhitespace } ?? ""
    }

    /// The inode of /proc/self/ns/pid: the same for every process of one PID namespace.
    private static func pidNamespace() -> UInt64 {
        var status = stat()
        return stat("/proc/self/ns/pid", &status) == 0 ? UInt64(status.st_ino) : 0
    }
}
