import Foundation
import TestSupport
import Testing

/// The README is for people trying wallgen: every `wallgen …` line in its shell blocks
/// is run here, in order, in one folder with a home of its own, and must succeed and
/// leave the files it names. An example the tests cannot run does not belong there
/// (docs/USAGE.md has the rest).
@Suite struct ReadmeExamplesTests {
    static let readme = repositoryRoot + "/README.md"

    /// The lines of the README's ```sh blocks that run wallgen, as written.
    static func examples() throws -> [String] {
        let text = try String(contentsOfFile: readme, encoding: .utf8)
        var inBlock = false
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock = !inBlock && line == "```sh"
                continue
            }
            if inBlock && line.hasPrefix("wallgen ") { lines.append(String(line)) }
        }
        return lines
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

    @Test func everyExampleRuns() throws {
        let examples = try Self.examples()
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
