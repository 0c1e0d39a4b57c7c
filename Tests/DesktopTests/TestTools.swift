import Desktop
import Foundation
import Synchronization
import TestSupport

/// A test's folder (TestSupport's `temporaryFolder`) with helpers to fill it; call
/// `remove()` in a `defer`, so a run leaves the temporary folder as it found it.
struct TemporaryFolder {
    let path: String

    init() throws {
        path = try temporaryFolder()
    }

    func file(_ name: String) -> String { path + "/" + name }

    func write(_ name: String, _ text: String, executable: Bool = false) throws -> String {
        let target = file(name)
        try FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard executable else {
            try Data(text.utf8).write(to: URL(fileURLWithPath: target))
            return target
        }
        // A program the test will run is written by `install`, never through a descriptor
        // of this process: a process another test forks meanwhile would inherit that
        // descriptor, and running the program would then fail with "Text file busy".
        let source = target + ".source"
        try Data(text.utf8).write(to: URL(fileURLWithPath: source))
        defer { try? FileManager.default.removeItem(atPath: source) }
        let copy = try runTool("/usr/bin/install", ["-m", "755", source, target])
        guard copy.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: ["reason": copy.error]) }
        return target
    }

    func remove() { removeTemporaryFolder(path) }
}

/// The result of a tool run by a test.
struct ToolRun {
    let status: Int32
    let output: String
    let error: String
}

/// Runs a real tool for a test, independently of the library's own `ProcessRunner`.
func runTool(
    _ executable: String, _ arguments: [String], input: String? = nil, environment: [String: String]? = nil
) throws -> ToolRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe()
    let err = Pipe()
    let inPipe = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = inPipe
    try process.run()
    let errorData = Mutex(Data())
    let done = DispatchSemaphore(value: 0)
    let errorHandle = err.fileHandleForReading
    Thread.detachNewThread {
        let bytes = errorHandle.readDataToEndOfFile()
        errorData.withLock { $0 = bytes }
        done.signal()
    }
    if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
    try? inPipe.fileHandleForWriting.close()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    done.wait()
    process.waitUntilExit()
    return ToolRun(
        status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
        error: String(decoding: errorData.withLock { $0 }, as: UTF8.self))
}

/// The full path of a program on the PATH, or nil.
func toolPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin"] {
        let candidate = "\(folder)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

func toolAvailable(_ name: String) -> Bool { toolPath(name) != nil }

/// Debian's Python, not one a version manager put first on PATH: the Debian packages
/// (python3-icalendar, python3-gi) are installed for it.
let systemPython = "/usr/bin/python3"

/// Whether Debian's Python can import every module named.
func pythonHas(_ modules: String...) -> Bool {
    guard FileManager.default.isExecutableFile(atPath: systemPython) else { return false }
    let script = modules.map { "import \($0)" }.joined(separator: "\n")
    return (try? runTool(systemPython, ["-c", script]))?.status == 0
}

/// Whether GNOME's slideshow code is importable through GObject introspection.
func gnomeDesktopAvailable() -> Bool {
    guard FileManager.default.isExecutableFile(atPath: systemPython) else { return false }
    let script = "import gi\ngi.require_version('GnomeDesktop', '3.0')\nfrom gi.repository import GnomeDesktop"
    return (try? runTool(systemPython, ["-c", script]))?.status == 0
}

extension UserLocations {
    /// A schedule's four installed files with the texts given, where `schedulePaths` puts them.
    func scheduleFiles(
        _ names: ScheduleUnitNames, timer: String, service: String, autostart: String, backgroundProperties: String
    ) -> [InstallFile] {
        zip(schedulePaths(names), [timer, service, autostart, backgroundProperties]).map {
            InstallFile(path: $0, text: $1)
        }
    }
}
