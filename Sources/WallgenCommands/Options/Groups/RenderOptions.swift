import Compositor
import Designs

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
        default: .fast, shown: "fast")
    static let format = Option(
        "format",
        .choice(["png": OutputFormat.png, "jpeg": .jpeg, "jpg": .jpeg, "webp": .webp], placeholder: "png|jpeg|webp"),
        help:
            "The file format: png, jpeg (or jpg) or webp. Without it, --output's extension decides (.png, .jpg or .jpeg, .webp); a name with another extension is refused.",
        defaultText: "from --output's extension, else png")
    static let quality = Option(
        "quality", .quality,
        help: "JPEG and WebP quality, 1 (smallest) to 100 (best); WebP is lossless at 100. Not for PNG.",
        defaultText: "\(OutputEncoding.defaultQuality)")
    static let dither = Option(
        "dither", .onOff,
        help:
            "Dither the shades so no 8-bit bands show; off rounds instead: smaller PNGs, with a risk of faint bands.",
        default: true, shown: "on")

    var name: String { "render" }
    var declarations: [any OptionDeclaration] {
        [Self.maxPixels, Self.format, Self.quality, Self.compression, Self.dither]
    }

    /// Every option of the group into settings. `output` is the file asked for (its
    /// extension may choose the format), nil for a folder.
    static func read(_ parsed: ParsedArguments, output: OutputTarget?) throws(UsageError) -> RenderSettings {
        RenderSettings(
            limits: limits(parsed), encoding: try encoding(parsed, output: output), dithers: parsed[required: dither])
    }

    /// The output's format and its settings, from `--format`, `--quality`, `--compression`
    /// and, for a named file, its extension: a name with an extension wallgen cannot
    /// write, or one that contradicts `--format`, is refused, so no file is ever written
    /// in one format under another's name. Folders (nil `output`) and `-o -` take
    /// `--format`, else PNG.
    static func encoding(_ parsed: ParsedArguments, output: OutputTarget?) throws(UsageError) -> OutputEncoding {
        let asked = parsed[format]
        var named: OutputFormat?
        if case .file(let path)? = output, let suffix = fileExtension(of: path) {
            guard let format = OutputFormat(fileExtension: suffix) else {
                throw UsageError(
                    "--output '\(path)': wallgen cannot write .\(suffix) files; it writes \(OutputFormat.listedWithExtensions)"
                )
            }
            if let asked, asked != format {
                throw UsageError(
                    "--output '\(path)' names a \(format) file, but --format asks for \(asked); give a .\(asked.fileExtension) name, or leave --format out"
                )
            }
            named = format
        }
        switch asked ?? named ?? .png {
        case .png:
            if parsed.isGiven(quality) {
                throw UsageError(
                    "--quality is for JPEG and WebP; PNG is lossless (--compression trades its size against time)")
            }
            return .png(parsed[required: compression])
        case let lossy:
            if parsed.isGiven(compression) {
                throw UsageError("--compression is for PNG; \(lossy) takes --quality instead")
            }
            let level = parsed[quality] ?? OutputEncoding.defaultQuality
            return lossy == .jpeg ? .jpeg(quality: level) : .webp(quality: level)
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

    /// The pipeline for a design with these settings.
    func pipeline<Design: PictureDesign>(_ data: DataDirectory, workers: Int? = nil) throws(PipelineError)
        -> DesignPipeline<Design>
    {
        var renderer = Renderer(dithers: dithers)
        if let workers { renderer.workers = workers }
        return try DesignPipeline<Design>(data: data, renderer: renderer, encoding: encoding, decodeLimits: limits)
    }
}
