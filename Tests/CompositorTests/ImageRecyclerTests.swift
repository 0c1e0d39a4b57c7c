import Compositor
import Testing

/// Memory handed back by released images: reused only for images that ask for it,
/// only in blocks of a fitting size, and no more blocks kept than allowed.
@Suite struct ImageRecyclerTests {
    /// 1024x1024 pixels: 4 MiB, above the 2 MiB under which memory is not mapped.
    static let side = 1024

    @Test func aReleasedImagesMemoryIsReusedAsItWasLeft() {
        let recycler = ImageRecycler(capacity: 2)
        var first: Image? = Image(width: Self.side, height: Self.side, recycling: recycler)
        let address = first!.pixels
        first![5, 7] = PremultipliedPixel(r: 1, g: 2, b: 3, a: 4)
        #expect(recycler.keptCount == 0)
        first = nil
        #expect(recycler.keptCount == 1)
        let second = Image(width: Self.side, height: Self.side - 1, recycling: recycler)
        #expect(second.pixels == address && recycler.keptCount == 0)
        #expect(second[5, 7] == PremultipliedPixel(r: 1, g: 2, b: 3, a: 4), "recycled memory is not cleared")
        // An image that does not ask gets fresh, zeroed memory.
        let fresh = Image(width: Self.side, height: Self.side)
        #expect(fresh.pixels != address && fresh[5, 7] == PremultipliedPixel(r: 0, g: 0, b: 0, a: 0))
    }

    @Test func blocksMuchLargerThanAskedForAndSmallImagesAreLeftAlone() {
        let recycler = ImageRecycler(capacity: 2)
        var large: Image? = Image(width: Self.side, height: 3 * Self.side, recycling: recycler)
        let address = large!.pixels
        large = nil
        // 12 MiB is more than twice 4 MiB: not handed out for it.
        let smaller = Image(width: Self.side, height: Self.side, recycling: recycler)
        #expect(smaller.pixels != address && recycler.keptCount == 1)
        // Under 2 MiB, memory comes from the allocator and never goes to the recycler.
        var small: Image? = Image(width: 100, height: 100, recycling: recycler)
        small = nil
        #expect(small == nil && recycler.keptCount == 1)
    }

    @Test func keepsNoMoreThanItsCapacity() {
        let recycler = ImageRecycler(capacity: 2)
        var images: [Image] = (0..<3).map { _ in Image(width: Self.side, height: Self.side, recycling: recycler) }
        #expect(images.count == 3)
        images.removeAll()
        #expect(recycler.keptCount == 2)
    }

    /// A render whose decoded and scaled pictures reuse memory left full of other
    /// bytes (both over 2 MiB here) is the same as one with fresh memory: every reused
    /// pixel is written.
    @Test func aRenderOnRecycledMemoryEqualsAFreshOne() throws {
        let (width, height) = (520, 1010)
        let smooth = Image(width: 800, height: 1300)
        for y in 0..<1300 {
            for x in 0..<800 {
                smooth[x, y] = PremultipliedPixel(r: UInt8(x / 4), g: UInt8(y / 6), b: 90, a: 255)
            }
        }
        let jpeg = try JPEGEncoder.encode(smooth, quality: 90)
        func render(recycler: ImageRecycler?) throws -> [UInt8] {
            let decoded = try ImageDecoder.decodePicture(jpeg, width: width, height: height, recycler: recycler)
            let image = try Renderer(workers: 2, recycler: recycler).render(
                Scene(width: width, height: height, layers: [.picture(PictureLayer(picture: decoded))]))
            return Array(UnsafeBufferPointer(start: image.pixels, count: width * height * 4))
        }
        // Blocks the size of the decoded region and of the canvas, every byte 0xAB.
        let region = try ImageDecoder.decodePicture(jpeg, width: width, height: height).image
        #expect(region.width * region.height * 4 > 2 << 20, "the decoded region should be mapped")
        let recycler = ImageRecycler()
        var garbage = [(region.width, region.height), (width, height)].map { (w, h) in
            let image = Image(width: w, height: h, recycling: recycler)
            image.pixels.update(repeating: 0xAB, count: w * h * 4)
            return image
        }
        garbage.removeAll()
        #expect(recycler.keptCount == 2)
        let recycled = try render(recycler: recycler)
        #expect(recycler.keptCount == 2, "both blocks were used, and given back")
        #expect(recycled == (try render(recycler: nil)))
    }
}
