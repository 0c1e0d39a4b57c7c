import Foundation
import WallgenCommands

// The executable is only this: every command lives in WallgenCommands, so tests and
// the argument fuzzer reach the same code.

// Swift would quietly repair invalid UTF-8 in arguments into U+FFFD; refuse it instead.
for index in 1..<Int(CommandLine.argc) {
    guard let raw = CommandLine.unsafeArgv[index], String(validatingCString: raw) != nil else {
        FileHandle.standardError.write(
            Data("Error: argument \(index) is not valid UTF-8\nRun 'wallgen --help' for usage.\n".utf8))
        exit(ExitCode.usage.rawValue)
    }
}
exit(WallgenCLI.run(Array(CommandLine.arguments.dropFirst())).rawValue)
