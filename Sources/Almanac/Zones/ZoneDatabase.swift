import FoundationEssentials
import Glibc
import Platform

/// The system's tz database: the TZif files under `/usr/share/zoneinfo` (or `$TZDIR`),
/// read by name, and the zone this machine keeps.
///
/// This is the one place wallgen reads zone files; everything else works with the
/// `Zone` values it returns.
public struct ZoneDatabase: Sendable {
    /// The folder the files are in.
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// `$TZDIR` when set (as the C library honours it), else `/usr/share/zoneinfo`.
    public static func system(environment: [String: String] = ProcessEnvironment.variables) -> ZoneDatabase {
        if let folder = environment["TZDIR"], folder.hasPrefix("/") { return ZoneDatabase(folder: folder) }
        return ZoneDatabase(folder: "/usr/share/zoneinfo")
    }

    /// Folders and files under `folder` that are not zones of their own: copies of the
    /// whole database (`posix/`, and `right/`, which counts leap seconds), this
    /// machine's zone, the default rules, and the zone of no place (`Factory`).
    static let notZones: Set<String> = ["posix", "right", "localtime", "posixrules", "Factory"]

    /// The zone with this name, exactly as the database spells it.
    public func zone(named name: String) throws(ZoneError) -> Zone {
        guard Self.isPlausibleName(name) else { throw .invalidName(name) }
        return try read(path: folder + "/" + name, name: name)
    }

    /// The zone with this name in any case (`asia/tokyo`), named as the database spells it.
    public func zone(matching text: String) throws(ZoneError) -> Zone {
        do {
            return try zone(named: text)
        } catch .unknown {
            let lowered = text.lowercased()
            guard let name = names().first(where: { $0.lowercased() == lowered }) else { throw .unknown(name: text) }
            return try zone(named: name)
        }
    }

    /// Every zone's name: each TZif file below `folder`, except `notZones`, sorted.
    public func names() -> [String] {
        var found: [String] = []
        collect(relative: "", into: &found)
        return found.sorted()
    }

    private func collect(relative: String, into found: inout [String]) {
        let path = relative.isEmpty ? folder : folder + "/" + relative
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for entry in entries where !entry.hasPrefix(".") {
            let name = relative.isEmpty ? entry : relative + "/" + entry
            if relative.isEmpty, Self.notZones.contains(entry) { continue }
            var status = stat()
            guard stat(folder + "/" + name, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                collect(relative: name, into: &found)
            } else if status.st_mode & S_IFMT == S_IFREG, Self.startsWithMagic(folder + "/" + name) {
                found.append(name)
            }
        }
    }

    /// The zone this machine keeps, as the C library finds it: `$TZ` (a zone's name,
    /// `:name`, an absolute path to a TZif file, or a POSIX TZ rule such as `CST-8`),
    /// then `/etc/localtime`, named by the link's target or by `/etc/timezone`; UTC when
    /// none of them is there.
    public func localZone(
        environment: [String: String] = ProcessEnvironment.variables, etc: String = "/etc"
    ) -> Zone {
        if var text = environment["TZ"], !text.isEmpty {
            if text.hasPrefix(":") { text.removeFirst() }
            if text.hasPrefix("/"), let zone = try? read(path: text, name: text) { return zone }
            if let zone = try? zone(named: text) { return zone }
            if let rule = PosixZoneRule(text) {
                return Zone(name: text, transitions: [], transitionOffsets: [], offsets: [rule.standard], rule: rule)
            }
            return .utc
        }
        let localtime = etc + "/localtime"
        guard let zone = try? read(path: localtime, name: "localtime") else { return .utc }
        if let target = PathQueries.linkTarget(localtime), let name = Self.name(inLinkTarget: target) {
            return zone.renamed(name)
        }
        if let text = try? String(contentsOfFile: etc + "/timezone", encoding: .utf8),
            let line = text.split(whereSeparator: \.isNewline).first,
            !line.trimmingSpaces().isEmpty
        {
            return zone.renamed(line.trimmingSpaces())
        }
        return zone
    }

    /// The zone a link into the zone folder names: what follows its first `zoneinfo/`
    /// (`/usr/share/zoneinfo/Asia/Taipei` is `Asia/Taipei`).
    static func name(inLinkTarget target: String) -> String? {
        let marker = Array("zoneinfo/".utf8)
        let bytes = Array(target.utf8)
        guard bytes.count > marker.count else { return nil }
        for start in 0...(bytes.count - marker.count) where bytes[start..<start + marker.count].elementsEqual(marker) {
            return String(decoding: bytes[(start + marker.count)...], as: UTF8.self)
        }
        return nil
    }

    /// Letters, digits and `._+-`, in components joined by `/`, none of them `.` or `..`:
    /// every zone name has this form, and no such name leaves the folder.
    static func isPlausibleName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255 else { return false }
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        return components.allSatisfy { component in
            !component.isEmpty && component != "." && component != ".."
                && component.unicodeScalars.allSatisfy { scalar in
                    scalar.isASCII
                        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                            || "._+-".unicodeScalars.contains(scalar))
                }
        }
    }

    private static func startsWithMagic(_ path: String) -> Bool {
        guard let file = ReadOnlyFile(path: path) else { return false }
        return (try? file.read(upToCount: 4)) == Array("TZif".utf8)
    }

    /// Reads and parses one file: a regular file (or a link to one) of at most `TZif.maximumSize` bytes.
    private func read(path: String, name: String) throws(ZoneError) -> Zone {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .unknown(name: name) }
            throw .unreadable(name: name, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .unreadable(name: name, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            // A folder such as `Asia` is a group of zones, not one.
            throw status.st_mode & S_IFMT == S_IFDIR
                ? .unknown(name: name) : .unreadable(name: name, reason: "it is not a file")
        }
        guard status.st_size <= TZif.maximumSize else {
            throw .malformed(name: name, reason: "it is larger than any zone file")
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                if count == 0 { break }
                throw .unreadable(name: name, reason: String(cString: strerror(errno)))
            }
            filled += count
        }
        return try TZif.zone(named: name, from: Array(bytes[..<filled]))
    }
}
