import Almanac
import Batch
import Designs

/// One manifest row made into the request its command line would make.
///
/// The row becomes that command line's arguments (`"term": "冬至"` the term's name, each
/// other key `--key=value`, `true` a flag, a list the option repeated) and goes through
/// the same parser and validation as typed arguments, so every option, check and
/// message is the command's own, and the picture is the one the command makes alone.
struct BatchRow {
    /// What the row renders.
    enum Image {
        case wallpaper(WallpaperRequest)
        case term(TermRequest)
    }

    let line: Int
    let index: Int
    /// The output, relative to the batch's folder, in one normal form (`a/b.png`).
    let output: String
    let image: Image

    /// How the picture is recorded in its file; nil with --no-metadata.
    var provenance: String? {
        switch image {
        case .wallpaper(let request): request.provenance
        case .term(let request): request.provenance
        }
    }

    /// The commands a row may name: one picture each.
    static let commands = ["wallpaper": WallpaperCommand.declaration, "term": TermCommand.declaration]

    /// Keys a command declares but a row may not use, and why.
    static let refused: [String: String] = [
        "apply": "a batch sets no wallpaper (apply one of its pictures afterwards with wallgen apply)",
        "desktop": "a batch sets no wallpaper (apply one of its pictures afterwards with wallgen apply)",
        "verbose": "is an option of the batch, not of a row",
        "quiet": "is an option of the batch, not of a row",
        "help": "is not a rendering option",
        "version": "is not a rendering option",
    ]

    /// The row's request, or the reason it has none (naming the row's line).
    static func make(_ row: ManifestRow, today: CivilDate, metadata: Bool) throws(UsageError) -> BatchRow {
        let name: String
        switch row.fields["command"] {
        case nil: name = "wallpaper"
        case .text(let text)?: name = text
        default: throw problem(row, "'command' must be wallpaper or term")
        }
        guard let declaration = commands[name] else {
            let reason =
                CommandRegistry.named(name) != nil
                ? "command '\(name)' cannot be a row: a row makes one wallpaper or one term card"
                : "unknown command '\(name)': a row's command is wallpaper or term"
            throw problem(row, reason)
        }
        var options: [String] = []
        var positionals: [String] = []
        var output: String?
        for (key, value) in row.fields.sorted(by: { $0.key < $1.key }) where key != "command" {
            if key == "term", name == "term" {
                guard case .text(let text) = value else { throw problem(row, "'term' must be a term's name") }
                positionals.append(text)
                continue
            }
            if key == "output" {
                guard case .text(let text) = value else { throw problem(row, "'output' must be a file name") }
                output = text
                continue
            }
            if let reason = refused[key] { throw problem(row, "'\(key)' \(reason)") }
            guard let option = declaration.options.first(where: { $0.long == key }) else {
                let keys = declaration.options.map(\.long).filter { refused[$0] == nil } + ["output", "command"]
                let hint = closest(to: key, in: keys).map { " (did you mean '\($0)'?)" } ?? ""
                throw problem(row, "unknown key '\(key)' for \(name)\(hint)")
            }
            options += try words(option, value, row)
        }
        // The output goes to the parser too: its extension chooses the format (card.jpg).
        let outputWords = output.map { ["--output=" + $0] } ?? []
        let arguments =
            (name == "wallpaper" ? [] : [name]) + options + outputWords
            + (positionals.isEmpty ? [] : ["--"] + positionals)
        let invocation: Invocation
        do {
            invocation = try Invocation.parse(arguments, today: today, environment: [:])
        } catch {
            throw problem(row, error.message)
        }
        var image: Image
        let defaultOutput: OutputTarget
        func checkOneCanvas(_ canvases: CanvasPlan) throws(UsageError) {
            switch canvases {
            case .sizes(let sizes) where sizes.count <= 1: return
            case .sizes:
                throw problem(row, "a row makes one picture: give each size or device a row of its own")
            case .monitors:
                throw problem(
                    row, "a row makes one picture of a given size: --device here and --span are not for batches")
            }
        }
        if var request = invocation.request(of: WallpaperCommand.self) {
            try checkOneCanvas(request.canvases)
            if !metadata { request.provenance = nil }
            defaultOutput = request.output
            image = .wallpaper(request)
        } else if var request = invocation.request(of: TermCommand.self) {
            try checkOneCanvas(request.canvases)
            if !metadata { request.provenance = nil }
            defaultOutput = request.output
            image = .term(request)
        } else {
            throw problem(row, "is not a picture")
        }
        let path: String
        if let output {
            path = output
        } else if case .file(let name) = defaultOutput {
            path = name
        } else {
            path = "-"
        }
        return BatchRow(line: row.line, index: row.index, output: try normalized(path, row), image: image)
    }

    /// The option's words for a value: `--key=value` (so a value starting with `-` stays
    /// a value), once per list item; a flag by itself when true.
    private static func words(_ option: any OptionDeclaration, _ value: ManifestValue, _ row: ManifestRow)
        throws(UsageError) -> [String]
    {
        guard option.valueName != nil else {
            switch value {
            case .flag(let on): return on ? [option.flagName] : []
            case .text("true"), .text("yes"), .text("1"): return [option.flagName]
            case .text("false"), .text("no"), .text("0"): return []
            default: throw problem(row, "'\(option.long)' is a flag: true or false")
            }
        }
        switch value {
        case .text(let text): return ["\(option.flagName)=\(text)"]
        case .list(let items): return items.map { "\(option.flagName)=\($0)" }
        case .flag:
            throw problem(row, "'\(option.long)' needs a value (<\(option.valueName ?? "")>), not true or false")
        }
    }

    /// The output in one normal form, or why it may not be one: inside the folder, a file.
    static func normalized(_ path: String, _ row: ManifestRow) throws(UsageError) -> String {
        guard path != "-" else { throw problem(row, "'output' - (standard output) cannot be a row's output") }
        guard !path.hasPrefix("/") else {
            throw problem(row, "'output' \(path) is absolute; give a path inside the output folder (-o)")
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !parts.contains("..") else {
            throw problem(row, "'output' \(path) leaves the output folder (..)")
        }
        guard !parts.isEmpty, !path.hasSuffix("/") else { throw problem(row, "'output' '\(path)' names no file") }
        return parts.joined(separator: "/")
    }

    static func problem(_ row: ManifestRow, _ reason: String) -> UsageError {
        UsageError("row \(row.line): \(reason)")
    }
}
