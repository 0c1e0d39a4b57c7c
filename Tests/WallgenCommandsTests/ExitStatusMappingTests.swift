import Compositor
import Designs
import Files
import Testing

@testable import WallgenCommands

/// Statuses say whether a retry can help: out of memory in an encoder is 75 (a batch of
/// such rows is 75 too), as is a picture cut short while it was read; an encoder's other
/// failure is 70; a name too long or a link in a
/// batch's folder is 73, never 74 or 75.
@Suite struct ExitStatusMappingTests {
    @Test func outOfMemoryIsARetryAndTheImpossibleIsNot() {
        for format in [OutputFormat.jpeg, .webp, .png] {
            #expect(
                ErrorReport.exitCode(
                    for: PipelineError.encoding(.library(format: format, status: .outOfMemory, reason: "")))
                    == .tryAgain)
        }
        #expect(
            ErrorReport.exitCode(for: PipelineError.encoding(.library(format: .jpeg, status: .library, reason: "x")))
                == .software)
        // A picture cut short while it was read may be whole next time.
        #expect(
            ErrorReport.exitCode(for: PipelineError.background(path: "p.jpg", problem: .image(.changedWhileReading)))
                == .tryAgain)
        #expect(
            ErrorReport.exitCode(for: PipelineError.background(path: "p.jpg", problem: .image(.empty))) == .dataError)
        #expect(FileError.nameTooLong(path: "x").exitCode == .cannotCreate)
        #expect(FileError.linkRefused(path: "x").exitCode == .cannotCreate)
        #expect(FileError.notARegularFile(path: "x", kind: .fifo).exitCode == .cannotCreate)
        #expect(FileError.noSpace(path: "x").exitCode == .ioError)
    }
}
