import CImaging
import Compositor
import Testing

/// The C shim keeps its promise: every failure is a status and a message, checked
/// before the work, with sums that cannot wrap.
@Suite struct ShimContractTests {
    /// Opens a JPEG decoder on `bytes` through the shim, returning its status and decoder.
    func openJPEG(_ bytes: [UInt8]) -> (wg_status, OpaquePointer?) {
        var decoder: OpaquePointer?
        var width: UInt32 = 0
        var height: UInt32 = 0
        var needed: UInt64 = 0
        var limits = wg_decode_limits(max_library_memory: 512 << 20, max_progressive_scans: 100, ignore_checksums: 0)
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer {
            wg_jpeg_decoder_open($0.baseAddress, $0.count, &limits, &decoder, &width, &height, &needed, &message, 256)
        }
        return (status, decoder)
    }

    /// A crop whose end wraps past 2^32 is refused, not taken as a small one.
    @Test func aCropThatWrapsIsRefused() throws {
        let image = Image(width: 16, height: 8)
        image.fill(PremultipliedPixel(r: 10, g: 20, b: 30, a: 255))
        let (opened, decoder) = openJPEG(try JPEGEncoder.encode(image))
        #expect(opened == WG_OK)
        let handle = try #require(decoder)
        defer { wg_jpeg_decoder_close(handle) }
        var width: UInt32 = 0
        var height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 256)
        #expect(wg_jpeg_decoder_start(handle, 1, &width, &height, &message, 256) == WG_OK)
        var x: UInt32 = 0xFFFF_FFF8
        var columns: UInt32 = 16
        #expect(wg_jpeg_decoder_crop(handle, &x, &columns, 0, 8, &message, 256) == WG_ERROR_ARGUMENT)
        (x, columns) = (0, 16)
        #expect(wg_jpeg_decoder_crop(handle, &x, &columns, 0xFFFF_FFFC, 8, &message, 256) == WG_ERROR_ARGUMENT)
        #expect(
            String(decoding: message.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
                == "invalid JPEG crop")
    }

    /// An empty file is known by its status, not by the words of its message.
    @Test func anEmptyFileIsItsOwnStatus() {
        #expect(openJPEG([]).0 == WG_ERROR_EMPTY)
        #expect(throws: ImageDecodingError.empty) { try ImageDecoder.decode([]) }
    }
}
