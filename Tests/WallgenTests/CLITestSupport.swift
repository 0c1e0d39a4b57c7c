import Foundation

/// What one run of a built executable did.
struct RunResult {
    let status: Int32
    let standardOutput: [UInt8]
    let standardError: String

    var output: String { String(decoding: standardOutput, as: UTF8.self) }
}

let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// The folder holding the executables `swift test` built beside the test bundle.
let productsFolder: URL = {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    for _ in 0..<4 {
        folder.deleteLastPathComponent()
        if FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("wallgen").path) { return folder }
    }
    return URL(fileURLWithPath: repositoryRoot + "/.build/debug")
}()

/// Runs `product` with `arguments` in `folder`. Output is captured through files
/// (kept elsewhere) so large PNG output cannot block on a full pipe.
func launch(
    _ arguments: [String], in folder: String, product: String = "wallgen", environment: [String: String]? = nil,
    executable: URL? = nil
) throws -> RunResult {
    let capture = NSTemporaryDirectory() + "wallgen-capture-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: capture, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: capture) }
    _ = FileManager.default.createFile(atPath: capture + "/out", contents: nil)
    _ = FileManager.default.createFile(atPath: capture + "/err", contents: nil)
    let process = Process()
    process.executableURL = executable ?? productsFolder.appendingPathComponent(product)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    if let environment { process.environment = environment }
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: capture + "/out"))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: capture + "/err"))
    try process.run()
    process.waitUntilExit()
    return RunResult(
        status: process.terminationStatus,
        standardOutput: [UInt8](try Data(contentsOf: URL(fileURLWithPath: capture + "/out"))),
        standardError: try String(contentsOfFile: capture + "/err", encoding: .utf8))
}

/// Copies the built `wallgen` to `target` as an executable, with `install`: never through
/// a descriptor of this process, which a process another test forks meanwhile would
/// inherit, making the copy fail to run with "Text file busy".
func installWallgen(at target: String) throws {
    let result = try launch(
        ["-m", "755", productsFolder.appendingPathComponent("wallgen").path, target], in: "/",
        executable: URL(fileURLWithPath: "/usr/bin/install"))
    guard result.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: ["reason": result.standardError]) }
}

func filesIn(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}

/// IHDR fields read straight from PNG bytes: width, height, bit depth, colour type.
func pngHeader(_ bytes: [UInt8]) -> (width: Int, height: Int, depth: Int, colorType: Int)? {
    guard bytes.count > 33, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), Array(bytes[12..<16]) == Array("IHDR".utf8)
    else { return nil }
    func bigEndian(_ i: Int) -> Int { bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
    return (bigEndian(16), bigEndian(20), Int(bytes[24]), Int(bytes[25]))
}
