import Almanac
import Designs
import Foundation
import Testing

@testable import Compositor

/// A card rendered without keeping its pixels (the single picture of `wallgen term`)
/// passes its canvas's pages down as they are encoded, and its file is byte for byte
/// the card rendered keeping them.
@Suite struct PassedDownPagesTests {
    @Test(arguments: [1.0, 0.6]) func aCardWithoutItsPixelsIsTheSameFile(alpha: Double) throws {
        var spec = TermCardSpec(term: SolarTerm.find("冬至")!, width: 1170, height: 2532, language: .chinese)
        spec.alpha = alpha
        let pipeline = TermCardPipeline(data: data, renderer: Renderer(workers: 2))
        let kept = try pipeline.render(spec)
        let passedDown = try pipeline.render(spec, keepsPixels: false)
        #expect(kept.image.pageReuse == nil)
        #expect(passedDown.image.pageReuse != nil)
        #expect(passedDown.encoded.count == kept.encoded.count)
        #expect(zip(passedDown.encoded, kept.encoded).count { $0 != $1 } == 0)
    }
}
