import Foundation
import TestSupport
import Testing

/// The README's examples, run as a reader would type them: every line of a fenced shell
/// block that starts with `wallgen`, with the built wallgen first on PATH, in a fresh
/// folder per block (a block's lines run in order, so one may read what another made).
///
/// The lines are found in README.md as it stands, not listed here: a rewritten README is
/// tested as it is. Lines that need a desktop session are skipped, each with its reason
/// printed; the inputs the examples name (`photo.jpg`, an iPhone's HEIC) are made by
/// independent tools before the block runs.
///
/// The examples make full-size pictures (a 4K desktop, every preset), which a debug build
/// takes minutes each to render: they run with the release build that
/// `WALLGEN_EXAMPLES_BINARY` names, as `Scripts/test` does once it has built one.
@Suite(
    .enabled(
        if: ReferenceTests.installed("cjpeg") && ReferenceTests.installed("heif-enc"),
        "cjpeg or heif-enc is missing (Debian: libjpeg-turbo-progs, libheif-examples): the examples' photos cannot be made"
    ))
struct ReadmeExampleTests {
    static let readme = repositoryRoot + "/README.md"
    static let binary = ProcessInfo.processInfo.environment["WALLGEN_EXAMPLES_BINARY"]

    /// Examples that need what a test folder has not: each with why it is left out.
    /// A line is skipped when it contains the text given.
    static let skipped: [(contains: String, reason: String)] = [
        ("--device here", "needs a graphical session with monitors (tested with Xvfb and sway elsewhere)"),
        ("--span", "needs a graphical session with monitors (tested with Xvfb and sway elsewhere)"),
        ("devices --here", "needs a graphical session with monitors (tested with Xvfb elsewhere)"),
        ("apply --monitor", "sets the running desktop's wallpaper (tested against stand-in setters elsewhere)"),
        (
            "completions bash > ~/",
            "writes into the user's completion folder, which a fresh home lacks (issue 28 item 6)"
        ),
    ]

    /// One example: the line as written and the block (0, 1, …) it belongs to.
    struct Example: Equatable, CustomStringConvertible {
        var block: Int
        var line: String
        var description: String { line }
    }

    /// The `wallgen …` lines of the fenced shell blocks of `markdown`, in order, with the
    /// `echo` lines between them (which write a manifest's row, say, that the next reads).
    /// A fence is three or more backticks or tildes (indented or not); a block whose info
    /// string names a language other than a shell is not read. A `$ ` prompt is taken off,
    /// and lines ending in `\` are joined with the next.
    static func examples(in markdown: String) -> [Example] {
        let shells: Set<String> = ["", "sh", "bash", "shell", "console", "zsh"]
        var examples: [Example] = []
        var fence: String?
        var readsBlock = false
        var block = -1
        var pending = ""
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            if let open = fence {
                if trimmed.hasPrefix(open), trimmed.allSatisfy({ $0 == open.first }) {
                    fence = nil
                    pending = ""
                    continue
                }
                guard readsBlock else { continue }
                var line = pending + (pending.isEmpty ? trimmed : " " + trimmed)
                if line.hasSuffix("\\") {
                    pending = String(line.dropLast()).trimmingCharacters(in: .whitespaces)
                    continue
                }
                pending = ""
                if line.hasPrefix("$ ") { line.removeFirst(2) }
                let command = line.split(separator: " ").first
                if command == "wallgen" || command == "echo" { examples.append(Example(block: block, line: line)) }
                continue
            }
            for mark in ["```", "~~~"] where trimmed.hasPrefix(mark) {
                let length = trimmed.prefix { $0 == mark.first }.count
                fence = String(repeating: mark.first!, count: length)
                let info = trimmed.dropFirst(length).trimmingCharacters(in: .whitespaces)
                readsBlock = shells.contains(String(info.split(separator: " ").first ?? "").lowercased())
                block += 1
            }
        }
        return examples
    }

    /// `line`, and when it runs one shard of several (`--shard 0/3`), the line for each
    /// other shard after it.
    static func everyShard(of line: String) -> [String] {
        let words = line.split(separator: " ").map(String.init)
        guard let flag = words.firstIndex(of: "--shard"), flag + 1 < words.count else { return [line] }
        let parts = words[flag + 1].split(separator: "/")
        guard parts.count == 2, let given = Int(parts[0]), let count = Int(parts[1]), count > 1 else { return [line] }
        return [line]
            + (0..<count).filter { $0 != given }.map { index in
                line.replacingOccurrences(of: "--shard \(given)/\(count)", with: "--shard \(index)/\(count)")
            }
    }

    static func skipReason(_ line: String) -> String? {
        skipped.first { line.contains($0.contains) }?.reason
    }

    @Test func theExtractorFindsLinesInAnyFenceAndNoOthers() {
        let markdown = """
            Some text with `wallgen inline` that is not run.

            ```sh
            wallgen --season winter   # a comment
            ls
            echo '{"a":1}' >> rows.jsonl
            $ wallgen term 冬至 \\
                --lang en
            ```

            ~~~~bash
            wallgen almanac
            ~~~~

              ```text
              wallgen not-a-shell-block
              ```

            ```
            ./wallgen --built-here
            wallgen devices
            ```
            """
        #expect(
            Self.examples(in: markdown) == [
                Example(block: 0, line: "wallgen --season winter   # a comment"),
                Example(block: 0, line: "echo '{\"a\":1}' >> rows.jsonl"),
                Example(block: 0, line: "wallgen term 冬至 --lang en"),
                Example(block: 1, line: "wallgen almanac"),
                Example(block: 3, line: "wallgen devices"),
            ])
    }

    @Test func aShardsLineRunsForEveryShard() {
        #expect(
            Self.everyShard(of: "wallgen batch m.jsonl -o out --shard 0/3 --resume") == [
                "wallgen batch m.jsonl -o out --shard 0/3 --resume",
                "wallgen batch m.jsonl -o out --shard 1/3 --resume",
                "wallgen batch m.jsonl -o out --shard 2/3 --resume",
            ])
        #expect(Self.everyShard(of: "wallgen gather out") == ["wallgen gather out"])
    }

    /// The inputs the README's examples name, made by tools other than wallgen.
    func makeInputs(in folder: String) throws {
        let width = 96
        let height = 64
        var ppm = [UInt8]("P6\n\(width) \(height)\n255\n".utf8)
        for y in 0..<height {
            for x in 0..<width { ppm += [UInt8(x * 255 / width), UInt8(y * 255 / height), 160] }
        }
        try Data(ppm).write(to: URL(fileURLWithPath: folder + "/photo.ppm"))
        try tool(["cjpeg", "-quality", "90", "-outfile", "photo.jpg", "photo.ppm"], in: folder)
        try tool(["heif-enc", "-q", "80", "photo.jpg", "-o", "IMG_0042.HEIC"], in: folder)
        for name in ["winter.png", "22-dongzhi.png"] {
            try tool(["cp", "photo.jpg", name], in: folder)
        }
        try FileManager.default.removeItem(atPath: folder + "/photo.ppm")
    }

    func tool(_ arguments: [String], in folder: String) throws {
        let run = try launch(arguments, in: folder, executable: URL(fileURLWithPath: "/usr/bin/env"))
        try #require(run.status == 0, "\(arguments): \(run.standardError)")
    }

    @Test(
        .enabled(
            if: binary != nil,
            "the README's examples render full-size pictures: Scripts/test runs them with its release build (WALLGEN_EXAMPLES_BINARY=.build/release/wallgen)"
        ))
    func everyExampleRuns() throws {
        let binary = try #require(Self.binary)
        let examples = Self.examples(in: try String(contentsOfFile: Self.readme, encoding: .utf8))
        // A README without examples, or an extractor that finds none, proves nothing.
        let wallgenLines = examples.filter { $0.line.hasPrefix("wallgen") }.count
        try #require(wallgenLines >= 10, "README.md: only \(wallgenLines) wallgen lines found in fenced blocks")
        for block in Set(examples.map(\.block)).sorted() {
            try withTemporaryFolder { folder in
                try makeInputs(in: folder)
                let home = folder + "/home"
                let bin = folder + "/bin"
                for made in [home, bin] {
                    try FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: true)
                }
                // `wallgen` on PATH is the build under test, named as a reader types it.
                try FileManager.default.createSymbolicLink(
                    atPath: bin + "/wallgen", withDestinationPath: URL(fileURLWithPath: binary).path)
                var environment = LivingWallpaperTests.session(home)
                environment["PATH"] = bin + ":" + environment["PATH", default: "/usr/bin:/bin"]
                for example in examples where example.block == block {
                    if let reason = Self.skipReason(example.line) {
                        print("README example skipped: \(example.line)\n    because it \(reason)")
                        continue
                    }
                    // A shard's line (`--shard 0/3`, the others "elsewhere") runs for
                    // every shard here, so what follows finds the whole batch.
                    for line in Self.everyShard(of: example.line) {
                        let run = try launch(
                            ["-c", line], in: folder, environment: environment,
                            executable: URL(fileURLWithPath: "/bin/bash"))
                        #expect(run.status == 0, "README example failed (\(run.status)): \(line)\n\(run.standardError)")
                    }
                }
            }
        }
    }
}
