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

/// The arguments' bytes after the program's name. Swift's runtime can be handed none at all
/// when a preloaded library runs first (libfaketime does: wallgen under it would otherwise
/// make a wallpaper with no options); the kernel's copy in /proc/self/cmdline is then read.
func argumentBytes() -> [[UInt8]] {
    if CommandLine.argc > 0 {
        return (1..<Int(CommandLine.argc)).map { index in
            guard let raw = CommandLine.unsafeArgv[index] else { return [] }
            return Array(
                UnsafeBufferPointer(
                    start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw)))
        }
    }
    guard let data = FileManager.default.contents(atPath: "/proc/self/cmdline") else { return [] }
    var words = Array(data).split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
    if words.last?.isEmpty == true { words.removeLast() }
    return Array(words.dropFirst())
}

// Swift would quietly repair invalid UTF-8 in arguments into U+FFFD; refuse it instead.
var arguments: [String] = []
for (index, bytes) in argumentBytes().enumerated() {
    guard let text = String(validating: bytes, as: UTF8.self) else {
        StandardError.write("Error: argument \(index + 1) is not valid UTF-8\nRun 'wallgen --help' for usage.\n")
        exit(ExitCode.usage.rawValue)
    }
    arguments.append(text)
}
exit(WallgenCLI.run(arguments).rawValue)
