import Almanac
import Compositor
import Designs
import Foundation

/// JPEG and WebP output beside the libraries' own command-line encoders on the same
/// pixels: the 冬至 card rendered once, written as a PPM, then encoded by wallgen in this
/// process and by `cjpeg` and `cwebp` as processes with the same settings (quality 90:
/// JPEG progressive, optimised, 4:4:4; WebP lossy, and lossless at its fastest preset). A peer's time includes
/// starting the process and reading the PPM; the start-up line (the same tool on a 1x1
/// PPM) shows how much of it that is.
func benchmarkEncode() throws {
    let (width, height) = quick ? (480, 270) : (1920, 1080)
    let card = try TermCardPipeline(data: try DataDirectory.locate()).render(
        TermCardSpec(term: SolarTerm.find("冬至")!, width: width, height: height))
    let image = card.image
    let folder = NSTemporaryDirectory() + "wallgen-bench-encode-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(ppm(of: image)).write(to: URL(fileURLWithPath: folder + "/card.ppm"))
    try Data(ppm(of: Image(width: 1, height: 1))).write(to: URL(fileURLWithPath: folder + "/dot.ppm"))

    let runs = quick ? 1 : 7
    print("JPEG and WebP encoding, the 冬至 card \(width)x\(height), quality 90 (median of \(runs))")
    print("  PNG (fast, the default) for scale: \(format(Double(card.encoded.count) / 1e3, 0)) kB")
    let rows: [(name: String, encoding: OutputEncoding, tool: String, arguments: [String])] = [
        (
            "JPEG q90 (4:4:4, progressive)", .jpeg(quality: 90), "/usr/bin/cjpeg",
            ["-quality", "90", "-sample", "1x1", "-progressive", "-optimize", "-outfile", "OUT", "IN"]
        ),
        (
            "JPEG q80 (4:2:0, progressive)", .jpeg(quality: 80), "/usr/bin/cjpeg",
            ["-quality", "80", "-progressive", "-optimize", "-outfile", "OUT", "IN"]
        ),
        ("WebP q90 (lossy)", .webp(quality: 90), "/usr/bin/cwebp", ["-quiet", "-q", "90", "IN", "-o", "OUT"]),
        (
            "WebP q100 (lossless)", .webp(quality: 100), "/usr/bin/cwebp",
            ["-quiet", "-lossless", "-z", "0", "IN", "-o", "OUT"]
        ),
    ]
    for row in rows {
        var bytes: [UInt8] = []
        let ours = medianSeconds(runs: runs) { bytes = (try? row.encoding.encode(image)) ?? [] }
        guard !bytes.isEmpty else { throw BenchmarkFailure("wallgen could not encode \(row.name)") }
        print(encodeLine("wallgen " + row.name, ours, bytes.count))
        guard FileManager.default.isExecutableFile(atPath: row.tool) else {
            print("  (no \(row.tool): install libjpeg-turbo-progs and webp for the peers)")
            continue
        }
        let output = folder + "/peer"
        func peer(_ input: String) -> [String] {
            row.arguments.map { $0 == "IN" ? input : $0 == "OUT" ? output : $0 }
        }
        var failed = false
        let theirs = medianSeconds(runs: runs) { failed = failed || !runProcess(row.tool, peer(folder + "/card.ppm")) }
        let startUp = medianSeconds(runs: runs) { failed = failed || !runProcess(row.tool, peer(folder + "/dot.ppm")) }
        _ = runProcess(row.tool, peer(folder + "/card.ppm"))
        let size = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
        guard !failed, size > 0 else { throw BenchmarkFailure("\(row.tool) failed") }
        let name = (row.tool as NSString).lastPathComponent
        let ratios =
            "wallgen takes \(format(ours / theirs, 2))x its time, \(format(Double(bytes.count) / Double(size), 3))x its size"
        print(encodeLine("\(name), same settings, a process", theirs, size, ratios))
        print(encodeLine("\(name) start-up (a 1x1 picture)", startUp, nil))
    }
    // What the lossless preset gives up: libwebp's default lossless effort (-z 6).
    let cwebp = "/usr/bin/cwebp"
    if FileManager.default.isExecutableFile(atPath: cwebp) {
        let arguments = ["-quiet", "-lossless", folder + "/card.ppm", "-o", folder + "/default.webp"]
        let time = medianSeconds(runs: runs) { _ = runProcess(cwebp, arguments) }
        let size = (try? FileManager.default.attributesOfItem(atPath: folder + "/default.webp")[.size] as? Int) ?? 0
        print(encodeLine("cwebp -lossless, default effort (-z 6)", time, size))
    }
}

/// One line of the table: what, milliseconds, kilobytes, and a note.
private func encodeLine(_ name: String, _ seconds: Double, _ bytes: Int?, _ note: String = "") -> String {
    let label = "  " + name.padding(toLength: 40, withPad: " ", startingAt: 0)
    let time = format(seconds * 1000, 1).leftPadded(8) + " ms"
    let size = bytes.map { " " + format(Double($0) / 1e3, 0).leftPadded(6) + " kB" } ?? ""
    return label + time + size + (note.isEmpty ? "" : "  " + note)
}

/// A binary PPM (P6) of an opaque image, the input both command-line encoders read.
private func ppm(of image: Image) -> [UInt8] {
    var bytes = Array("P6\n\(image.width) \(image.height)\n255\n".utf8)
    bytes.reserveCapacity(bytes.count + 3 * image.width * image.height)
    for y in 0..<image.height {
        for x in 0..<image.width {
            let pixel = image[x, y]
            bytes += [pixel.r, pixel.g, pixel.b]
        }
    }
    return bytes
}

/// Runs a program to its end, its output discarded; true when it exits 0.
private func runProcess(_ program: String, _ arguments: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    } catch {
        return false
    }
}
