import Foundation

// Entry point: everything else is in WallgenCLI.
exit(WallgenCLI.run(Array(CommandLine.arguments.dropFirst())).rawValue)
