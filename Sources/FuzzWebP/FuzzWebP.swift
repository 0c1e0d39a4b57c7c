import FuzzSupport

// The WebP target: the image decoder fed arbitrary bytes, with the webp seeds and
// dictionary (Scripts/fuzz). The body is shared with the other image targets.

#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzWebP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        FuzzReplay.decodeImage(FuzzReplay.bytes(data, size))
        return 0
    }
#else
    @main enum Replay {
        static func main() { FuzzReplay.run(FuzzReplay.decodeImage) }
    }
#endif
