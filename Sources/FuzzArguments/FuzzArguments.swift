import Almanac
import FuzzSupport
import WallgenCommands

/// Feeds arbitrary command lines to the parser and validator (never running them):
/// the input is split at NUL bytes into arguments, as argv would be.

func parse(_ bytes: [UInt8]) {
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
    }
    _ = try? Invocation.parse(arguments, today: CivilDate(year: 2026, month: 11, day: 29)!)
}

#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzArguments(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        parse(FuzzReplay.bytes(data, size))
        return 0
    }
#else
    @main enum Replay {
        static func main() { FuzzReplay.run(parse) }
    }
#endif
