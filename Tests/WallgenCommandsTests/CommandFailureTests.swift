import Almanac
import Compositor
import Designs
import Files
import Foundation
import TestSupport
import Testing

@testable import WallgenCommands

/// Failures are values: every command throws one `CommandFailure` (the option, the
/// message, the status), run here in this process and read as a value, never from the
/// words on standard error.
@Suite struct CommandFailureTests {
    static let today = CivilDate(year: 2026, month: 12, day: 5)!

    func failure(of arguments: [String]) throws -> CommandFailure? {
        let invocation = try Invocation.parse(arguments, today: Self.today, environment: [:])
        do {
            try invocation.run()
            return nil
        } catch {
            return error
        }
    }

    /// A value refused while the words are read names its option: the parser fills it in.
    @Test func aValueRefusedNamesItsOption() {
        #expect(throws: CommandFailure("--alpha must be from 0 to 1, got 2", option: "alpha")) {
            try Invocation.parse(["--alpha", "2"], today: Self.today, environment: [:])
        }
    }

    /// A picture that is not there, met while `inspect` runs: 66, the file named, no option.
    @Test func aMissingPictureIsNoInput() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/gone.png"
            let failure = try #require(try failure(of: ["inspect", path]))
            #expect(failure.status == .noInput)
            #expect(failure.message == "'\(path)' does not exist")
            #expect(failure.option == nil && failure.details.isEmpty)
        }
    }

    /// A folder for the output that is a file, met while `scheme` runs: `--output`'s, 73,
    /// and nothing written.
    @Test func anOutputThatCannotBeMadeIsTheOutputOptions() throws {
        try withTemporaryFolder { folder in
            let picture = folder + "/p.png"
            try Data(try PNGEncoder.encode(Image(width: 16, height: 16)))
                .write(to: URL(fileURLWithPath: picture))
            let blocker = folder + "/scheme"
            try Data("mine".utf8).write(to: URL(fileURLWithPath: blocker))
            let failure = try #require(try failure(of: ["scheme", picture, "-o", blocker]))
            #expect(failure.option == "output")
            #expect(failure.message.hasPrefix("--output: "), "\(failure.message)")
            #expect(failure.status == .cannotCreate)
            #expect(try String(contentsOfFile: blocker, encoding: .utf8) == "mine")
        }
    }

    /// A pipeline's failure is said in the command line's words and stands at the option
    /// that brought the file in; the studio reads that option from the value.
    @Test func aPipelineFailureNamesTheOptionThatBroughtTheFileIn() {
        let missing = CommandFailure(
            PipelineError.background(path: "/x/pic.jpg", problem: .file(.notFound(path: "/x/pic.jpg"))))
        #expect(missing.option == "background")
        #expect(missing.status == .noInput)
        #expect(missing.message == "--background: '/x/pic.jpg' does not exist")
        let font = CommandFailure(
            PipelineError.font(path: "/x/f.ttf", problem: .file(.permissionDenied(path: "/x/f.ttf"))))
        #expect(font.option == "font" && font.status == .noInput)
        let bundled = CommandFailure(PipelineError.dataMissing(searched: ["/usr/share/wallgen"]))
        #expect(bundled.option == nil && bundled.status == .bundledDataMissing)
    }

    /// Any error through `writing`: a file's as `--output`'s with its own status, a
    /// failure as it is, anything else with the status `ErrorReport` gives it.
    @Test func writingSaysAFilesErrorAsTheOutputs() {
        let full = CommandFailure.writing(FileError.noSpace(path: "/x/a.png"))
        #expect(full.option == "output" && full.status == .ioError)
        #expect(full.message == "--output: \(FileError.noSpace(path: "/x/a.png"))")
        let given = CommandFailure("--scheme: no", option: "scheme", status: .cannotCreate)
        #expect(CommandFailure.writing(given) == given)
        struct Unexpected: Error {}
        #expect(CommandFailure.writing(Unexpected()).status == .software)
    }

    /// A failure said under an option keeps its status and lines, and names the option.
    @Test func underAnOption() {
        let read = CommandFailure("'a.png': damaged", status: .dataError, details: ["more"], conclusion: "done")
        #expect(
            read.under("scheme")
                == CommandFailure(
                    "--scheme: 'a.png': damaged", option: "scheme", status: .dataError, details: ["more"],
                    conclusion: "done"))
        #expect(CommandFailure(lines: ["one", "two", "three"], status: .dataError).details == ["two", "three"])
    }
}
