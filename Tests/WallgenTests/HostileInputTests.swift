import Compositor
import Foundation
import TestSupport
import Testing

/// Files made to hurt: each is refused with its exit status and a message, leaves no
/// file behind, and the process stays within a memory ceiling measured from the kernel.
@Suite struct HostileInputTests {
    /// Memory a refused input may cost: the program itself plus a little.
    static let ceiling = 80.0

    func refuse(_ bytes: [UInt8], named name: String, status: Int32 = 65, message: String) throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
        let run = try measuredRun(["--background", name, "--size", "64x64", "-o", "out.png"], in: folder)
        #expect(run.status == status, "\(name): \(run.standardError)")
        #expect(run.standardError.contains(message), "\(name): \(run.standardError)")
        #expect(run.peakMegabytes < Self.ceiling, "\(name) took \(run.peakMegabytes) MB")
        #expect(filesIn(folder) == [name], "\(name) left \(filesIn(folder))")
    }

    static func png(width: Int, height: Int, extra: [(String, [UInt8])] = [], data: [UInt8]? = nil) -> [UInt8] {
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += PNGTestWriter.chunk(
            "IHDR", PNGTestWriter.bigEndian(UInt32(width)) + PNGTestWriter.bigEndian(UInt32(height)) + [8, 2, 0, 0, 0])
        for (type, body) in extra { file += PNGTestWriter.chunk(type, body) }
        if let data { file += PNGTestWriter.chunk("IDAT", data) }
        return file + PNGTestWriter.chunk("IEND", [])
    }

    @Test func headerOnlyBombsAreRefusedBeforeAllocating() throws {
        try refuse(Self.png(width: 65535, height: 65535), named: "bomb.png", message: "above the limit")
        var jpeg = try JPEGEncoder.encode(solidImage(16, 16))
        let frame = jpeg.indices.first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }!
        jpeg.replaceSubrange((frame + 5)...(frame + 8), with: [0xFF, 0xDC, 0xFF, 0xDC])  // 65500 x 65500
        try refuse(jpeg, named: "bomb.jpg", message: "65500x65500")
    }

    /// A real, valid PNG of 110 million black pixels is only 130 KB compressed; it is
    /// refused from its header, never inflated.
    @Test func aHugeZeroFilledPNGIsRefused() throws {
        let (width, height) = (11_000, 10_000)
        var rows: [UInt8] = []
        let row = [UInt8](repeating: 0, count: 1 + 3 * width)
        for _ in 0..<40 { rows += row }
        // Only the first rows are stored: the header alone must be enough to refuse.
        try refuse(
            Self.png(width: width, height: height, data: PNGTestWriter.zlibStored(rows)), named: "zeros.png",
            message: "above the limit")
    }

    /// Ancillary chunks that libpng would buffer whole (text, sPLT, pCAL) are skipped
    /// unread, so a chunk that claims a gigabyte costs nothing.
    @Test func chunkBombsCostNoMemory() throws {
        var claimsHuge = Self.png(width: 4, height: 4)
        let zTXt: [UInt8] = [0x3F, 0xFF, 0xFF, 0xF0] + Array("zTXt".utf8) + Array("key".utf8) + [0, 0]
        claimsHuge.insert(contentsOf: zTXt, at: 33)  // after IHDR, the rest missing
        try refuse(claimsHuge, named: "ztxt.png", message: "truncated")
        // A real 8 MB text chunk in an otherwise fine picture: decoded, quickly, in little memory.
        let pixels = PNGTestWriter.zlibStored([UInt8](repeating: 0, count: 4 * (1 + 12)))
        let text = Array("comment".utf8) + [0] + [UInt8](repeating: 0x41, count: 8 << 20)
        let big = Self.png(
            width: 4, height: 4,
            extra: [("tEXt", text), ("sPLT", Array("p".utf8) + [0, 8] + [UInt8](repeating: 1, count: 6 << 20))],
            data: pixels)
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        try Data(big).write(to: URL(fileURLWithPath: folder + "/text.png"))
        let run = try measuredRun(
            ["--background", "text.png", "--size", "64x64", "--label", "off", "-o", "out.png"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.peakMegabytes < Self.ceiling + 30, "took \(run.peakMegabytes) MB (the file itself is 14 MB)")
    }

    /// A progressive JPEG with thousands of scans would take minutes; it is stopped at 500.
    @Test func aJPEGWithThousandsOfScansIsRefused() throws {
        let jpeg = try JPEGEncoder.encode(randomImage(width: 64, height: 64, seed: 4, opaque: true), progressive: true)
        // Repeat the first scan (a DC scan) thousands of times before the end marker.
        let scans = jpeg.indices.filter { jpeg[$0] == 0xFF && $0 + 1 < jpeg.count && jpeg[$0 + 1] == 0xDA }
        let firstScan = Array(jpeg[scans[0]..<scans[1]])
        var many = Array(jpeg[..<scans[1]])
        for _ in 0..<3000 { many += firstScan }
        many += jpeg[scans[1]...]
        try refuse(many, named: "scans.jpg", message: "more than 500 progressive scans")
    }

    @Test func truncationsAtManyOffsetsAreErrors() throws {
        let jpeg = try JPEGEncoder.encode(randomImage(width: 48, height: 32, seed: 6, opaque: true))
        let png = try PNGEncoder.encode(randomImage(width: 48, height: 32, seed: 7, opaque: true))
        for (bytes, name) in [(jpeg, "cut.jpg"), (png, "cut.png")] {
            for cut in stride(from: 1, to: bytes.count - 1, by: max(1, bytes.count / 12)) {
                let folder = try temporaryFolder()
                defer { removeTemporaryFolder(folder) }
                try Data(bytes[..<cut]).write(to: URL(fileURLWithPath: folder + "/" + name))
                let run = try measuredRun(["--background", name, "--size", "32x32", "-o", "out.png"], in: folder)
                #expect(run.status == 65, "\(name) cut at \(cut): \(run.standardError)")
                #expect(filesIn(folder) == [name])
            }
        }
    }

    /// SIGINT while the PNG is being written: the temporary file is removed and the
    /// process ends by the signal. inotify reports the temporary file the moment it is
    /// created and the process is stopped right then, so the signal lands mid-write. If
    /// the write was already over by then, the run is repeated with a bigger picture.
    /// The writer is made to use a named temporary (as on a file system without
    /// O_TMPFILE): an unnamed file shows up in no folder until it is complete.
    @Test func anInterruptedRunLeavesNothing() throws {
        for side in [1200, 2400, 4000, 6000] {
            let folder = try temporaryFolder()
            defer { removeTemporaryFolder(folder) }
            let watch = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
            try #require(watch >= 0)
            defer { close(watch) }
            try #require(inotify_add_watch(watch, folder, UInt32(IN_CREATE)) >= 0)
            var interrupted = false
            let run = try measuredRun(
                ["--size", "\(side)x\(side)", "--label", "off", "-o", "big.png"], in: folder,
                environment: ["WALLGEN_TEST_NO_TMPFILE": "1"]
            ) { pid in
                var buffer = [UInt8](repeating: 0, count: 4096)
                var watcher = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
                while !Self.hasEnded(pid) {
                    guard poll(&watcher, 1, 50) > 0, read(watch, &buffer, buffer.count) > 0 else { continue }
                    kill(pid, SIGSTOP)
                    if filesIn(folder).contains(where: { $0.hasSuffix(".tmp") }) {
                        interrupted = true
                        kill(pid, SIGINT)
                        kill(pid, SIGCONT)
                        return
                    }
                    kill(pid, SIGCONT)
                }
            }
            guard interrupted else { continue }  // the write finished first: try a bigger one
            #expect(run.signal == SIGINT, "status \(run.status): \(run.standardError)")
            #expect(filesIn(folder).isEmpty, "left \(filesIn(folder))")
            return
        }
        Issue.record("never caught the temporary file; every write finished first")
    }

    /// Whether a process has exited (a zombie waiting to be reaped).
    static func hasEnded(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return true }
        return stat[stat.index(close, offsetBy: 2)] == "Z"
    }

    /// JPEG variants libjpeg-turbo's 8-bit build may not decode: arithmetic coding (the
    /// frame marker patched to SOF9) and 12-bit precision. Either decoded or refused
    /// cleanly; never a crash.
    @Test func arithmeticAndTwelveBitJPEGsAreHandled() throws {
        let jpeg = try JPEGEncoder.encode(randomImage(width: 32, height: 32, seed: 3, opaque: true))
        let frame = jpeg.indices.first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }!
        var arithmetic = jpeg
        arithmetic[frame + 1] = 0xC9
        var twelveBit = jpeg
        twelveBit[frame + 4] = 12
        for (bytes, name) in [(arithmetic, "arithmetic.jpg"), (twelveBit, "twelve.jpg")] {
            let folder = try temporaryFolder()
            defer { removeTemporaryFolder(folder) }
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
            let run = try measuredRun(["--background", name, "--size", "32x32", "-o", "out.png"], in: folder)
            #expect(run.status == 0 || run.status == 65, "\(name): \(run.standardError)")
            #expect(run.signal == nil)
            if run.status == 65 { #expect(run.standardError.contains("--background '\(name)'")) }
            if name == "twelve.jpg" { #expect(run.standardError.contains("precision"), "\(run.standardError)") }
            #expect(filesIn(folder) == (run.status == 0 ? [name, "out.png"] : [name]))
        }
    }

    /// A batch that runs out of space part-way says which cards failed and how many were
    /// written, exits 75 as every batch does when its items failed only in writing (a
    /// retry may finish them; docs/BATCH.md), and leaves no temporary files. Needs a
    /// small tmpfs (root).
    @Test(.enabled(if: canMountTmpfs, "cannot mount a tmpfs here (needs root, and a sandbox that allows mount)"))
    func aBatchThatRunsOutOfSpaceSaysWhatWasWritten() throws {
        try withTestFileSystem("size=200k") { mountPoint in
            let run = try measuredRun(
                ["terms", "-o", mountPoint + "/cards", "--size", "234x506", "--jobs", "1"], in: NSTemporaryDirectory())
            #expect(run.status == 75, "\(run.standardError)")
            #expect(run.standardError.contains("no space left"), "\(run.standardError)")
            let written = filesIn(mountPoint + "/cards")
            #expect(run.standardError.contains("cards failed; \(written.count) written"), "\(run.standardError)")
            #expect(!written.isEmpty && written.count < 24)
            #expect(!written.contains { $0.hasSuffix(".tmp") }, "temporary files left: \(written)")
        }
    }

    /// A picture that does not fit on its disk: the encoder writes into the file as it
    /// goes, and the failed write is reported (exit 74, "no space left") with the old
    /// file untouched and no temporary left, named or not. Needs a small tmpfs (root).
    @Test(
        .enabled(if: canMountTmpfs, "cannot mount a tmpfs here (needs root, and a sandbox that allows mount)"),
        arguments: [false, true])
    func aPictureThatDoesNotFitLeavesTheOldFile(namedTemporary: Bool) throws {
        try withTestFileSystem("size=200k") { mountPoint in
            try Data("old".utf8).write(to: URL(fileURLWithPath: mountPoint + "/out.png"))
            var environment = ProcessInfo.processInfo.environment
            if namedTemporary { environment["WALLGEN_TEST_NO_TMPFILE"] = "1" }
            let run = try launch(
                ["--size", "1170x2532", "-o", mountPoint + "/out.png"], in: NSTemporaryDirectory(),
                environment: environment)
            #expect(run.status == 74, "\(run.standardError)")
            #expect(run.standardError.contains("no space left"), "\(run.standardError)")
            #expect(try String(contentsOfFile: mountPoint + "/out.png", encoding: .utf8) == "old")
            #expect(filesIn(mountPoint) == ["out.png"])
        }
    }

    /// A read-only file system: a clear error and nothing written. Needs a read-only
    /// mount, which only root can make here; skipped otherwise.
    @Test(.enabled(if: canMountTmpfs, "cannot mount a tmpfs here (needs root, and a sandbox that allows mount)"))
    func aReadOnlyFileSystemIsReported() throws {
        try withTestFileSystem("ro,size=1m") { mountPoint in
            let run = try measuredRun(["--size", "32x32", "-o", mountPoint + "/out.png"], in: NSTemporaryDirectory())
            #expect(run.status == 73, "\(run.standardError)")
            #expect(run.standardError.contains("read-only file system"), "\(run.standardError)")
        }
    }
}

/// Whether this test run may mount a small tmpfs: found once by trying, so the tests
/// that need one are skipped with a reason, never passed by returning early.
let canMountTmpfs: Bool = {
    guard getuid() == 0, let folder = try? temporaryFolder() else { return false }
    defer { removeTemporaryFolder(folder) }
    guard
        let mount = try? launch(
            ["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder], in: folder,
            executable: URL(fileURLWithPath: "/bin/mount")),
        mount.status == 0
    else { return false }
    unmountTestFileSystem(folder)
    return true
}()

/// Runs `body` with a fresh tmpfs mounted on a test folder with `options` ("size=200k",
/// "ro,size=1m"), unmounted and removed afterwards.
func withTestFileSystem(_ options: String, _ body: (String) throws -> Void) throws {
    let mountPoint = try temporaryFolder()
    defer { removeTemporaryFolder(mountPoint) }
    let mount = try launch(
        ["-t", "tmpfs", "-o", options, "tmpfs", mountPoint], in: mountPoint,
        executable: URL(fileURLWithPath: "/bin/mount"))
    try #require(mount.status == 0, "mount failed: \(mount.standardError)")
    defer { unmountTestFileSystem(mountPoint) }
    try body(mountPoint)
}

/// Unmounts a test's tmpfs, trying again for a second while it is busy (a process that
/// has just exited may hold it a moment longer). One left mounted is reported: the
/// folder's removal would then empty the tmpfs and leave its mount point behind.
func unmountTestFileSystem(_ mountPoint: String) {
    var last = "not tried"
    for _ in 0..<20 {
        do {
            let run = try launch([mountPoint], in: "/", executable: URL(fileURLWithPath: "/bin/umount"))
            if run.status == 0 { return }
            last = run.standardError
        } catch {
            last = "\(error)"
        }
        usleep(50_000)
    }
    Issue.record("could not unmount the test's tmpfs at \(mountPoint): \(last)")
}

func solidImage(_ width: Int, _ height: Int) -> Image {
    let image = Image(width: width, height: height)
    image.fill(PremultipliedPixel(r: 90, g: 120, b: 150, a: 255))
    return image
}

func randomImage(width: Int, height: Int, seed: UInt64, opaque: Bool) -> Image {
    var state = seed
    let image = Image(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let bits = state >> 24
            image[x, y] = PremultipliedPixel(
                r: UInt8(bits & 0xFF), g: UInt8(bits >> 8 & 0xFF), b: UInt8(bits >> 16 & 0xFF), a: 255)
        }
    }
    return image
}
