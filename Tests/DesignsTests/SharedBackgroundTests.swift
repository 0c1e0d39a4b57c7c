import Almanac
import Compositor
import Designs
import Foundation
import Testing

/// Renders that share a picture, a canvas and the shading over it share the composited
/// background through the pipeline's cache: the second and later cards neither decode
/// nor scale, and every one is byte for byte the card made without a cache.
@Suite struct SharedBackgroundTests {
    static let winterSolstice = SolarTerm.find("冬至")!

    static func card(_ language: CardLanguage, title: String? = nil, alpha: Double = 1, dark: Bool = false)
        -> TermCardSpec
    {
        var spec = TermCardSpec(term: winterSolstice, width: 180, height: 320, language: language, title: title)
        spec.alpha = alpha
        spec.isDark = dark
        return spec
    }

    @Test func cardsOfOnePictureAndShadingShareTheirBackground() throws {
        let plain = TermCardPipeline(data: data, renderer: Renderer(workers: 2))
        var cached = plain
        let cache = PictureCache()
        cached.pictureCache = cache
        let specs = [
            Self.card(.chinese), Self.card(.english), Self.card(.chinese, title: "冬至快樂"),
            Self.card(.chinese, title: "新年快樂"), Self.card(.english, title: "Happy solstice"),
            Self.card(.chinese, alpha: 0.6), Self.card(.chinese, dark: true), Self.card(.english, alpha: 0.6),
        ]
        // The first of each shading (whole, faded to 0.6, dark) makes its background; the
        // others take it: no read, no decode, no scaling. A card with a person's own title
        // shares more, everything but its title, with the cards that differ only in that:
        // the first Chinese one makes that background, the second takes it.
        let makesItsOwn = [true, false, true, false, true, true, true, false]
        for (spec, makes) in zip(specs, makesItsOwn) {
            let shared = try cached.render(spec)
            let alone = try plain.render(spec)
            #expect(
                shared.encoded == alone.encoded, "\(spec.language) \(spec.title ?? "") \(spec.alpha) \(spec.isDark)")
            #expect((shared.timings.scale > .zero) == makes, "\(spec.title ?? "") \(spec.alpha) \(spec.isDark)")
            // Nothing was read either (the file is only looked at, for its identity).
            if !makes { #expect(shared.timings.read == .zero) }
        }
        // Five 180x320 backgrounds (three shadings, two with their cards' text) and the
        // PNG bands their cards left (at most a third of each background's bytes), and not
        // the decoded picture (at least 400x300 pixels, more than that third): the shading
        // that needs it again decodes it again, rather than crowd the cache.
        let backgrounds = 5 * 4 * 180 * 320
        #expect(cache.heldByteCount > backgrounds && cache.heldByteCount <= backgrounds + backgrounds / 3)
    }

    /// Another canvas is another background; JPEG and WebP outputs take the same one.
    @Test func formatsShareAndCanvasesDoNot() throws {
        var png = TermCardPipeline(data: data, renderer: Renderer(workers: 1))
        let cache = PictureCache()
        png.pictureCache = cache
        var jpeg = png
        jpeg.encoding = .jpeg(quality: 90)
        let first = try png.render(Self.card(.chinese))
        #expect(first.timings.scale > .zero)
        let asJPEG = try jpeg.render(Self.card(.english))
        #expect(asJPEG.format == .jpeg && asJPEG.timings.scale == .zero)
        var wide = Self.card(.chinese)
        (wide.width, wide.height) = (320, 180)
        #expect(try png.render(wide).timings.scale > .zero)
    }

    /// Over its capacity the cache drops entries and never holds more.
    @Test func theCacheStaysWithinItsCapacity() throws {
        var pipeline = TermCardPipeline(data: data, renderer: Renderer(workers: 1))
        let cache = PictureCache(capacity: 3 * 4 * 180 * 320)
        pipeline.pictureCache = cache
        for term in SolarTerm.all.prefix(6) {
            var spec = Self.card(.chinese)
            spec.term = term
            let shared = try pipeline.render(spec)
            var plain = pipeline
            plain.pictureCache = nil
            #expect(shared.encoded == (try plain.render(spec)).encoded)
            #expect(cache.heldByteCount <= cache.capacity)
        }
    }
}
