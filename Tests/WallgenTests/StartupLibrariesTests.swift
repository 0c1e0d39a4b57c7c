import Foundation
import TestSupport
import Testing

/// What `wallgen` loads before it does anything: libheif and its codecs (libde265, x265,
/// dav1d, aom) only when a HEIC or AVIF is read or written, and civetweb only when the
/// studio starts its server (the studio's tests start it), never for `--version` or a
/// PNG. The dynamic loader's own trace (`LD_DEBUG=files`, glibc's) says what was loaded.
@Suite struct StartupLibrariesTests {
    /// The libraries the loader opened while `arguments` ran (their file names).
    func loaded(_ arguments: [String], in folder: String) throws -> (status: Int32, libraries: Set<String>) {
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        let run = try launch(arguments, in: folder, environment: environment)
        let names = run.standardError.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "file=") else { return nil }
            let rest = line[range.upperBound...]
            return String(rest.prefix { $0 != " " && $0 != ";" && $0 != "[" })
        }
        return (run.status, Set(names.map { ($0 as NSString).lastPathComponent }))
    }

    @Test func versionAndAPNGLoadNoHEIFCodec() throws {
        try withTemporaryFolder { folder in
            let version = try loaded(["--version"], in: folder)
            #expect(version.status == 0)
            // The trace is there at all (the loader honoured LD_DEBUG), so its silence counts.
            #expect(version.libraries.contains { $0.hasPrefix("libpng16.so") }, "\(version.libraries)")
            let onDemand = ["libheif.so", "libde265.so", "libx265.so", "libdav1d.so", "libaom.so", "libcivetweb.so"]
            for library in onDemand {
                #expect(!version.libraries.contains { $0.hasPrefix(library) }, "--version loaded \(library)")
            }
            let png = try loaded(["term", "1", "--size", "48x80", "-o", "card.png", "-q"], in: folder)
            #expect(png.status == 0)
            for library in ["libheif.so", "libcivetweb.so"] {
                #expect(!png.libraries.contains { $0.hasPrefix(library) }, "a PNG card loaded \(library)")
            }
        }
    }

    @Test func anAVIFLoadsLibheifThenAndWorks() throws {
        try withTemporaryFolder { folder in
            let avif = try loaded(["term", "1", "--size", "48x80", "-o", "card.avif", "-q"], in: folder)
            #expect(avif.status == 0)
            #expect(avif.libraries.contains { $0.hasPrefix("libheif.so") }, "\(avif.libraries)")
            let written = try Data(contentsOf: URL(fileURLWithPath: folder + "/card.avif"))
            #expect(written.count > 12 && String(decoding: written[4..<12], as: UTF8.self) == "ftypavif")
        }
    }
}
