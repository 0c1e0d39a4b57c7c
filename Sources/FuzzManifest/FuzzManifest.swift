import Batch
import Foundation
import FuzzSupport

/// Where each input is written for the reader, which reads files as a batch does.
let scratch = NSTemporaryDirectory() + "/wallgen-fuzz-manifest-\(getpid())"

/// Feeds arbitrary manifests to `ManifestReader`, reading every row: the first byte
/// chooses the format (even: JSON Lines, odd: CSV), the rest is the file.
func read(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    defer { unlink(scratch) }
    guard FileManager.default.createFile(atPath: scratch, contents: Data(bytes.dropFirst())) else { return }
    let format: ManifestReader.Format = first & 1 == 0 ? .jsonLines : .csv
    guard let reader = try? ManifestReader(path: scratch, format: format) else { return }
    while let row = try? reader.next() { _ = row.fields.count }
}

#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        read(FuzzReplay.bytes(data, size))
        return 0
    }
#else
    @main enum Replay {
        static func main() { FuzzReplay.run(read) }
    }
#endif
