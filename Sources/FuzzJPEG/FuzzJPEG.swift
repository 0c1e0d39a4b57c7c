import Compositor
import FuzzSupport

/// Feeds arbitrary bytes to the image decoder. Errors are expected; crashes, hangs,
/// leaks and memory beyond the fuzzer's limit are what it looks for.

func decode(_ bytes: [UInt8]) {
    guard let image = try? ImageDecoder.decode(bytes, limits: FuzzReplay.limits) else { return }
    // Touch the result as the renderer would: scale it and encode it again.
    let scaled = Resampler.cover(image, width: 16, height: 16, workers: 1)
    _ = try? PNGEncoder.encode(scaled)
}

#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        decode(FuzzReplay.bytes(data, size))
        return 0
    }
#else
    @main enum Replay {
        static func main() { FuzzReplay.run(decode) }
    }
#endif
