import Almanac
import Compositor
import Designs
import Foundation

// Release-mode benchmark of the blend kernels and the whole wallpaper pipeline.
// Every figure is printed beside baselines measured in the same run on the same
// buffers (memory copy, a plain scalar loop), so ratios stay comparable across
// machines and noisy runs. `--quick` runs each measurement briefly on small buffers:
// it only proves the benchmark works (tests run it in debug, where figures mean nothing).

let quick = CommandLine.arguments.contains("--quick")
let repetitions = quick ? 2 : 15
/// Buffers the size of a phone and a 4K desktop wallpaper, a tenth of each side with --quick.
let blendSizes = quick ? [(117, 253), (384, 216)] : [(1170, 2532), (3840, 2160)]
let pipelineSize = quick ? (390, 844) : (1170, 2532)

/// The median time of `runs` runs of `body`, after one warm-up run.
func medianSeconds(runs: Int = repetitions, _ body: () -> Void) -> Double {
    body()
    let clock = ContinuousClock()
    var times: [Double] = []
    for _ in 0..<runs {
        let started = clock.now
        body()
        times.append(seconds(clock.now - started))
    }
    return times.sorted()[times.count / 2]
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Seeded so that every run blends the same pixels.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Premultiplied pixels with a spread of alphas, including fully clear and opaque.
func randomImage(width: Int, height: Int, seed: UInt64) -> Image {
    var random = SplitMix64(state: seed)
    let image = Image(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let bits = random.next()
            let alpha = UInt8(truncatingIfNeeded: bits)
            func channel(_ shift: UInt64) -> UInt8 {
                UInt8(truncatingIfNeeded: (bits >> shift) & 0xFF) % (alpha &+ 1 == 0 ? 255 : alpha &+ 1)
            }
            image[x, y] = PremultipliedPixel(r: channel(8), g: channel(16), b: channel(24), a: alpha)
        }
    }
    return image
}

/// The obvious way to write source-over: integer division per channel, no tricks.
func scalarReferenceSourceOver(destination: UnsafeMutablePointer<UInt8>, source: UnsafePointer<UInt8>, count: Int) {
    for i in 0..<count {
        let inverseAlpha = 255 - Int(source[4 * i + 3])
        for c in 0..<4 {
            let index = 4 * i + c
            destination[index] = UInt8(Int(source[index]) + (Int(destination[index]) * inverseAlpha + 127) / 255)
        }
    }
}

func format(_ value: Double, _ digits: Int = 0) -> String {
    String(format: "%.\(digits)f", value)
}

func row(_ label: String, _ mpx: Double, _ note: String = "") -> String {
    label.padding(toLength: 34, withPad: " ", startingAt: 0) + format(mpx, mpx < 10 ? 2 : 0).leftPadded(8) + " Mpx/s"
        + (note.isEmpty ? "" : "   " + note)
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}

func benchmarkBlend(width: Int, height: Int) {
    let pixels = Double(width * height)
    let source = randomImage(width: width, height: height, seed: 1)
    let destination = randomImage(width: width, height: height, seed: 2)
    let bytes = width * height * 4

    let copy = pixels / medianSeconds { memcpy(destination.pixels, source.pixels, bytes) } / 1e6
    let scalar =
        pixels
        / medianSeconds {
            scalarReferenceSourceOver(destination: destination.pixels, source: source.pixels, count: width * height)
        } / 1e6
    let blend =
        pixels
        / medianSeconds {
            Blend.sourceOver(destination: destination.pixels, source: source.pixels, count: width * height)
        } / 1e6
    let coverage = [UInt8](repeating: 200, count: width * height)
    let color = Color(red: 200, green: 120, blue: 40).withOpacity(0.8).premultiplied
    let masked =
        pixels
        / medianSeconds {
            coverage.withUnsafeBufferPointer {
                Blend.sourceOver(
                    destination: destination.pixels, color: color, coverage: $0.baseAddress!, count: width * height)
            }
        } / 1e6

    // The wallpaper's whole-canvas layers, as the renderer fuses them.
    let picture = randomImage(width: width, height: height, seed: 3)
    let scene = Scene(
        width: width, height: height,
        layers: [
            .solid(.white), .picture(PictureLayer(image: picture, opacity: 0.5)),
            .gradient(SeasonWallpaper.edgeShade), .gradient(SeasonWallpaper.bottomShade(endAlpha: 0.4)),
        ])
    func fused(workers: Int) -> Double {
        let renderer = Renderer(workers: workers)
        return pixels / medianSeconds { _ = try! renderer.render(scene) } / 1e6
    }
    let fusedOne = fused(workers: 1)
    let fusedAll = fused(workers: Parallel.availableCores)

    print("Blend and fuse loops, \(width)x\(height), one core unless noted")
    print(row("  memory copy (bandwidth)", copy))
    print(row("  scalar reference source-over", scalar, "1.00x scalar"))
    print(
        row(
            "  Blend.sourceOver (span)", blend, "\(format(blend / scalar, 2))x scalar, \(format(blend / copy, 2))x copy"
        ))
    print(row("  Blend.sourceOver (coverage mask)", masked, "\(format(masked / scalar, 2))x scalar"))
    print(row("  fused 4-layer background", fusedOne, "\(format(fusedOne / copy, 2))x copy"))
    print(
        row(
            "  fused background, \(Parallel.availableCores) cores", fusedAll,
            "\(format(fusedAll / fusedOne, 2))x one core"))
}

func benchmarkPipeline() throws {
    let pipeline = WallpaperPipeline(data: try DataDirectory.locate())
    let spec = SeasonWallpaperSpec(season: .winter, width: pipelineSize.0, height: pipelineSize.1)
    var runs: [StageTimings] = []
    var image: Image?
    for _ in 0..<(quick ? 1 : 7) {
        let wallpaper = try pipeline.render(spec)
        runs.append(wallpaper.timings)
        image = wallpaper.image
    }
    func median(_ stage: (StageTimings) -> Duration) -> Double {
        runs.map { seconds(stage($0)) * 1000 }.sorted()[runs.count / 2]
    }
    print("Pipeline, winter wallpaper \(spec.width)x\(spec.height) (median of \(runs.count), milliseconds)")
    for (name, stage) in [
        ("read files", \StageTimings.read), ("decode picture and font", \.decode), ("cover scale", \.scale),
        ("composite", \.composite), ("text", \.text), ("encode PNG", \.encode), ("total", \.total),
    ] as [(String, KeyPath<StageTimings, Duration>)] {
        print(
            "  " + name.padding(toLength: 32, withPad: " ", startingAt: 0)
                + format(median { $0[keyPath: stage] }, 1).leftPadded(8) + " ms")
    }
    // The PNG trade-off: the same wallpaper at each compression preset.
    print("PNG encoding of that wallpaper, by preset")
    for (name, options) in [("fast (default)", PNGEncodingOptions.fast), ("standard", .standard), ("small", .small)] {
        var size = 0
        let time = medianSeconds(runs: quick ? 1 : 3) {
            size = (try? PNGEncoder.encode(image!, options: options).count) ?? 0
        }
        print(
            "  " + name.padding(toLength: 32, withPad: " ", startingAt: 0) + format(time * 1000, 1).leftPadded(8)
                + " ms  " + format(Double(size) / 1_048_576, 2) + " MB")
    }
}

/// The 24 term cards as one batch, beside the same cards made by one `wallgen term`
/// process each (two at a time, as the batch uses two cores), in the same run.
func benchmarkBatch() throws {
    let terms = quick ? Array(SolarTerm.all.prefix(4)) : SolarTerm.all
    let (width, height) = pipelineSize
    let folder = NSTemporaryDirectory() + "wallgen-bench-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }

    let clock = ContinuousClock()
    var started = clock.now
    let batch = CardBatch(
        pipeline: try TermCardPipeline(data: try DataDirectory.locate()), folder: folder, jobs: Parallel.availableCores)
    let outcomes = batch.run(terms.map { TermCardSpec(term: $0, width: width, height: height) }) { _ in }
    let batchSeconds = seconds(clock.now - started)
    guard outcomes.allSatisfy({ if case .success = $0.result { true } else { false } }) else {
        throw BenchmarkFailure("a card of the batch failed")
    }

    let wallgen = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
        "wallgen")
    started = clock.now
    let failures = ProcessFailures()
    DispatchQueue.concurrentPerform(iterations: batch.jobs) { worker in
        for index in stride(from: worker, to: terms.count, by: batch.jobs) {
            let process = Process()
            process.executableURL = wallgen
            process.arguments = [
                "term", "\(terms[index].number)", "--size", "\(width)x\(height)", "-o", folder + "/single-\(index).png",
            ]
            process.standardOutput = FileHandle.nullDevice
            do {
                try process.run()
                process.waitUntilExit()
                if process.terminationStatus != 0 { failures.add() }
            } catch {
                failures.add()
            }
        }
    }
    let singleSeconds = seconds(clock.now - started)
    guard failures.count == 0 else { throw BenchmarkFailure("\(failures.count) wallgen term runs failed") }

    print("Term cards, \(terms.count) at \(width)x\(height), \(batch.jobs) at a time")
    print(
        "  " + "one batch (wallgen terms)".padding(toLength: 32, withPad: " ", startingAt: 0)
            + format(batchSeconds, 2).leftPadded(8) + " s   " + format(batchSeconds / Double(terms.count) * 1000, 0)
            + " ms per card")
    print(
        "  " + "separate wallgen term processes".padding(toLength: 32, withPad: " ", startingAt: 0)
            + format(singleSeconds, 2).leftPadded(8) + " s   " + format(singleSeconds / Double(terms.count) * 1000, 0)
            + " ms per card, batch is " + format(singleSeconds / batchSeconds, 2) + "x faster")
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

final class ProcessFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var failures = 0
    func add() { lock.withLock { failures += 1 } }
    var count: Int { lock.withLock { failures } }
}

for (width, height) in blendSizes { benchmarkBlend(width: width, height: height) }
do {
    try benchmarkPipeline()
    try benchmarkBatch()
} catch {
    FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
    exit(1)
}
