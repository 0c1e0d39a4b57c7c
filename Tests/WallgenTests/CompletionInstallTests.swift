import Foundation
import TestSupport
import Testing

/// `wallgen completions SHELL --install` on a fresh home (no ~/.local, no ~/.config):
/// the script lands where each shell's own loader finds it, and that loader, run for
/// real, then completes wallgen's words.
@Suite struct CompletionInstallTests {
    static let bashCompletionLoader = "/usr/share/bash-completion/bash_completion"

    /// A fresh home: the folder exists, nothing in it.
    func freshHome(in folder: String) throws -> String {
        let home = folder + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
        return home
    }

    func printedScript(_ shell: String, in folder: String) throws -> [UInt8] {
        let printed = try launch(["completions", shell], in: folder)
        #expect(printed.status == 0)
        return printed.standardOutput
    }

    func run(_ shell: String, _ arguments: [String], in folder: String, environment: [String: String]) throws
        -> RunResult
    {
        try launch(arguments, in: folder, environment: environment, executable: URL(fileURLWithPath: shell))
    }

    @Test func bashInstallsWhereBashCompletionLoadsIt() throws {
        try withTemporaryFolder { folder in
            let home = try freshHome(in: folder)
            let environment = ["HOME": home, "PATH": "/usr/bin:/bin"]
            let result = try launch(["completions", "bash", "--install"], in: folder, environment: environment)
            let path = home + "/.local/share/bash-completion/completions/wallgen"
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.isEmpty, "--install prints no script")
            #expect(result.standardError.contains(path), "the message names where it went: \(result.standardError)")
            #expect(
                FileManager.default.contents(atPath: path).map { [UInt8]($0) }
                    == (try printedScript("bash", in: folder)))

            guard FileManager.default.fileExists(atPath: Self.bashCompletionLoader) else {
                Issue.record("bash-completion is not installed (Scripts/debian-test-packages): its loader was not run")
                return
            }
            // An interactive bash that loads bash-completion as /etc/bash.bashrc does, then asks
            // its on-demand loader for wallgen (what the first Tab does) and completes "ter".
            // XDG_DATA_DIRS points nowhere, so no system-wide wallgen completion can answer.
            let script = """
                . \(Self.bashCompletionLoader)
                complete -p wallgen >/dev/null 2>&1 && echo "loaded before the loader ran"
                _completion_loader wallgen
                complete -p wallgen
                COMP_WORDS=(wallgen ter); COMP_CWORD=1; COMP_LINE="wallgen ter"; COMP_POINT=11
                _wallgen wallgen ter wallgen
                printf 'reply: %s\\n' "${COMPREPLY[@]}"
                """
            var shellEnvironment = environment
            shellEnvironment["XDG_DATA_DIRS"] = folder + "/no-system-data"
            let bash = try run(
                "/bin/bash", ["--norc", "--noprofile", "-i", "-c", script], in: folder, environment: shellEnvironment)
            #expect(!bash.output.contains("loaded before"), "\(bash.output)")
            #expect(bash.output.contains("complete -F _wallgen wallgen"), "\(bash.output) \(bash.standardError)")
            #expect(bash.output.contains("reply: term\nreply: terms\n"), "\(bash.output) \(bash.standardError)")
        }
    }

    @Test func bashFollowsXDGDataHomeAndBashCompletionUserDir() throws {
        try withTemporaryFolder { folder in
            let home = try freshHome(in: folder)
            let data = folder + "/data"
            var environment = ["HOME": home, "XDG_DATA_HOME": data]
            #expect(try launch(["completions", "bash", "--install"], in: folder, environment: environment).status == 0)
            #expect(FileManager.default.fileExists(atPath: data + "/bash-completion/completions/wallgen"))
            environment["BASH_COMPLETION_USER_DIR"] = folder + "/mine"
            #expect(try launch(["completions", "bash", "--install"], in: folder, environment: environment).status == 0)
            #expect(FileManager.default.fileExists(atPath: folder + "/mine/completions/wallgen"))
            #expect(filesIn(home).isEmpty, "nothing written in the home when the variables say elsewhere")
        }
    }

    @Test(.enabled(if: ReferenceTests.installed("zsh"), "zsh is not installed (Scripts/debian-test-packages)"))
    func zshInstallsIntoAFolderItsCompinitFinds() throws {
        try withTemporaryFolder { folder in
            let home = try freshHome(in: folder)
            let environment = ["HOME": home, "PATH": "/usr/bin:/bin"]
            let result = try launch(["completions", "zsh", "--install"], in: folder, environment: environment)
            let site = home + "/.local/share/zsh/site-functions"
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardError.contains(site + "/_wallgen"), "\(result.standardError)")
            #expect(result.standardError.contains("fpath=(\(site) $fpath)"), "the line to add: \(result.standardError)")
            #expect(
                FileManager.default.contents(atPath: site + "/_wallgen").map { [UInt8]($0) }
                    == (try printedScript("zsh", in: folder)))
            // zsh with no startup files, the folder put on fpath as the message says, then compinit:
            // the #compdef line binds wallgen to _wallgen.
            let zsh = try run(
                "/usr/bin/zsh",
                [
                    "-f", "-c",
                    "fpath=(\(site) $fpath); autoload -Uz compinit; compinit -u -d \(folder)/zcompdump; print -r -- \"bound: ${_comps[wallgen]}\"",
                ], in: folder, environment: environment)
            #expect(zsh.output == "bound: _wallgen\n", "\(zsh.output) \(zsh.standardError)")
        }
    }

    @Test(.enabled(if: ReferenceTests.installed("fish"), "fish is not installed (Scripts/debian-test-packages)"))
    func fishInstallsIntoItsCompletionsFolder() throws {
        try withTemporaryFolder { folder in
            let home = try freshHome(in: folder)
            let environment = ["HOME": home, "PATH": "/usr/bin:/bin"]
            let result = try launch(["completions", "fish", "--install"], in: folder, environment: environment)
            let path = home + "/.config/fish/completions/wallgen.fish"
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardError.contains(path), "\(result.standardError)")
            #expect(
                FileManager.default.contents(atPath: path).map { [UInt8]($0) }
                    == (try printedScript("fish", in: folder)))
            // fish loads a command's completions from that folder when it is first completed,
            // if the command is on PATH, as an installed wallgen is.
            var shellEnvironment = environment
            shellEnvironment["PATH"] = productsFolder.path + ":/usr/bin:/bin"
            let fish = try run(
                "/usr/bin/fish", ["-c", "complete -C'wallgen ter'"], in: folder, environment: shellEnvironment)
            let words = fish.output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }.sorted()
            #expect(words == ["term", "terms"], "\(fish.output) \(fish.standardError)")
            // Chinese term names and the tz database's zones (issue 48: fish completed neither).
            for (line, expected) in [("wallgen term 冬", ["冬至"]), ("wallgen almanac --tz Asia/Tai", ["Asia/Taipei"])] {
                let completed = try run(
                    "/usr/bin/fish", ["-c", "complete -C'\(line)'"], in: folder, environment: shellEnvironment)
                let offered = completed.output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
                #expect(offered == expected, "\(line): \(completed.output) \(completed.standardError)")
            }
        }
    }

    @Test func aFileInTheWayIsRefusedWith73() throws {
        try withTemporaryFolder { folder in
            let home = try freshHome(in: folder)
            #expect(FileManager.default.createFile(atPath: home + "/.local", contents: Data("mine".utf8)))
            let result = try launch(["completions", "bash", "--install"], in: folder, environment: ["HOME": home])
            #expect(result.status == 73)
            #expect(result.standardError.hasPrefix("Error: completions --install: "), "\(result.standardError)")
            #expect(result.standardError.contains(home + "/.local"), "\(result.standardError)")
            #expect(result.standardOutput.isEmpty)
            #expect(FileManager.default.contents(atPath: home + "/.local") == Data("mine".utf8))
        }
    }
}
