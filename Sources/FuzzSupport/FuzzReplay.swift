import Compositor
import Foundation

/// What the fuzz targets share: the bounds they decode under, and replaying saved inputs.
///
/// Each fuzz target is an executable whose `LLVMFuzzerTestOneInput` libFuzzer calls when
/// built with `--sanitize=fuzzer -Xswiftc -DFUZZING` (Scripts/fuzz). In an ordinary
/// build the same target instead replays files, so crashers kept in `Fuzz/regressions`
/// are run by the tests.
public enum FuzzReplay {
    /// Smaller than the program's defaults, so the fuzzer spends its time on parsing,
    /// not on decoding large valid pictures.
    public static let limits: DecodeLimits = {
        var limits = DecodeLimits(maxPixels: 4_000_000, maxLibraryMemory: 64 << 20, maxProgressiveScans: 100)
        limits.verifiesChecksums = false
        return limits
    }()

    /// The image targets' body: decode arbitrary bytes, and touch the result as the
    /// renderer would (scale it, encode it again). Errors are expected; crashes, hangs,
    /// leaks and memory beyond the fuzzer's limit are what it looks for.
    public static func decodeImage(_ bytes: [UInt8]) {
        guard let image = try? ImageDecoder.decode(bytes, limits: limits) else { return }
        let scaled = Resampler.cover(image, width: 16, height: 16, workers: 1)
        _ = try? PNGEncoder.encode(scaled)
    }

    /// Copies the fuzzer's input into an array (libFuzzer may pass a null pointer for empty input).
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Runs `body` on every file named on the command line (folders: every file in
    /// them) and reports how many ran. Exit status 0 unless a file cannot be read.
    public static func run(_ body: ([UInt8]) -> Void) -> Never {
        var count = 0
        for argument in CommandLine.arguments.dropFirst() {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
                FileHandle.standardError.write(Data("replay: no such file \(argument)\n".utf8))
                exit(66)
            }
            let files =
                isFolder.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []).sorted().map {
                    argument + "/" + $0
                }
                : [argument]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                body([UInt8](data))
                count += 1
            }
        }
        print("replayed \(count) inputs")
        exit(0)
    }
}
