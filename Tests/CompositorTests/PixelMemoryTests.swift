import Compositor
import Testing

/// Big buffers are recycled only where every pixel is about to be written: an
/// uninitialised image may get a released image's memory, a zeroed one never does.
@Suite(.serialized) struct PixelMemoryTests {
    static let width = 1024
    static let height = 1024  // 4 MiB: mapped, so recyclable

    func fill(_ image: Image, with byte: UInt8) {
        image.pixels.update(repeating: byte, count: image.bytesPerRow * image.height)
    }

    @Test func zeroedImagesStayZeroAfterAReleasedOneOfTheSameSize() {
        for _ in 0..<3 {
            fill(Image(uninitializedWidth: Self.width, height: Self.height), with: 0xFF)
            let fresh = Image(width: Self.width, height: Self.height)
            let bytes = UnsafeBufferPointer(start: fresh.pixels, count: fresh.bytesPerRow * fresh.height)
            #expect(bytes.allSatisfy { $0 == 0 })
        }
    }

    /// Other suites run alongside and may take the block first, so five tries.
    @Test func anUninitialisedImageReusesAReleasedOnesMemory() {
        var reused = false
        for _ in 0..<5 where !reused {
            var first: UnsafeMutablePointer<UInt8>?
            do {
                let released = Image(uninitializedWidth: Self.width, height: Self.height)
                fill(released, with: 0xAB)
                first = released.pixels
            }
            let next = Image(uninitializedWidth: Self.width, height: Self.height)
            reused = next.pixels == first
        }
        #expect(reused, "a released mapping was never reused")
    }
}
