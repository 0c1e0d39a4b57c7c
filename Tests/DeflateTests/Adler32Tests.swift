import CImaging
import Deflate
import TestSupport
import Testing

/// `Adler32`, both loops this processor can run (32 bytes a step on AVX2, and zlib's),
/// against the checksum computed here byte by byte, as RFC 1950 defines it.
@Suite struct Adler32Tests {
    static func reference(_ bytes: [UInt8]) -> UInt32 {
        var (s1, s2): (UInt32, UInt32) = (1, 0)
        for byte in bytes {
            s1 = (s1 + UInt32(byte)) % 65521
            s2 = (s2 + s1) % 65521
        }
        return s2 << 16 | s1
    }

    /// The loops to check: zlib's, and the vector one where the processor has it.
    static let loops: [Int32] = wg_cpu_supports_x86_64_v3() == 1 ? [0, 1] : [0]

    static func checksum(_ bytes: [UInt8], vectorized: Int32) -> UInt32 {
        bytes.withUnsafeBufferPointer { Adler32.checksum($0, vectorized: vectorized == 1) }
    }

    /// Lengths around the 32-byte step and the 5,536-byte block where sums are reduced.
    @Test(arguments: [0, 1, 31, 32, 33, 63, 64, 5535, 5536, 5537, 11_072, 11_105, 100_003])
    func randomBytesMatchTheDefinition(length: Int) {
        var random = SplitMix64(seed: UInt64(length))
        let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        for loop in Self.loops {
            #expect(Self.checksum(bytes, vectorized: loop) == Self.reference(bytes), "loop \(loop)")
        }
    }

    /// All 255s make every partial sum as large as it can be.
    @Test func largestBytesDoNotOverflow() {
        let bytes = [UInt8](repeating: 255, count: 1 << 20)
        for loop in Self.loops {
            #expect(Self.checksum(bytes, vectorized: loop) == Self.reference(bytes), "loop \(loop)")
        }
    }
}
