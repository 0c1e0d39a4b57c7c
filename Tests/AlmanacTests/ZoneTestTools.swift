import Foundation

/// The system's tz database, where the tests find the zones they check.
let zoneinfo = "/usr/share/zoneinfo"

/// Every zone the system has, found by a walk of its own (not `ZoneDatabase.names()`):
/// the TZif files under `zoneinfo`, without `posix/`, `right/`, `localtime`,
/// `posixrules` and `Factory`.
func walkedZoneNames() -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: zoneinfo) else { return [] }
    var names: [String] = []
    while let relative = walker.nextObject() as? String {
        let top = relative.split(separator: "/").first.map(String.init) ?? relative
        if ["posix", "right", "localtime", "posixrules", "Factory"].contains(top) {
            if relative == top { walker.skipDescendants() }
            continue
        }
        let path = zoneinfo + "/" + relative
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
            let handle = FileHandle(forReadingAtPath: path)
        else { continue }
        let magic = (try? handle.read(upToCount: 4)) ?? Data()
        try? handle.close()
        if magic == Data("TZif".utf8) { names.append(relative) }
    }
    return names.sorted()
}

/// Runs a tool and returns its standard output; standard error goes through a file so
/// neither pipe can fill and stall it.
func runCapturing(_ executable: String, _ arguments: [String], input: String = "") throws -> (
    status: Int32, output: String, error: String
) {
    let errorPath = NSTemporaryDirectory() + "wallgen-zone-tool-" + UUID().uuidString
    try Data().write(to: URL(fileURLWithPath: errorPath))
    defer { try? FileManager.default.removeItem(atPath: errorPath) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    let standardInput = Pipe()
    process.standardOutput = output
    process.standardInput = standardInput
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    try process.run()
    // Input first (the scripts read all of it before they write), then the output.
    standardInput.fileHandleForWriting.write(Data(input.utf8))
    try standardInput.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
        process.terminationStatus, String(decoding: data, as: UTF8.self),
        (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    )
}

/// Seconds since 1970 for a UTC reading, by Foundation's calendar (independent of the
/// zone code under test).
func utcSeconds(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int64 {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0)!
    let date = calendar.date(
        from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    return Int64(date.timeIntervalSince1970)
}

/// A TZif file written field by field as RFC 8536 lays it out, for feeding the reader
/// files no system has (version 1 only, version 3 rules, damage).
struct TZifWriter {
    var version: UInt8 = UInt8(ascii: "2")
    var transitions: [Int64] = []
    var transitionTypes: [UInt8] = []
    /// (seconds east, is DST, abbreviation)
    var types: [(Int32, Bool, String)] = [(0, false, "UTC")]
    var footer = ""

    func bytes() -> [UInt8] {
        var designations: [UInt8] = []
        var indices: [UInt8] = []
        for type in types {
            indices.append(UInt8(designations.count))
            designations += Array(type.2.utf8) + [0]
        }
        func header(_ version: UInt8) -> [UInt8] {
            var out = Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
            for count in [0, 0, 0, transitions.count, types.count, designations.count] {
                out += bigEndian(Int64(count), 4)
            }
            return out
        }
        func block(_ size: Int) -> [UInt8] {
            var out: [UInt8] = []
            for time in transitions { out += bigEndian(time, size) }
            out += transitionTypes
            for (type, index) in zip(types, indices) {
                out += bigEndian(Int64(type.0), 4) + [type.1 ? 1 : 0, index]
            }
            return out + designations
        }
        var out = header(version == 0 ? 0 : version)
        // Version 1 data: times that fit 32 bits (all of them, in these tests).
        out += block(4)
        guard version != 0 else { return out }
        out += header(version) + block(8)
        return out + [0x0A] + Array(footer.utf8) + [0x0A]
    }

    private func bigEndian(_ value: Int64, _ size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * Int64($0))) }
    }
}
