import Compositor
import Foundation
import TestSupport
import Testing

/// What `wallgen` loads before it does anything: libheif and its codecs (libde265, x265,
/// dav1d, aom) only when a HEIC or AVIF is read or written, libwebp's three libraries only
/// for a WebP, Little CMS only for a picture with a colour profile, fontconfig (with expat)
/// only for a character no bundled font has, and civetweb only when the studio starts its
/// server (the studio's tests start it); never for `--version` or a PNG. FreeType and
/// HarfBuzz (with GLib and graphite2, which HarfBuzz links) only for what draws text: a
/// card, not `--version` or the almanac. The dynamic loader's own trace (`LD_DEBUG=files`,
/// glibc's) says what was loaded.
@Suite struct StartupLibrariesTests {
    /// The libraries the loader opened while `arguments` ran (their file names).
    func loaded(_ arguments: [String], in folder: String) throws -> (
        status: Int32, libraries: Set<String>, standardError: String
    ) {
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        let run = try launch(arguments, in: folder, environment: environment)
        let names = run.standardError.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "file=") else { return nil }
            let rest = line[range.upperBound...]
            return String(rest.prefix { $0 != " " && $0 != ";" && $0 != "[" })
        }
        return (run.status, Set(names.map { ($0 as NSString).lastPathComponent }), run.standardError)
    }

    /// Records every one of `libraries` (file name prefixes) among those `what` loaded.
    func expectNone(
        of libraries: [String], in loaded: Set<String>, _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for library in libraries {
            #expect(
                !loaded.contains { $0.hasPrefix(library) }, "\(what) loaded \(library)", sourceLocation: sourceLocation)
        }
    }

    @Test func versionAndAPNGLoadNoHEIFCodec() throws {
        try withTemporaryFolder { folder in
            let version = try loaded(["--version"], in: folder)
            #expect(version.status == 0)
            // The trace is there at all (the loader honoured LD_DEBUG), so its silence counts.
            #expect(version.libraries.contains { $0.hasPrefix("libpng16.so") }, "\(version.libraries)")
            expectNone(of: Self.onDemand, in: version.libraries, "--version")
            let png = try loaded(["term", "1", "--size", "48x80", "-o", "card.png", "-q"], in: folder)
            #expect(png.status == 0)
            expectNone(of: Self.onDemand, in: png.libraries, "a PNG card")
        }
    }

    @Test func onlyWhatDrawsTextLoadsTheFontLibraries() throws {
        try withTemporaryFolder { folder in
            for arguments in [["--version"], ["almanac", "--year", "2027"], ["term", "--help"]] {
                let run = try loaded(arguments, in: folder)
                #expect(run.status == 0)
                #expect(run.libraries.contains { $0.hasPrefix("libpng16.so") }, "\(run.libraries)")
                expectNone(of: Self.fontLibraries, in: run.libraries, "\(arguments)")
            }
            let card = try loaded(["term", "1", "--size", "48x80", "-o", "card.png", "-q"], in: folder)
            #expect(card.status == 0)
            #expect(FileManager.default.fileExists(atPath: folder + "/card.png"))
            for library in Self.fontLibraries {
                #expect(card.libraries.contains { $0.hasPrefix(library) }, "a card did not load \(library)")
            }
        }
    }

    /// Loaded by the first font, or ahead of it by a command that draws text.
    static let fontLibraries = ["libfreetype.so", "libharfbuzz.so", "libglib-2.0.so", "libgraphite2.so"]

    /// Loaded on first use only.
    static let onDemand = [
        "libheif.so", "libde265.so", "libx265.so", "libdav1d.so", "libaom.so", "libwebp.so", "libwebpmux.so",
        "libwebpdemux.so", "liblcms2.so", "libfontconfig.so", "libexpat.so", "libcivetweb.so",
    ]

    /// Each library is loaded by what needs it, and that works: a WebP written then read
    /// back, a JPEG with an ICC profile converted (its colours are not the untagged file's),
    /// and a character only an installed font has.
    @Test func eachLibraryIsLoadedByWhatNeedsItAndWorks() throws {
        try withTemporaryFolder { folder in
            let webp = try loaded(["term", "1", "--size", "48x80", "-o", "card.webp", "-q"], in: folder)
            #expect(webp.status == 0)
            #expect(webp.libraries.contains { $0.hasPrefix("libwebp.so") }, "\(webp.libraries)")
            #expect(webp.libraries.contains { $0.hasPrefix("libwebpmux.so") }, "\(webp.libraries)")
            #expect(!webp.libraries.contains { $0.hasPrefix("liblcms2.so") }, "a WebP card loaded Little CMS")
            let fromWebP = try loaded(
                ["term", "2", "--size", "48x80", "--background", "card.webp", "-o", "from-webp.png", "-q"], in: folder)
            #expect(fromWebP.status == 0)
            #expect(fromWebP.libraries.contains { $0.hasPrefix("libwebpdemux.so") }, "\(fromWebP.libraries)")

            // The same picture tagged with a linear-light profile and untagged: only the
            // tagged one loads Little CMS, and its colours come out converted (lighter).
            let picture = solidImage(64, 64)
            try Data(JPEGEncoder.encode(picture, quality: 100, iccProfile: ICCTestProfile.linearSRGB()))
                .write(to: URL(fileURLWithPath: folder + "/tagged.jpg"))
            try Data(JPEGEncoder.encode(picture, quality: 100)).write(to: URL(fileURLWithPath: folder + "/plain.jpg"))
            var made: [String: Data] = [:]
            for name in ["tagged", "plain"] {
                let run = try loaded(
                    ["term", "3", "--size", "48x80", "--background", name + ".jpg", "-o", name + ".png", "-q"],
                    in: folder)
                #expect(run.status == 0)
                #expect(run.libraries.contains { $0.hasPrefix("liblcms2.so") } == (name == "tagged"), "\(name)")
                made[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name + ".png"))
            }
            #expect(made["tagged"] != made["plain"], "the profile changed nothing")

            // U+0378 is unassigned: no font has it, so fontconfig is asked (and says none).
            let unassigned = try loaded(
                ["--season", "summer", "--size", "480x270", "--text", "A\u{0378}", "-o", "none.png", "-q"], in: folder)
            #expect(unassigned.status != 0)
            #expect(unassigned.standardError.contains("U+0378"), "\(unassigned.standardError.suffix(300))")
            #expect(unassigned.libraries.contains { $0.hasPrefix("libfontconfig.so") }, "\(unassigned.libraries)")
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
