import Foundation
import TestSupport
import Testing

/// The README is for people trying wallgen: every `wallgen …` line in its shell blocks
/// is run here, in order, in one folder with a home of its own, and must succeed and
/// leave the files it names. An example the tests cannot run does not belong there
/// (docs/USAGE.md has the rest).
@Suite struct ReadmeExamplesTests {
    static let readme = repositoryRoot + "/README.md"

    /// The `wallgen …` lines of the fenced shell blocks of `markdown`, in order, with the
    /// `echo` lines between them (which may write a manifest's row that the next reads).
    /// A fence is three or more backticks or tildes (indented or not); a block whose info
    /// string names a language other than a shell is not read. A `$ ` prompt is taken off,
    /// and lines ending in `\` are joined with the next, so an example is run as a reader
    /// would paste it however the README comes to spell it.
    static func examples(in markdown: String) -> [String] {
        let shells: Set<String> = ["", "sh", "bash", "shell", "console", "zsh"]
        var lines: [String] = []
        var fence: String?
        var readsBlock = false
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
                if command == "wallgen" || command == "echo" { lines.append(line) }
                continue
            }
            for mark in ["```", "~~~"] where trimmed.hasPrefix(mark) {
                let length = trimmed.prefix { $0 == mark.first }.count
                fence = String(repeating: mark.first!, count: length)
                let info = trimmed.dropFirst(length).trimmingCharacters(in: .whitespaces)
                readsBlock = shells.contains(String(info.split(separator: " ").first ?? "").lowercased())
            }
        }
        return lines
    }

    /// The README's examples.
    static func examples() throws -> [String] {
        examples(in: try String(contentsOfFile: readme, encoding: .utf8))
    }

    /// The files an example says it makes: its `-o` name, or a file name its comment gives.
    static func promisedFiles(_ example: String) -> [String] {
        let parts = example.components(separatedBy: " #")
        let words = parts[0].split(separator: " ").map(String.init)
        var files: [String] = []
        if let flag = words.firstIndex(of: "-o"), flag + 1 < words.count { files.append(words[flag + 1]) }
        if parts.count > 1 {
            let comment = parts[1].trimmingCharacters(in: .whitespaces)
            if !comment.contains(" "), comment.contains(".") { files.append(comment) }
        }
        return files
    }

    @Test func theReadmeStaysShort() throws {
        let size = try Data(contentsOf: URL(fileURLWithPath: Self.readme)).count
        #expect(size < 10 * 1024, "README.md is \(size) bytes: move detail to docs/USAGE.md")
    }

    @Test func theExtractorFindsLinesInAnyShellFenceAndNoOthers() {
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
                "wallgen --season winter   # a comment",
                "echo '{\"a\":1}' >> rows.jsonl",
                "wallgen term 冬至 --lang en",
                "wallgen almanac",
                "wallgen devices",
            ])
    }

    @Test func everyExampleRuns() throws {
        let examples = try Self.examples()
        // A README without examples, or an extractor that finds none, proves nothing.
        try #require(examples.count >= 8, "README.md: only \(examples.count) wallgen lines found in shell blocks")
        // The README's own promises: the command that always works, cards, completions.
        #expect(examples.contains("wallgen --season winter --alpha 0.5 --label on -o out.png"))
        #expect(examples.contains { $0.hasPrefix("wallgen term ") })
        #expect(examples.contains { $0.hasPrefix("wallgen completions bash --install") })
        try withTemporaryFolder { folder in
            let home = folder + "/home"
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
            var environment = ProcessInfo.processInfo.environment
            for name in ["XDG_DATA_HOME", "XDG_CONFIG_HOME", "BASH_COMPLETION_USER_DIR"] {
                environment[name] = nil
            }
            environment["HOME"] = home
            environment["PATH"] = productsFolder.path + ":" + environment["PATH", default: "/usr/bin:/bin"]
            for example in examples {
                let result = try launch(
                    ["-c", example], in: folder, environment: environment,
                    executable: URL(fileURLWithPath: "/bin/bash"))
                #expect(result.status == 0, "\(example): \(result.status) \(result.standardError)")
                #expect(!result.standardError.contains("Error"), "\(example): \(result.standardError)")
                for file in Self.promisedFiles(example) {
                    let stem = (file as NSString).deletingPathExtension
                    let made = filesIn(folder).contains { $0 == file || $0.hasPrefix(stem + "-") }
                    #expect(made, "\(example) made no \(file): \(filesIn(folder))")
                }
            }
            #expect(FileManager.default.fileExists(atPath: home + "/.local/share/bash-completion/completions/wallgen"))
            #expect(filesIn(folder + "/spring").filter { $0.hasSuffix(".png") }.count == 7, "six cards and the sheet")
        }
    }
}
