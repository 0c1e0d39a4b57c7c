import Batch
import Compositor
import Designs
import Desktop
import Files

/// Turns library errors into the one-line messages and exit statuses users see,
/// naming the flag that brought the file in.
enum ErrorReport {
    static func message(for error: PipelineError) -> String {
        switch error {
        // The pixel limit and the decoder-memory ceiling that follows it: name the option
        // that raises them.
        case .background(let path, .image(let problem)) where problem.isRaisedByMaxPixels:
            "--background '\(path)': \(problem); a larger --max-pixels raises the limit"
        case .background(_, .file(let problem)): "--background: \(problem)"
        case .background(let path, let problem): "--background '\(path)': \(problem)"
        case .font(_, .file(let problem)): "--font: \(problem)"
        case .font(let path, let problem): "--font '\(path)': \(problem)"
        // The imaging engine names the character and the fonts; the option is the command line's.
        case .text(.missingGlyph): "\(error), or give --font FILE with a font that has it"
        default: "\(error)"
        }
    }

    /// The status for any error a command can meet.
    static func exitCode(for error: any Error) -> ExitCode {
        switch error {
        case let error as PipelineError: exitCode(for: error)
        case let error as FileError: error.exitCode
        case let error as DesktopError: exitCode(for: error)
        case let failure as CommandFailure: failure.status
        default: .software
        }
    }

    static func exitCode(for error: DesktopError) -> ExitCode {
        switch error {
        case .yearsOutOfRange, .monitorNotConnected, .monitorsWithoutPicture, .outsideSchedule, .dynamicNeedsPlace:
            .usage
        case .unsupportedDesktop, .unrecognisedSession, .setterNotInstalled, .setterFailed, .launchFailed, .unsafePath,
            .noMonitors,
            .noLockScreen:
            .unavailable
        case .notAPicture, .slideshowNotRead: .dataError
        case .pictureLibraryUnavailable: .bundledDataMissing
        case .unsafeExecutable, .unsafeScheduleFolder: .cannotCreate
        case .unreadableMonitors: .dataError
        case .unreadableSchedule: .dataError
        case .fileFailed(_, "read", _): .noInput
        case .fileFailed: .cannotCreate
        case .invalidSizeKey, .emptySchedule: .software
        }
    }

    static func exitCode(for error: PipelineError) -> ExitCode {
        switch error {
        // The file is there and can be read, but is not a picture or font at all (a
        // device such as /dev/zero, or other content): unusable data, 65, as for a
        // damaged picture; 66 is kept for files that are missing or cannot be read.
        case .background(_, .file(.notARegularFile)), .font(_, .file(.notARegularFile)),
            .background(_, .file(.unexpectedContent)), .font(_, .file(.unexpectedContent)):
            .dataError
        case .background(_, .file), .font(_, .file): .noInput
        // Cut short by another program while it was read: it may be whole next time.
        case .background(_, .image(.changedWhileReading)), .bundled(_, .image(.changedWhileReading)): .tryAgain
        // A broken installation, a library wallgen loads on first use among it.
        case .bundled, .dataMissing, .librariesUnavailable, .background(_, .image(.libraryUnavailable)),
            .text(.librariesUnavailable), .encoding(.libraryUnavailable):
            .bundledDataMissing
        case .background, .font, .text: .dataError
        // Out of memory in an encoder: another run, with more memory, may succeed.
        case .encoding(let problem) where problem.status == .outOfMemory: .tryAgain
        // A picture or a note the format cannot hold is the request's fault (and is
        // refused before rendering where it can be seen); a library that fails is not.
        case .encoding(let problem) where [.limit, .argument, .unsupported].contains(problem.status): .usage
        case .encoding: .software
        }
    }
}

extension CommandFailure {
    /// A library's failure in the command line's words, said to be in the option that
    /// brought the file or words in (`background`, `font`, `text`).
    init(_ error: PipelineError) {
        let option: String? =
            switch error {
            case .background: "background"
            case .font: "font"
            case .text: "text"
            default: nil
            }
        self.init(ErrorReport.message(for: error), option: option, status: ErrorReport.exitCode(for: error))
    }

    /// Any error met by a command that renders and writes `--output`: a pipeline's as
    /// above, a file's as `--output`'s, a failure as it is.
    static func writing(_ error: any Error) -> CommandFailure {
        if let error = error as? FileError { return .in("output", error, status: error.exitCode) }
        return from(error)
    }

    /// Any error a command meets: a failure as it is, a pipeline's as above, any other as
    /// it says itself, with its status (`ErrorReport.exitCode`).
    static func from(_ error: any Error) -> CommandFailure {
        switch error {
        case let failure as CommandFailure: failure
        case let error as PipelineError: CommandFailure(error)
        default: CommandFailure("\(error)", status: ErrorReport.exitCode(for: error))
        }
    }
}

extension FileError {
    /// Creating the file was refused (73) or writing it failed part-way (74).
    var exitCode: ExitCode {
        switch self {
        case .noSpace, .other, .tooLarge: .ioError
        default: .cannotCreate
        }
    }
}

extension ImageDecodingError {
    /// Whether the picture was refused for a limit that `--max-pixels` raises.
    fileprivate var isRaisedByMaxPixels: Bool {
        switch self {
        case .needsMoreMemory, .tooManyPixels: true
        default: false
        }
    }
}

extension BatchFailure {
    /// An item of `terms` or `schedule` that failed with `error` (a pipeline's or a file's),
    /// its status and words as the command line would report them (`CommandFailure.from`).
    static func from(_ error: any Error, subject: String) -> BatchFailure {
        let failure = CommandFailure.from(error)
        return BatchFailure(status: failure.status.rawValue, subject: subject, reason: failure.message)
    }
}
