import Compositor
import Designs
import Files
import FoundationEssentials
import Glibc
import Platform

/// Writing one image where the user asked, with the checks both single-image commands share.
enum SingleOutput {
    /// A usage problem with the target that can be seen before any work: image bytes
    /// to a terminal, or a file whose folder is missing.
    static func precheck(_ target: OutputTarget, format: OutputFormat = .png, derived: DerivedPlace? = nil)
        throws(CommandFailure)
    {
        switch target {
        case .standardOutput where Console.isOutputClosed:
            throw CommandFailure(
                "-o -: standard output is closed; give a file name", option: "output", status: .ioError)
        case .standardOutput where isatty(STDOUT_FILENO) != 0:
            throw CommandFailure(
                "-o - would write \(format) data to the terminal; redirect it (> file.\(format.fileExtension)) or give a file name",
                option: "output")
        case .standardOutput:
            return
        case .file(let path):
            do {
                // A derived name is checked beneath its folder (a pattern's folders are made
                // when it is written; their root must be able to be).
                if let derived {
                    try derived.check()
                } else {
                    try AtomicFileWriter.checkDestination(path)
                }
            } catch {
                throw .in("output", error, status: error.exitCode)
            }
        }
    }

    /// One line of where the time went, for --verbose.
    static func describe(_ timings: StageTimings) -> String {
        let stages: [(String, Duration)] = [
            ("read", timings.read), ("decode", timings.decode), ("scale", timings.scale),
            ("composite", timings.composite), ("text", timings.text), ("encode", timings.encode),
        ]
        return "wallgen: "
            + stages.map { "\($0.0) \(PrintfNumber.format("%.1f", WallgenCLI.seconds($0.1) * 1000)) ms" }
            .joined(separator: ", ")
    }

    static func write(_ bytes: [UInt8], to target: OutputTarget, derived: DerivedPlace? = nil) throws(FileError) {
        if let derived { return try derived.write(bytes) }
        switch target {
        case .standardOutput: try Console.standardOutputBytes(bytes)
        case .file(let path): try AtomicFileWriter.write(bytes, to: path)
        }
    }

    /// `--apply`: the desktop to set the written picture on (nil: the one detected).
    struct ApplyAfterwards: Equatable, Sendable {
        var desktop: String?
    }

    /// Runs `make`, writes its bytes (in `format`) and reports; `subject` names what was made in the
    /// status line. `make` is given the file to encode into when there is one (else its
    /// bytes are written after). With `thenApply`, the file is then set as the wallpaper.
    static func run(
        _ target: OutputTarget, format: OutputFormat = .png, subject: String, _ output: StatusOutput,
        thenApply: ApplyAfterwards? = nil, derived: DerivedPlace? = nil,
        _ make: (GrowingFile?) throws(PipelineError) -> RenderedImage
    ) throws(CommandFailure) {
        if thenApply != nil, target == .standardOutput {
            throw CommandFailure("--apply needs a file to set, not -o -", option: "apply")
        }
        try precheck(target, format: format, derived: derived)
        let clock = ContinuousClock()
        let started = clock.now
        do {
            // A file named as given (not standard output, a device, or a derived name
            // whose folders may still be to be made) is opened first and the encoder
            // writes into it as it goes; it is put in place only when whole, and nothing
            // is left if anything fails.
            let file: GrowingFile? =
                if derived == nil, case .file(let path) = target { try GrowingFile.replacing(path) } else { nil }
            let rendered = try make(file)
            for warning in rendered.warnings { Console.report(warning) }
            if let file {
                try file.finish()
            } else {
                try write(rendered.encoded, to: target, derived: derived)
            }
            if output.verbose { Console.report(Self.describe(rendered.timings)) }
            let place = if case .file(let path) = target { path } else { "standard output" }
            output.status(
                "Wrote \(place): \(subject), \(rendered.image.width)x\(rendered.image.height), "
                    + "\(rendered.format), \(WallgenCLI.formatBytes(rendered.byteCount)) in "
                    + PrintfNumber.format("%.2f", WallgenCLI.seconds(clock.now - started)) + " s")
            if let thenApply, case .file(let path) = target {
                try ApplyCommand.run(.file(path, desktop: thenApply.desktop), output)
            }
        } catch {
            throw .writing(error)
        }
    }
}
