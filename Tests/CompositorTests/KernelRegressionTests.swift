import Compositor
import Foundation
import Kernels
import TestSupport
import Testing

/// A net for the pixel loops on any machine, as pixman's blitters test is: thousands of
/// random operations from a fixed seed, every output byte hashed, the hash compared with
/// one recorded from a checked build.
///
/// The loops are checked one by one against independent references elsewhere; this
/// catches what slips between those checks (a remainder path, a rounding change, a
/// reordered sum) in every copy this processor can run, and, through the renderer,
/// resampler and encoder, in the copy it chooses. Both copies give the same bytes, so one
/// hash serves every machine. After an intended change of output, record afresh with
/// `WALLGEN_RECORD_HASHES=1 swift test --filter KernelRegressionTests` and say why in the commit.
@Suite struct KernelRegressionTests {
    static let loopsHash: UInt64 = 0xA517_E61B_2F90_2C13
    static let pipelineHash: UInt64 = 0x7F14_BF2E_5CAD_5DC8

    /// FNV-1a, 64 bits: small, and independent of everything it checks.
    struct Hash {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        mutating func add(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                value ^= UInt64(byte)
                value &*= 0x0000_0100_0000_01B3
            }
        }
    }

    static func premultiplied(_ count: Int, _ random: inout SplitMix64) -> [UInt8] {
        (0..<count).flatMap { _ -> [UInt8] in
            let alpha = UInt8.random(in: 0...255, using: &random)
            return (0..<3).map { _ in UInt8.random(in: 0...alpha, using: &random) } + [alpha]
        }
    }

    func check(_ name: String, _ hash: UInt64, expected: UInt64) {
        if ProcessInfo.processInfo.environment["WALLGEN_RECORD_HASHES"] == "1" {
            print("KernelRegressionTests.\(name) = 0x\(String(hash, radix: 16, uppercase: true))")
            return
        }
        #expect(hash == expected, "\(name): 0x\(String(hash, radix: 16, uppercase: true))")
    }

    @Test func theLoopsOfEveryCopy() {
        for kernels in KernelChoice.supported {
            var random = SplitMix64(seed: 20_261_130)
            var hash = Hash()
            for _ in 0..<3000 {
                let width = Int.random(in: 0...40, using: &random)
                var destination = Self.premultiplied(width, &random)
                let source = Self.premultiplied(width, &random)
                let coverage = (0..<width).map { _ in UInt8.random(in: 0...255, using: &random) }
                let color = SIMD4<UInt8>(
                    .random(in: 0...255, using: &random), .random(in: 0...255, using: &random),
                    .random(in: 0...255, using: &random), 255)
                destination.withUnsafeMutableBufferPointer { destination in
                    guard let pointer = destination.baseAddress else { return }
                    source.withUnsafeBufferPointer {
                        kernels.sourceOver(destination: pointer, source: $0.baseAddress!, count: width)
                    }
                    coverage.withUnsafeBufferPointer {
                        kernels.sourceOver(destination: pointer, color: color, coverage: $0.baseAddress!, count: width)
                    }
                }
                hash.add(destination)
                // A fused background row: load, picture, solid, shade, dithered store.
                var accumulator = [SIMD4<Float>](repeating: .zero, count: width)
                var row = [UInt8](repeating: 0, count: 4 * width)
                let alphas = (0..<width).map { _ in Float.random(in: 0...1, using: &random) }
                let thresholds = (0..<64).map { _ in Float.random(in: 0..<1, using: &random) }
                let opacity = Float.random(in: 0...1, using: &random)
                accumulator.withUnsafeMutableBufferPointer { accumulator in
                    guard let pointer = accumulator.baseAddress else { return }
                    destination.withUnsafeBufferPointer {
                        kernels.loadRow($0.baseAddress!, into: pointer, count: width)
                    }
                    source.withUnsafeBufferPointer {
                        kernels.pictureRow($0.baseAddress!, opacity: opacity, over: pointer, count: width)
                    }
                    kernels.solidRow(SIMD4(0.1, 0.2, 0.05, 0.3), over: pointer, count: width)
                    alphas.withUnsafeBufferPointer {
                        kernels.colorRow(SIMD4(0, 0, 0, 1), alphas: $0.baseAddress!, over: pointer, count: width)
                    }
                    thresholds.withUnsafeBufferPointer { thresholds in
                        row.withUnsafeMutableBufferPointer {
                            kernels.storeRow(
                                pointer, into: $0.baseAddress!, thresholds: thresholds.baseAddress!, thresholdMask: 63,
                                count: width)
                        }
                    }
                }
                hash.add(row)
                // The vertical pass: taps summed in fixed point, then stored.
                var sums = [Int32](repeating: 0, count: 4 * width)
                let weights = (0..<3).map { _ in Int32.random(in: -2000...9000, using: &random) }
                sums.withUnsafeMutableBufferPointer { sums in
                    guard let pointer = sums.baseAddress else { return }
                    source.withUnsafeBufferPointer {
                        kernels.startTaps($0.baseAddress!, weight: weights[0], into: pointer, count: 4 * width)
                    }
                    destination.withUnsafeBufferPointer {
                        kernels.accumulateTap($0.baseAddress!, weight: weights[1], into: pointer, count: 4 * width)
                    }
                    row.withUnsafeBufferPointer {
                        kernels.accumulateTap($0.baseAddress!, weight: weights[2], into: pointer, count: 4 * width)
                    }
                    var stored = [UInt8](repeating: 0, count: 4 * width)
                    stored.withUnsafeMutableBufferPointer {
                        kernels.storeSums(pointer, into: $0.baseAddress!, pixelCount: width)
                    }
                    hash.add(stored)
                }
            }
            check("loopsHash (\(kernels.name))", hash.value, expected: Self.loopsHash)
        }
    }

    /// Resampling and encoding, as a render uses them, in the copy this machine chose.
    @Test func resamplesAndEncodes() throws {
        var random = SplitMix64(seed: 77)
        var hash = Hash()
        for _ in 0..<40 {
            let (width, height) = (Int.random(in: 1...90, using: &random), Int.random(in: 1...90, using: &random))
            let image = Image(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    image[x, y] = PremultipliedPixel(
                        r: .random(in: 0...255, using: &random), g: .random(in: 0...255, using: &random),
                        b: .random(in: 0...255, using: &random), a: 255)
                }
            }
            let target = (Int.random(in: 1...120, using: &random), Int.random(in: 1...120, using: &random))
            let scaled = Resampler.cover(image, width: target.0, height: target.1, workers: 1)
            hash.add(try PNGEncoder.encode(scaled))
        }
        check("pipelineHash", hash.value, expected: Self.pipelineHash)
    }
}
