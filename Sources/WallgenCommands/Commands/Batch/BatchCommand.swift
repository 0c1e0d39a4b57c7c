import Almanac
import Batch
import Compositor
import Designs
import Desktop
import Dispatch
import Escaping
import Files
import FoundationEssentials
import Glibc
import Platform

/// A validated `wallgen batch`.
public struct BatchRequest: Equatable, Sendable {
    var manifest: String
    var folder: String
    var jobs: Int
    var shard: Shard
    /// Where the shard came from, for the summary: `--shard`, or the variable read.
    var shardOrigin: String
    var resume: Bool
    var report: String?
    var metadata: Bool

    /// The report's file: `--report`, or `.wallgen-report-I-of-N.json` in the folder.
    var reportPath: String {
        report ?? folder + "/" + defaultReportName
    }

    /// The name of the report wallgen writes in the folder when no `--report` is given.
    var defaultReportName: String { ".wallgen-report-\(shard.index)-of-\(shard.count).json" }
}

/// `wallgen batch MANIFEST`: one render per manifest row, this shard's rows only.
enum BatchCommand {
    static let folder = Option(
        "output", short: "o", .folder, help: "The folder rows' outputs are relative to, made if missing.",
        default: ".", shown: "the current folder")
    static let jobs = Option(
        "jobs", short: "j", .wholeNumber(atLeast: 1),
        help:
            "Rows rendered at once, at most the CPUs this process may use: its affinity mask (taskset, Slurm) and its cgroup CPU quota (a container's CPU limit), rounded up.",
        defaultText: "those CPUs")
    static let shard = Option(
        "shard", .shard,
        help:
            "Render only the rows whose index (from 0, in manifest order) modulo N is I: I from 0 to N-1. Without it, the shard comes from the job engine (see --shard-from).",
        defaultText: "from the environment, or every row")
    static let shards = Option(
        "shards", .wholeNumber(atLeast: 1),
        help:
            "The number of shards when the engine gives only this one's index (JOB_COMPLETION_INDEX, PARALLEL_SEQ); WALLGEN_SHARDS does the same."
    )
    static let shardFrom = Option(
        "shard-from",
        .choice([
            "auto": ShardSource.auto, "kubernetes": .kubernetes, "slurm": .slurm, "parallel": .parallel,
            "none": .none,
        ]),
        help:
            "Where the shard comes from without --shard: kubernetes (JOB_COMPLETION_INDEX), slurm (SLURM_ARRAY_TASK_ID, _MIN and _COUNT), parallel (GNU parallel's PARALLEL_SEQ), auto (kubernetes or slurm, whichever is set) or none.",
        default: .auto, shown: "auto")
    static let resume = Flag(
        "resume",
        help:
            "Skip a row whose output exists and records the same spec (its hash and wallgen version): a restarted shard redoes only what is missing."
    )
    static let report = Option(
        "report", .file, help: "Where to write this shard's JSON report.",
        defaultText: "OUTPUT/.wallgen-report-I-of-N.json")

    static let options: [any OptionDeclaration] =
        [folder, jobs, shard, shards, shardFrom, resume, report, CommonOptions.noMetadata] + CommonOptions.everywhere

    static func validate(_ parsed: ParsedArguments, environment: [String: String]) throws(CommandFailure)
        -> BatchRequest
    {
        guard let manifest = parsed.positionals.first else {
            throw CommandFailure("'batch' needs a manifest: a JSON Lines file (or CSV with a header), one render a row")
        }
        try CommonOptions.rejectExtra(Array(parsed.positionals.dropFirst()))
        var chosen = Shard.whole
        var origin = "every row"
        if let given = parsed[shard] {
            if parsed.isGiven(shards) {
                throw CommandFailure("--shard already gives the count; --shards goes without it", option: "shard")
            }
            (chosen, origin) = (given, "--shard")
        } else {
            let source = parsed[required: shardFrom]
            switch source.detect(environment, count: parsed[shards]) {
            case .failure(let error):
                throw CommandFailure("--shard-from \(source.rawValue): \(error)", option: "shard-from")
            case .success(let detected?): (chosen, origin) = (detected, source.variableName(environment))
            case .success(nil):
                if parsed.isGiven(shards) {
                    throw CommandFailure(
                        "--shards \(parsed[shards] ?? 0) needs an index: --shard I/N, or a job engine's",
                        option: "shards")
                }
            }
        }
        return BatchRequest(
            manifest: manifest, folder: parsed[required: folder],
            jobs: min(parsed[jobs] ?? .max, Parallel.availableCores),
            shard: chosen, shardOrigin: origin, resume: parsed.has(resume), report: parsed[report],
            metadata: !parsed.has(CommonOptions.noMetadata))
    }

    static func run(_ request: BatchRequest, _ output: StatusOutput) throws(CommandFailure) {
        let clock = ContinuousClock()
        let started = clock.now
        let today = CivilDate.today()
        // Everything that can be checked before rendering is: the manifest whole (every
        // row's options, outputs inside the folder and all different), the folder and
        // the report's folder.
        // A stream (`-`, `<(…)`) is copied once here: the plan and the rows each read it.
        let source: ManifestSource
        do {
            source = try ManifestSource(opening: request.manifest)
        } catch {
            throw CommandFailure("manifest '\(request.manifest)': \(error)", option: "manifest", status: .noInput)
        }
        let total = try checkPlan(request, source: source, today: today)
        let outputs: OutputFolder
        do {
            try AtomicFileWriter.prepareFolder(request.folder)
            outputs = try OutputFolder(opening: request.folder)
        } catch {
            throw .in("output", error, status: error.exitCode)
        }
        // A report the person named is written where they named it (through a link);
        // the one wallgen names itself is written beneath the folder, following none.
        let reportFile: ReportFile
        do {
            if let named = request.report {
                reportFile = try ReportFile(path: named)
            } else {
                reportFile = try ReportFile(named: request.defaultReportName, in: outputs)
            }
        } catch {
            let option = request.report == nil ? "output" : "report"
            throw CommandFailure(
                "--\(option): cannot write the report: \(error)", option: option, status: .cannotCreate)
        }
        let data: DataDirectory
        do {
            data = try DataDirectory.locate()
        } catch {
            throw CommandFailure(error)
        }
        let run = BatchRun(
            request: request, manifest: source, data: data, report: reportFile, outputs: outputs, total: total,
            quiet: output.quiet)
        let (tally, status) = run.renderShard(today: today)
        let seconds = WallgenCLI.seconds(clock.now - started)
        do {
            try run.finishReport(tally, status: status, seconds: seconds)
        } catch {
            throw .in("report", error, status: .ioError)
        }
        let shardText = request.shard == .whole ? "" : ", shard \(request.shard) (\(request.shardOrigin))"
        let atOnce = min(run.engine.jobs, max(1, tally.finished))
        output.status(
            "\(request.manifest)\(shardText): \(tally.done) rendered, \(tally.skipped) skipped, \(tally.failed) failed"
                + " of \(total) rows, \(atOnce) at a time, to \(request.folder) in "
                + PrintfNumber.format("%.1f", seconds)
                + " s; report \(request.reportPath)")
        guard status == .success else {
            let unlisted = tally.unlistedFailures > 0 ? ["… and \(tally.unlistedFailures) more (see the report)"] : []
            throw CommandFailure(
                lines: tally.failureGroupLines.map { "\(request.manifest): \($0)" } + unlisted, status: status)
        }
    }

    /// Reads the whole manifest once, checking every row, that no two rows share an output
    /// and that no output is another's folder (`x` and `x/y.png`); returns the number of
    /// rows. Only 16-byte digests of each output and its folders are kept.
    static func checkPlan(_ request: BatchRequest, source: ManifestSource, today: CivilDate) throws(CommandFailure)
        -> Int
    {
        let reader: ManifestReader
        do {
            reader = try ManifestReader(source: source)
        } catch {
            throw CommandFailure("manifest '\(request.manifest)': \(error)", option: "manifest", status: .noInput)
        }
        var places = OutputPlaces()
        var problems: [String] = []
        let report = reportInsideFolder(request)
        var count = 0
        while true {
            let row: ManifestRow?
            do {
                row = try reader.next()
            } catch {
                // A manifest that cannot be read (an I/O error, /proc/self/mem) is missing
                // input (66), not a bad one.
                if case .unreadable = error {
                    throw CommandFailure(
                        "manifest '\(request.manifest)': \(error)", option: "manifest", status: .noInput)
                }
                problems.append("\(error)")
                break
            }
            guard let row else { break }
            count += 1
            do {
                let planned = try BatchRow.make(row, today: today, metadata: request.metadata)
                if let report,
                    planned.output == report || planned.output.hasPrefix(report + "/")
                        || report.hasPrefix(planned.output + "/")
                {
                    problems.append(
                        "row \(row.line): output \(planned.output) is the report's file or on its way (--report)")
                } else if let clash = places.claim(planned.output, row: row.line) {
                    problems.append("row \(row.line): output \(planned.output) \(clash)")
                }
            } catch {
                problems.append(error.message)
            }
            if problems.count >= 20 { break }
        }
        guard problems.isEmpty else {
            let more = problems.count >= 20 ? "(stopped at 20 problems)\n" : ""
            throw CommandFailure(
                lines: problems.map { "manifest '\(request.manifest)': \($0)" }, status: .dataError,
                conclusion: more + "Nothing was rendered.")
        }
        return count
    }

    /// The report's path relative to the output folder when it lies inside it (lexically,
    /// after making both absolute), so no row's output can be the report or run through
    /// it: found before rendering, never as a failed write at the end.
    static func reportInsideFolder(_ request: BatchRequest) -> String? {
        func parts(_ path: String) -> [Substring] {
            FilePath.absolute(path).split(separator: "/").filter { $0 != "." }
        }
        let folder = parts(request.folder)
        let report = parts(request.reportPath)
        guard report.count > folder.count, Array(report.prefix(folder.count)) == folder else { return nil }
        return report.dropFirst(folder.count).joined(separator: "/")
    }

    /// The outputs the rows claimed, and the folders on their way: a file may be no other
    /// row's file, and no row's folder (`x` then `x/y.png`, or the other way round).
    struct OutputPlaces {
        private var claimed: [OutputDigest: (row: Int, isFolder: Bool)] = [:]

        /// Claims `output` (and its folders) for `row`; why it cannot be, if it cannot.
        mutating func claim(_ output: String, row: Int) -> String? {
            let parts = output.split(separator: "/")
            let folders = parts.indices.dropLast().map { parts[...$0].joined(separator: "/") }
            if let first = claimed[OutputDigest(output)] {
                return first.isFolder ? "is a folder row \(first.row)'s output is in" : "is also row \(first.row)'s"
            }
            for folder in folders {
                if let first = claimed[OutputDigest(folder)], !first.isFolder {
                    return "is in \(folder), row \(first.row)'s output"
                }
            }
            claimed[OutputDigest(output)] = (row, false)
            for folder in folders where claimed[OutputDigest(folder)] == nil {
                claimed[OutputDigest(folder)] = (row, true)
            }
            return nil
        }
    }

    /// The SHA-256 of an output path, cut to 16 bytes: what the duplicate check keeps of
    /// each row (a million rows hold 16 MB of digests, not their paths).
    struct OutputDigest: Hashable {
        let high: UInt64
        let low: UInt64

        init(_ path: String) {
            let digest = SHA256.digest(Array(path.utf8))
            high = digest[0..<8].reduce(0) { $0 << 8 | UInt64($1) }
            low = digest[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
        }
    }
}

extension ShardSource {
    /// The variable a detected shard came from, for the summary line.
    func variableName(_ environment: [String: String]) -> String {
        switch self {
        case .kubernetes: "JOB_COMPLETION_INDEX"
        case .slurm: "SLURM_ARRAY_TASK_ID"
        case .parallel: "PARALLEL_SEQ"
        case .none: "every row"
        case .auto: environment["JOB_COMPLETION_INDEX"] != nil ? "JOB_COMPLETION_INDEX" : "SLURM_ARRAY_TASK_ID"
        }
    }
}

extension ValueType where Value == Shard {
    /// `I/N`: shard I (from 0) of N.
    static let shard = ValueType(placeholder: "I/N", completion: .none) { text, flag throws(CommandFailure) in
        switch Shard.parse(text) {
        case .success(let shard): return shard
        case .failure(let error): throw CommandFailure("\(flag): \(error)")
        }
    }
}

/// `wallgen batch` as one of wallgen's commands (see `CommandRegistry`).
extension BatchCommand: WallgenCommand {
    static let commandName: String? = "batch"
    static let drawsText = true
    static let declaration = CommandDeclaration(
        name: commandName, summary: "Render every row of a manifest, or one shard of it.",
        overview:
            "Render one wallpaper or term card per row of a manifest: JSON Lines (one object a line, with the keys a command line would take: command, term, each option's long name, output) or CSV with a header. The whole manifest is checked first (every row's options, outputs inside -o and all different); then this shard's rows render, several at once, each written atomically, byte for byte as the same command alone would write it. A row that fails does not stop the others. A JSON report (rows done, skipped and failed with reasons, timings) is written at the end. Exit 65: a bad manifest or a row that failed on its own input (do not retry); 75: rows failed only in writing (retry, with --resume). docs/BATCH.md has the manifest format, shards on Kubernetes, Slurm and GNU parallel, and examples.",
        usage: ["<manifest> [-o <folder>] [--jobs <n>] [--shard <I/N>] [--resume] [--report <file>]"],
        arguments: [
            .init(
                name: "manifest",
                help: "A .jsonl file (or .csv with a header), one render a row; - for standard input.",
                completion: .file)
        ],
        options: options,
        sections: [
            .init(
                title: "EXAMPLES",
                body: """
                    wallgen plan terms --devices iphone-15,ipad --langs zh,en > cards.jsonl
                    wallgen batch cards.jsonl -o cards
                    wallgen batch cards.jsonl -o cards --shard 2/3 --resume
                    wallgen gather cards
                    """)
        ])

    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> BatchRequest {
        try validate(parsed, environment: context.environment)
    }
}
