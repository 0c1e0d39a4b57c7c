import Foundation
import Testing

@testable import Scenery

/// The noise's lattice cell is C's `floorf`, without the call: every painting depends on
/// it being exactly the same.
@Suite struct NoiseCellTests {
    @Test func cellIsFloorf() {
        var values: [Float] = [
            0, -0.0, 1, -1, 0.5, -0.5, 2.999_999_8, -2.999_999_8, 1e-7, -1e-7, 8_388_607.5, -8_388_607.5,
        ]
        values += [16_777_216, -16_777_216, 123_456_789, -123_456_789, Float(Int32.max / 2), -Float(Int32.max / 2)]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100_000 { values.append(Float.random(in: -70_000...70_000, using: &generator)) }
        for _ in 0..<10_000 { values.append(Float(Int.random(in: -5_000...5_000, using: &generator))) }
        for value in values {
            let (index, corner) = Noise.cell(value)
            let expected = floorf(value)
            #expect(corner == expected && index == Int32(expected), "\(value)")
        }
    }
}
