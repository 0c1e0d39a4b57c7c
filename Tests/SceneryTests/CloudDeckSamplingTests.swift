import Testing

@testable import Scenery

/// A storm deck's billows sampled every few pixels and read back (on a canvas where their
/// finest octave spans a dozen pixels) are the deck worked out at every pixel, within a
/// fraction of an 8-bit level on average and a few levels at the sharpest rims.
@Suite struct CloudDeckSamplingTests {
    @Test func theSampledDeckIsTheDeck() {
        // 驚蟄's deck, on a 4K canvas's scale (the billows' step is 2 pixels there), over
        // a strip 640 pixels wide.
        func painted(sampling: Bool) -> Canvas {
            let canvas = Canvas(width: 640, height: 2160)
            var deck = CloudDeck(
                top: -50, bottom: 1060, dark: RGB(hex: 0x1D2136), light: RGB(hex: 0x4E5676),
                rim: RGB(hex: 0x9C9FBC), lightDir: Vec2(0.6, 1), coverage: 0.95, scale: 520, stretch: 1.5, seed: 1302)
            deck.samplesBillows = sampling
            canvas.draw(deck)
            return canvas
        }
        let sampled = painted(sampling: true)
        let plain = painted(sampling: false)
        var worst: Float = 0
        var sum: Float = 0
        let rows = 0..<1300
        for y in rows {
            for x in 0..<640 {
                let difference = sampled.pixels[y * 640 + x] - plain.pixels[y * 640 + x]
                let d = max(abs(difference.x), abs(difference.y), abs(difference.z)) * 255
                worst = max(worst, d)
                sum += d
            }
        }
        let mean = sum / Float(rows.count * 640)
        #expect(mean < 0.1 && worst < 16, "mean \(mean), worst \(worst) levels")
        // And it is not the same computation: some pixel differs.
        #expect(worst > 0)
    }
}
