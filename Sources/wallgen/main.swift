import FoundationEssentials
import Glibc
import Platform
import WallgenCommands

// The executable is only this: every command lives in WallgenCommands, so tests and
// the argument fuzzer reach the same code.

// A reader that leaves early (`wallgen -o - | head -c 10`) must not kill wallgen with
// SIGPIPE: the write then fails with EPIPE, which is reported as a failed write (74).
// A handler that does nothing, rather than SIG_IGN, because an ignored signal stays
// ignored in the programs wallgen starts (the desktop's setters), a caught one does not.
signal(SIGPIPE) { _ in }

// Swift would quietly repair invalid UTF-8 in arguments into U+FFFD; refuse it instead.
for index in 1..<Int(CommandLine.argc) {
    guard let raw = CommandLine.unsafeArgv[index], String(validatingCString: raw) != nil else {
        StandardError.write("Error: argument \(index) is not valid UTF-8\nRun 'wallgen --help' for usage.\n")
        exit(ExitCode.usage.rawValue)
    }
}
exit(WallgenCLI.run(Array(CommandLine.arguments.dropFirst())).rawValue)
