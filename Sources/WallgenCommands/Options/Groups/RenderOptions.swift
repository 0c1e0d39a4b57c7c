import Compositor
import Designs
import Platform

/// How pictures are decoded, rendered and encoded, the same for every command that
/// renders: `--max-pixels`, `--format`, `--quality`, `--compression` and `--dither`,
/// read into `RenderSettings`.
struct RenderOptions: OptionGroup {
    static let maxPixels = Option(
        "max-pixels", .wholeNumber(atLeast: 1),
        help: "Refuse canvases and pictures with more pixels than this, from their headers.",
        default: DecodeLimits.standard.maxPixels)
    static let compression = Option(
        "compression",
        .choice(["fast": PNGEncodingOptions.fast, "default": .standard, "small": .small]),
        help:
            "PNG size against time: fast (wallgen's own deflate), default (libdeflate's level 10: smaller, much slower) or small (its level 12: smaller again, slower again).",
        default: .fast, shown: "fast"
    ).role(.canvasOrFormat)
    /// The formats' words, help and extensions come from their declarations
    /// (`OutputFormat.declaration`): a format added there is offered here.
    static let format = formatOption(
        help: ". Without it, --output's extension decides ("
            + OutputFormat.allCases.map { OutputFormat.listed($0.fileExtensions.map { "." + $0 }) }
            .joined(separator: ", ") + "); a name with another extension is refused.",
        defaultText: "from --output's extension, else png"
    ).inStudio(.canvas)
    /// --format where -o is a folder (`terms`, `schedule`): no extension to decide.
    static let folderFormat = formatOption(
        help: "; the pictures, contact sheet and gallery page in the folder take its extension ("
            + OutputFormat.allCases.map { "." + $0.fileExtension }.joined(separator: ", ") + ").",
        defaultText: "png")

    static func formatOption(help: String, defaultText: String) -> Option<OutputFormat> {
        Option(
            "format",
            .choice(
                OutputFormat.allCases.flatMap { format in
                    ([format.rawValue] + format.fileExtensions.filter { $0 != format.rawValue }).map { ($0, format) }
                },
                placeholder: OutputFormat.allCases.map(\.rawValue).joined(separator: "|")),
            help:
                "The file format: "
                + OutputFormat.listed(
                    OutputFormat.allCases.map { format in
                        let others = format.fileExtensions.filter { $0 != format.rawValue }
                        return format.rawValue + (others.isEmpty ? "" : " (or \(others.joined(separator: ", ")))")
                    }) + help,
            defaultText: defaultText
        ).role(.canvasOrFormat)
    }

    static let quality = Option(
        "quality", .quality,
        help:
            "\(lossyNames) quality, \(OutputEncoding.qualities.lowerBound) (smallest) to \(OutputEncoding.qualities.upperBound) (best); "
            + "\(both(OutputFormat.lossy.filter { $0.declaration.quality == .losslessAtBest }.map(\.description))) lossless at \(OutputEncoding.qualities.upperBound). "
            + "Not for \(OutputFormat.allCases.filter { !$0.declaration.takesQuality }.map(\.description).joinedAsProse()).",
        defaultText: "\(OutputEncoding.defaultQuality)"
    ).role(.canvasOrFormat).inStudio(.canvas)
    static let dither = Option(
        "dither", .onOff,
        help:
            "Dither the shades so no 8-bit bands show; off rounds instead: smaller PNGs, with a risk of faint bands.",
        default: true, shown: "on")

    /// Whether -o is a folder the command fills (`terms`, `schedule`), not a file.
    var fillsFolder = false

    var name: String { "render" }
    var declarations: [any OptionDeclaration] {
        [Self.maxPixels, fillsFolder ? Self.folderFormat : Self.format, Self.quality, Self.compression, Self.dither]
    }

    /// Every option of the group into settings. `output` is the file asked for (its
    /// extension may choose the format), nil for a folder.
    static func read(_ parsed: ParsedArguments, output: OutputTarget?) throws(CommandFailure) -> RenderSettings {
        RenderSettings(
            limits: limits(parsed), encoding: try encoding(parsed, output: output), dithers: parsed[required: dither])
    }

    /// The output's format and its settings, from `--format`, `--quality`, `--compression`
    /// and, for a named file, its extension: a name with an extension wallgen cannot
    /// write, or one that contradicts `--format`, is refused, so no file is ever written
    /// in one format under another's name. Folders (nil `output`) and `-o -` take
    /// `--format`, else PNG.
    static func encoding(_ parsed: ParsedArguments, output: OutputTarget?) throws(CommandFailure) -> OutputEncoding {
        let asked = parsed[format]
        var named: OutputFormat?
        if case .file(let path)? = output, let suffix = fileExtension(of: path) {
            guard let format = OutputFormat(fileExtension: suffix) else {
                throw CommandFailure(
                    "--output '\(path)': wallgen cannot write .\(suffix) files; it writes \(OutputFormat.listedWithExtensions)",
                    option: "output")
            }
            if let asked, asked != format {
                throw CommandFailure(
                    "--output '\(path)' names a \(format) file, but --format asks for \(asked); give a .\(asked.fileExtension) name, or leave --format out",
                    option: "output")
            }
            named = format
        }
        switch asked ?? named ?? .png {
        case .png:
            if parsed.isGiven(quality) {
                throw CommandFailure(
                    "--quality is for \(lossyNames); PNG is lossless (--compression trades its size against time)",
                    option: "quality")
            }
            return .png(parsed[required: compression])
        case let lossy:
            if parsed.isGiven(compression) {
                throw CommandFailure(
                    "--compression is for PNG; \(lossy) takes --quality instead", option: "compression")
            }
            return OutputEncoding(
                lossy, quality: parsed[quality] ?? OutputEncoding.defaultQuality, png: parsed[required: compression])
        }
    }

    /// The extension of a path's last component (`card.JPG` → `JPG`), or nil when it
    /// has none (`card`, `.hidden`, `card.`).
    static func fileExtension(of path: String) -> String? {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let suffix = name[name.index(after: dot)...]
        return suffix.isEmpty ? nil : String(suffix)
    }

    /// ".jpg, .webp": the extensions of the formats other than PNG, for help that says
    /// what `--format` makes of a default name.
    static var otherExtensions: String {
        OutputFormat.allCases.filter { $0 != .png }.map { "." + $0.fileExtension }.joined(separator: ", ")
    }

    /// "JPEG and WebP": the formats `--quality` is for.
    static var lossyNames: String { OutputFormat.lossy.map(\.description).joinedAsProse() }

    /// "WebP is", "WebP and AVIF are".
    static func both(_ names: [String]) -> String {
        names.joinedAsProse() + (names.count > 1 ? " are" : " is")
    }

    /// Decoding limits, with `--max-pixels` when given.
    static func limits(_ parsed: ParsedArguments) -> DecodeLimits {
        var limits = DecodeLimits.standard
        limits.maxPixels = parsed[required: maxPixels]
        return limits
    }
}

/// How pictures are decoded, rendered and encoded: the same options for every command
/// that renders (`--max-pixels`, `--format`, `--quality`, `--compression`, `--dither`).
struct RenderSettings: Equatable, Sendable {
    var limits = DecodeLimits.standard
    var encoding = OutputEncoding.standard
    var dithers = true

    init(limits: DecodeLimits = .standard, encoding: OutputEncoding = .standard, dithers: Bool = true) {
        self.limits = limits
        self.encoding = encoding
        self.dithers = dithers
    }

    /// Refuses, before any work, a canvas larger than the format can hold (WebP: 16383
    /// pixels a side).
    func check(canvas: CanvasSize) throws(CommandFailure) {
        let format = encoding.format
        guard let side = format.declaration.largestSide, max(canvas.width, canvas.height) > side else { return }
        throw CommandFailure(
            "the canvas \(canvas.width)x\(canvas.height) is larger than a \(format) picture can be (\(side) pixels a side); make it smaller or choose another --format",
            option: "format")
    }

    /// Refuses, before any work, a note larger than the format's place for it holds (a
    /// JPEG comment: 65533 bytes).
    func check(note: Provenance?) throws(CommandFailure) {
        let place = encoding.format.declaration.note
        guard let note, let limit = place.largestSize else { return }
        let size = place.size(of: note)
        guard size > limit else { return }
        throw CommandFailure(
            "the note of how the picture was made would take \(size) bytes, more than \(place) holds (\(limit)); give --no-metadata or a shorter --text, or choose another --format",
            option: "text")
    }

    /// The pipeline for a design with these settings; `output`, when given, says on
    /// standard error when a scene is painted (unless --quiet).
    func pipeline<Design: PictureDesign>(_ data: DataDirectory, workers: Int? = nil, output: StatusOutput? = nil)
        -> DesignPipeline<Design>
    {
        var renderer = Renderer(dithers: dithers)
        if let workers { renderer.workers = workers }
        var pipeline = DesignPipeline<Design>(data: data, renderer: renderer, encoding: encoding, decodeLimits: limits)
        if let output, !output.quiet { pipeline.announcePainting = { Console.report($0) } }
        return pipeline
    }
}
