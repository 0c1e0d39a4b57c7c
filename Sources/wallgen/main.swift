import Foundation
import WallgenCommands

// The executable is only this: every command lives in WallgenCommands, so tests and
// the argument fuzzer reach the same code.
exit(WallgenCLI.run(Array(CommandLine.arguments.dropFirst())).rawValue)
