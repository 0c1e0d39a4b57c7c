import FuzzSupport

// The PNG target: the image decoder fed arbitrary bytes, with the png seeds and
// dictionary (Scripts/fuzz). The body is shared with the other image targets.

#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        FuzzReplay.decodeImage(FuzzReplay.bytes(data, size))
        return 0
    }
#else
    @main enum Replay {
        static func main() { FuzzReplay.run(FuzzReplay.decodeImage) }
    }
#endif
