import Almanac
import Batch
import CPixman
import Compositor
import Designs
import Files
import Foundation
import Kernels

// Release-mode benchmark of the blend kernels and the whole wallpaper pipeline.
// Every figure is printed beside baselines measured in the same run on the same
// buffers (memory bandwidth, a plain scalar loop, pixman), so ratios stay comparable across
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

/// The memory-bound ceiling for a blend: read two buffers, write one, as 64-bit words
/// (the compiler vectorises it). Any blend that reads source and destination does at least this.
func readTwoWriteOne(destination: UnsafeMutablePointer<UInt8>, source: UnsafePointer<UInt8>, bytes: Int) {
    let words = bytes / 8
    let d = UnsafeMutableRawPointer(destination).assumingMemoryBound(to: UInt64.self)
    let s = UnsafeRawPointer(source).assumingMemoryBound(to: UInt64.self)
    for i in 0..<words { d[i] = d[i] | s[i] }
}

/// pixman's OVER on wallgen's buffers. PIXMAN_a8b8g8r8 is RGBA byte order on a
/// little-endian machine, so pixman sees exactly wallgen's premultiplied pixels.
func pixmanImage(_ image: Image) -> OpaquePointer {
    pixman_image_create_bits(
        PIXMAN_a8b8g8r8, Int32(image.width), Int32(image.height),
        UnsafeMutableRawPointer(image.pixels).assumingMemoryBound(to: UInt32.self), Int32(image.width * 4))
}

func pixmanOver(source: OpaquePointer, mask: OpaquePointer?, destination: OpaquePointer, width: Int, height: Int) {
    pixman_image_composite32(
        PIXMAN_OP_OVER, source, mask, destination, 0, 0, 0, 0, 0, 0, Int32(width), Int32(height))
}

/// The fused background's four layers done by pixman, one composite per layer as a pixman
/// user would: white, the picture at half opacity (a solid mask), the edge shade and the
/// bottom shade as pixman linear gradients. Same work as the fused loop, minus the dither.
/// pixman only draws straight lines between stops, so each eased shade is given as 129
/// stops sampled from it (within a tenth of a level of the curve).
final class PixmanBackground {
    let width: Int32
    let height: Int32
    private let white: OpaquePointer
    private let halfOpacity: OpaquePointer
    private let edgeShade: OpaquePointer
    private let bottomShade: OpaquePointer

    init(width: Int, height: Int, edge: LinearGradient, bottom: LinearGradient) {
        self.width = Int32(width)
        self.height = Int32(height)
        func fixed(_ value: Double) -> pixman_fixed_t { pixman_fixed_t(value * 65536) }
        func black(_ alpha: Double) -> pixman_color_t {
            pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(alpha * 65535))
        }
        func solid(_ color: pixman_color_t) -> OpaquePointer {
            var color = color
            return pixman_image_create_solid_fill(&color)
        }
        func gradient(from start: pixman_point_fixed_t, to end: pixman_point_fixed_t, _ shade: LinearGradient)
            -> OpaquePointer
        {
            var start = start
            var end = end
            let stops = (0...128).map { step in
                let position = Double(step) / 128
                return pixman_gradient_stop_t(x: fixed(position), color: black(shade.alpha(at: position)))
            }
            return pixman_image_create_linear_gradient(&start, &end, stops, Int32(stops.count))
        }
        white = solid(pixman_color_t(red: 65535, green: 65535, blue: 65535, alpha: 65535))
        halfOpacity = solid(black(0.5))
        // Gradient end points are pixel edges; pixman samples at pixel centres, like wallgen.
        edgeShade = gradient(
            from: pixman_point_fixed_t(x: 0, y: 0), to: pixman_point_fixed_t(x: fixed(Double(width)), y: 0), edge)
        bottomShade = gradient(
            from: pixman_point_fixed_t(x: 0, y: 0), to: pixman_point_fixed_t(x: 0, y: fixed(Double(height))), bottom)
    }

    func render(picture: OpaquePointer, into canvas: OpaquePointer) {
        pixman_image_composite32(PIXMAN_OP_SRC, white, nil, canvas, 0, 0, 0, 0, 0, 0, width, height)
        pixman_image_composite32(PIXMAN_OP_OVER, picture, halfOpacity, canvas, 0, 0, 0, 0, 0, 0, width, height)
        pixman_image_composite32(PIXMAN_OP_OVER, edgeShade, nil, canvas, 0, 0, 0, 0, 0, 0, width, height)
        pixman_image_composite32(PIXMAN_OP_OVER, bottomShade, nil, canvas, 0, 0, 0, 0, 0, 0, width, height)
    }

    deinit {
        for image in [white, halfOpacity, edgeShade, bottomShade] { pixman_image_unref(image) }
    }
}

/// pixman's own separable Lanczos-3 (what cairo uses to shrink pictures well) cover-scaling
/// `source` into `destination`: the same crop and scale as wallgen's `Resampler.cover`.
/// Cover-scaling a 4000x3000 picture, the photo size, to a phone screen, in
/// wallgen and in pixman, one core each.
func benchmarkScale() {
    let (sourceWidth, sourceHeight) = quick ? (400, 300) : (4000, 3000)
    let (width, height) = pipelineSize
    let source = randomImage(width: sourceWidth, height: sourceHeight, seed: 5)
    let destination = Image(width: width, height: height)
    let pixels = Double(width * height)
    let ours = pixels / medianSeconds { _ = Resampler.cover(source, width: width, height: height, workers: 1) } / 1e6
    let peer = PixmanCover(source, into: destination)
    let theirs = pixels / medianSeconds(runs: quick ? 1 : 3) { peer.run() } / 1e6
    print("Lanczos-3 cover scale, \(sourceWidth)x\(sourceHeight) to \(width)x\(height), one core, output pixels")
    print(row("  pixman separable convolution", theirs))
    print(row("  Resampler.cover (\(KernelChoice.active.name) kernels)", ours, "\(format(ours / theirs, 2))x pixman"))
}

/// A solid colour through an 8-bit coverage mask in pixman, the way text is drawn.
/// pixman wants mask rows padded to four bytes, so the mask gets its own buffer.
final class PixmanCoverage {
    let solid: OpaquePointer
    let mask: OpaquePointer
    private let bytes: UnsafeMutablePointer<UInt8>

    init(color: PremultipliedPixel, coverage: UInt8, width: Int, height: Int) {
        let stride = (width + 3) / 4 * 4
        bytes = .allocate(capacity: stride * height)
        bytes.initialize(repeating: coverage, count: stride * height)
        mask = pixman_image_create_bits(
            PIXMAN_a8, Int32(width), Int32(height), UnsafeMutableRawPointer(bytes).assumingMemoryBound(to: UInt32.self),
            Int32(stride))
        func sixteen(_ channel: UInt8) -> UInt16 { UInt16(channel) * 257 }
        var fill = pixman_color_t(
            red: sixteen(color.r), green: sixteen(color.g), blue: sixteen(color.b), alpha: sixteen(color.a))
        solid = pixman_image_create_solid_fill(&fill)
    }

    deinit {
        pixman_image_unref(mask)
        pixman_image_unref(solid)
        bytes.deallocate()
    }
}

func format(_ value: Double, _ digits: Int = 0) -> String {
    String(format: "%.\(digits)f", value)
}

func row(_ label: String, _ mpx: Double, _ note: String = "") -> String {
    label.padding(toLength: 40, withPad: " ", startingAt: 0) + format(mpx, mpx < 10 ? 2 : 0).leftPadded(8) + " Mpx/s"
        + (note.isEmpty ? "" : "   " + note)
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}

/// Both implementations of exact source-over must give the same bytes, or the race is unfair.
func blendAgreesWithPixman(source: Image, width: Int, height: Int, kernels: any KernelSet.Type) -> Bool {
    let ours = randomImage(width: width, height: height, seed: 4)
    let theirs = randomImage(width: width, height: height, seed: 4)
    kernels.sourceOver(destination: ours.pixels, source: source.pixels, count: width * height)
    let pixmanSource = pixmanImage(source)
    let pixmanDestination = pixmanImage(theirs)
    pixmanOver(source: pixmanSource, mask: nil, destination: pixmanDestination, width: width, height: height)
    pixman_image_unref(pixmanSource)
    pixman_image_unref(pixmanDestination)
    return memcmp(ours.pixels, theirs.pixels, width * height * 4) == 0
}

func benchmarkBlend(width: Int, height: Int) {
    let source = randomImage(width: width, height: height, seed: 1)
    let destination = randomImage(width: width, height: height, seed: 2)
    let pixmanDestination = pixmanImage(destination)
    defer { pixman_image_unref(pixmanDestination) }
    print(
        "Blend and fuse loops, \(width)x\(height), one core unless noted; fused with the \(KernelChoice.active.name) kernels"
    )
    let ceiling = benchmarkSpans(source: source, destination: destination, pixmanDestination: pixmanDestination)
    benchmarkMasks(destination: destination, pixmanDestination: pixmanDestination)
    benchmarkFused(destination: destination, pixmanDestination: pixmanDestination, ceiling: ceiling)
}

/// Source-over of one image onto another: the memory baselines, a scalar reference,
/// pixman's OVER and every compiled copy of wallgen's loop (checked for pixman's bytes).
/// Returns the read-2-write-1 ceiling, which the other parts are measured against.
func benchmarkSpans(source: Image, destination: Image, pixmanDestination: OpaquePointer) -> Double {
    let (width, height) = (source.width, source.height)
    let pixels = Double(width * height)
    let bytes = width * height * 4
    let copy = pixels / medianSeconds { memcpy(destination.pixels, source.pixels, bytes) } / 1e6
    let readTwo =
        pixels / medianSeconds { readTwoWriteOne(destination: destination.pixels, source: source.pixels, bytes: bytes) }
        / 1e6
    let scalar =
        pixels
        / medianSeconds {
            scalarReferenceSourceOver(destination: destination.pixels, source: source.pixels, count: width * height)
        } / 1e6
    // Every compiled copy of the loops this processor runs, the baseline first.
    let blends = KernelChoice.supported.map { kernels in
        pixels
            / medianSeconds {
                kernels.sourceOver(destination: destination.pixels, source: source.pixels, count: width * height)
            } / 1e6
    }
    let pixmanSource = pixmanImage(source)
    defer { pixman_image_unref(pixmanSource) }
    let pixman =
        pixels
        / medianSeconds {
            pixmanOver(
                source: pixmanSource, mask: nil, destination: pixmanDestination, width: width, height: height)
        } / 1e6
    let agree = KernelChoice.supported.map {
        blendAgreesWithPixman(source: source, width: width, height: height, kernels: $0)
    }
    print(row("  memory copy (read 1, write 1)", copy))
    print(row("  read 2, write 1 (blend ceiling)", readTwo))
    print(row("  scalar reference source-over", scalar, "1.00x scalar"))
    print(row("  pixman OVER (span)", pixman, "\(format(pixman / readTwo, 2))x ceiling"))
    for (index, kernels) in KernelChoice.supported.enumerated() {
        print(
            row(
                "  Blend.sourceOver span, \(kernels.name)", blends[index],
                "\(format(blends[index] / pixman, 2))x pixman, \(format(blends[index] / readTwo, 2))x ceiling, "
                    + (agree[index] ? "same bytes as pixman" : "DIFFERS from pixman")))
    }
    return readTwo
}

/// A solid colour through an 8-bit coverage mask (text and shapes), wallgen's loops
/// against pixman's OVER through an a8 mask.
func benchmarkMasks(destination: Image, pixmanDestination: OpaquePointer) {
    let (width, height) = (destination.width, destination.height)
    let pixels = Double(width * height)
    let coverage = [UInt8](repeating: 200, count: width * height)
    let color = Color(red: 200, green: 120, blue: 40).withOpacity(0.8).premultiplied
    let maskedColor = SIMD4(color.r, color.g, color.b, color.a)
    let masks = KernelChoice.supported.map { kernels in
        pixels
            / medianSeconds {
                coverage.withUnsafeBufferPointer {
                    kernels.sourceOver(
                        destination: destination.pixels, color: maskedColor, coverage: $0.baseAddress!,
                        count: width * height)
                }
            } / 1e6
    }
    let pixmanCoverage = PixmanCoverage(color: color, coverage: 200, width: width, height: height)
    let pixmanMasked =
        pixels
        / medianSeconds {
            pixmanOver(
                source: pixmanCoverage.solid, mask: pixmanCoverage.mask, destination: pixmanDestination,
                width: width, height: height)
        } / 1e6
    print(row("  pixman OVER (solid through a8 mask)", pixmanMasked))
    for (index, kernels) in KernelChoice.supported.enumerated() {
        print(
            row(
                "  coverage mask, \(kernels.name)", masks[index],
                "\(format(masks[index] / pixmanMasked, 2))x pixman"))
    }
}

/// The wallpaper's whole-canvas layers, as the renderer fuses them into one pass, against
/// pixman drawing the same four layers in turn (and how far apart their pixels are).
func benchmarkFused(destination: Image, pixmanDestination: OpaquePointer, ceiling readTwo: Double) {
    let (width, height) = (destination.width, destination.height)
    let pixels = Double(width * height)
    let picture = randomImage(width: width, height: height, seed: 3)
    let bottomShade = SeasonWallpaper.bottomShade(endAlpha: 0.4)
    let scene = Scene(
        width: width, height: height,
        layers: [
            .solid(.white), .picture(PictureLayer(image: picture, opacity: 0.5)),
            .gradient(SeasonWallpaper.edgeShade), .gradient(bottomShade),
        ])
    func fused(workers: Int) -> Double {
        let renderer = Renderer(workers: workers)
        return pixels / medianSeconds { _ = try! renderer.render(scene) } / 1e6
    }
    let fusedOne = fused(workers: 1)
    let pixmanBackground = PixmanBackground(
        width: width, height: height, edge: SeasonWallpaper.edgeShade, bottom: bottomShade)
    let pixmanPicture = pixmanImage(picture)
    defer { pixman_image_unref(pixmanPicture) }
    let pixmanFused =
        pixels / medianSeconds { pixmanBackground.render(picture: pixmanPicture, into: pixmanDestination) } / 1e6
    // The peer must draw the same picture: wallgen dithers, pixman rounds per layer.
    let fusedImage = try! Renderer(workers: 1).render(scene)
    var largestDifference = 0
    for i in 0..<(width * height * 4) {
        largestDifference = max(largestDifference, abs(Int(fusedImage.pixels[i]) - Int(destination.pixels[i])))
    }
    let fusedAll = fused(workers: Parallel.availableCores)
    print(
        row(
            "  pixman, the same 4 layers (4 passes)", pixmanFused,
            "differs from wallgen's by at most \(largestDifference) levels"))
    print(
        row(
            "  fused 4-layer background (1 pass)", fusedOne,
            "\(format(fusedOne / pixmanFused, 2))x pixman, \(format(fusedOne / readTwo, 2))x ceiling"))
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
    print(
        "Pipeline, winter wallpaper \(spec.width)x\(spec.height) (median of \(runs.count), milliseconds, \(KernelChoice.active.name) kernels)"
    )
    for (name, stage) in [
        ("read files", \StageTimings.read), ("decode header and font", \.decode),
        ("decode rows and scale", \.scale),
        ("composite", \.composite), ("text", \.text), ("encode PNG", \.encode), ("total", \.total),
    ] as [(String, KeyPath<StageTimings, Duration>)] {
        print(
            "  " + name.padding(toLength: 32, withPad: " ", startingAt: 0)
                + format(median { $0[keyPath: stage] }, 1).leftPadded(8) + " ms")
    }
    benchmarkPNG(of: image!)
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
    // No thumbnails: the single processes make none either. The pipeline is set up as
    // `terms` sets its own: each card's rows get the threads the cards leave, and the
    // cards share the image memory (no picture cache: the 24 cards share no picture).
    let batch = BatchEngine(jobs: nil, cpus: Parallel.availableCores)
    var pipeline = TermCardPipeline(data: try DataDirectory.locate())
    pipeline.renderer.workers = batch.threadsPerItem
    pipeline.renderer.recycler = ImageRecycler(capacity: 3 * batch.jobs)
    let tally = batch.run(terms) { [pipeline] term, _ -> BatchOutcome<Void> in
        do {
            let card = try pipeline.render(TermCardSpec(term: term, width: width, height: height))
            try AtomicFileWriter.write(card.encoded, to: folder + "/\(term.fileStem).png")
            return .done(())
        } catch {
            return .failed(BatchFailure(status: 1, subject: term.fileStem, reason: "\(error)"))
        }
    }
    let batchSeconds = seconds(clock.now - started)
    guard tally.failed == 0 else { throw BenchmarkFailure("a card of the batch failed: \(tally.failureLines[0])") }

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

// Sections can be named to run only those: `wallgen-bench blend scale`, `wallgen-bench pipeline batch`.
let sections = ["blend", "scale", "pipeline", "batch", "encode"]
let named = CommandLine.arguments.dropFirst().filter { sections.contains($0) }
func wanted(_ section: String) -> Bool { named.isEmpty || named.contains(section) }
do {
    if wanted("blend") { for (width, height) in blendSizes { benchmarkBlend(width: width, height: height) } }
    if wanted("scale") { benchmarkScale() }
    if wanted("pipeline") { try benchmarkPipeline() }
    if wanted("batch") { try benchmarkBatch() }
    if wanted("encode") { try benchmarkEncode() }
} catch {
    FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
    exit(1)
}
