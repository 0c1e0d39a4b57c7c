import Batch
import Foundation
import FuzzSupport

/// Feeds arbitrary manifests to `ManifestReader`, reading every row: the first byte
/// chooses the format (even: JSON Lines, odd: CSV), the rest is the file. The file is
/// an anonymous memory file (memfd), read through its /proc path as a manifest on disk is.
func read(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let descriptor = memfd_create("manifest", 0)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let body = Array(bytes.dropFirst())
    let written = body.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard written == body.count else { return }
    let format: ManifestReader.Format = first & 1 == 0 ? .jsonLines : .csv
    guard let reader = try? ManifestReader(path: "/proc/self/fd/\(descriptor)", format: format) else { return }
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
