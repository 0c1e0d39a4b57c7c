import Foundation
import Testing

@testable import Scenery

/// A glow's falloff read from its table is within 5e-5 of exp(-r^falloff) everywhere in
/// its reach (the half of an 8-bit step it is cut at is 2e-3), for the falloffs the
/// scenes use, near the centre (where r^1.1 is steepest) as well as far out.
@Suite struct FalloffTableTests {
    @Test(arguments: [1.0, 1.1, 1.4, 1.6, 2.0] as [Float])
    func theTableFollowsTheCurve(falloff: Float) {
        let end: Float = 9.5
        let table = FalloffTable(falloff: falloff, upTo: end)
        var worst: Double = 0
        for step in 0...100_000 {
            let r = Float(step) / 100_000 * end
            let exact = Foundation.exp(-Foundation.pow(Double(r), Double(falloff)))
            worst = max(worst, abs(Double(table.value(at: r)) - exact))
        }
        #expect(worst < 5e-5, "falloff \(falloff): off by \(worst)")
        // Past its end, the last value; never a read outside the table.
        #expect(table.value(at: end * 3) == table.value(at: end))
    }
}
