import Compositor
import Designs
import Desktop
import Files
import Platform
import Testing

@testable import WallgenCommands

/// Statuses say whether a retry can help: out of memory in an encoder is 75 (a batch of
/// such rows is 75 too), as is a picture cut short while it was read; an encoder's other
/// failure is 70; a name too long or a link in a batch's folder is 73, never 74 or 75;
/// a library loaded on first use (FreeType, HarfBuzz, libwebp, libheif) that cannot be loaded is 72.
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

    /// FreeType or HarfBuzz missing is a broken installation (72), said as the library and
    /// its package, not as a damaged font (Scripts/test-package hides them for real).
    @Test func fontLibrariesThatCannotBeLoadedAreABrokenInstallation() {
        let reason = "text needs FreeType (libfreetype.so.6, Debian's libfreetype6), which cannot be loaded: gone"
        let error = PipelineError.librariesUnavailable(LibraryUnavailable(reason: reason))
        #expect(ErrorReport.exitCode(for: error) == .bundledDataMissing)
        #expect(ErrorReport.message(for: error) == reason + "; install that package")
        #expect(!ErrorReport.message(for: error).contains("damaged"))
    }

    /// So is a picture's or an output format's library, wherever it is met: reading a
    /// --background, writing the output, or a picture given to apply; never 65 (a damaged
    /// picture) nor 64 (a format the request should not have asked for).
    @Test func pictureLibrariesThatCannotBeLoadedAreABrokenInstallation() {
        let library = LibraryUnavailable(
            reason: "WebP needs libwebp (libwebp.so.7, Debian's libwebp7), which cannot be loaded: gone")
        let background = PipelineError.background(path: "in.webp", problem: .image(.libraryUnavailable(library)))
        #expect(ErrorReport.exitCode(for: background) == .bundledDataMissing)
        #expect(ErrorReport.message(for: background).hasSuffix(library.reason + "; install that package"))
        #expect(ErrorReport.exitCode(for: PipelineError.encoding(.libraryUnavailable(library))) == .bundledDataMissing)
        let apply = DesktopError.pictureLibraryUnavailable(path: "in.webp", library: library)
        #expect(ErrorReport.exitCode(for: apply) == .bundledDataMissing)
        #expect("\(apply)" == "cannot read in.webp: \(library.reason); install that package")
    }
}
