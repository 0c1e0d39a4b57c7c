import Almanac
import Compositor
import Designs

/// Options several commands share, declared once.
enum CommonOptions {
    static let help = Flag("help", short: "h", help: "Show this help.")
    /// The wallpaper command's: `wallgen --version`.
    static let version = Flag("version", help: "Show the version.")
    static let verbose = Flag("verbose", help: "Print stage times and peak memory on standard error.")
    static let quiet = Flag(
        "quiet", short: "q", help: "Print nothing on success (errors and warnings still go to standard error).")

    /// Every command takes these.
    static let everywhere: [any OptionDeclaration] = [verbose, quiet, help]
    /// These may also stand before the command's name.
    static let leading = [verbose, quiet]

    static let size = Option(
        "size", .canvasSize,
        help:
            "Canvas size in pixels, 1 to \(CanvasSize.maxSide) per side; 1920x1080, 1920X1080 and 1920×1080 all work.",
        defaultText: "\(CanvasSize.standard.width)x\(CanvasSize.standard.height)")
    static let device = Option("device", .device, help: "Canvas size of a device; `wallgen devices` lists them.")
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

    static let landscape = Flag(
        "landscape", help: "Put the longer side across: turns a phone's or tablet's preset, or a --size, on its side.")

    static let darkVariant = Flag(
        "dark",
        help:
            "Make the variant for a desktop's dark style (a deeper, dimmer picture; -dark is added to default file names)."
    )

    static let noMetadata = Flag(
        "no-metadata",
        help:
            "Leave out the note of how the picture was made (the command, its options, wallgen's version and a hash of them, in a PNG iTXt chunk, a JPEG comment or WebP XMP; see wallgen inspect)."
    )

    /// The canvas and encoding options, in the order help lists them.
    static let canvas: [any OptionDeclaration] = [
        size, device, landscape, maxPixels, format, quality, compression, dither,
    ]

    /// `--background`: the person's own picture in place of the bundled one.
    static func background(replacing bundled: String) -> Option<String> {
        Option(
            "background", short: "b", .file,
            help: "Your own picture (JPEG, PNG, WebP, HEIC or AVIF) instead of \(bundled).")
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

    /// Words left over after the options are a mistake; the likeliest one is named.
    static func rejectExtra(_ positionals: [String]) throws(UsageError) {
        guard let extra = positionals.first else { return }
        let suggestion = closest(to: extra, in: CommandRegistry.names).map { " (did you mean '\($0)'?)" }
        throw UsageError("unexpected argument '\(extra)'\(suggestion ?? "")")
    }

    /// The canvas from `--size` or `--device`, within `--max-pixels`: the canvas is
    /// refused before any file is read, so a low limit never blames a picture.
    static func canvasSize(_ parsed: ParsedArguments) throws(UsageError) -> CanvasSize {
        let canvas: CanvasSize
        switch (parsed[size], parsed[device]) {
        case (_?, _?):
            throw UsageError("--size and --device both set the canvas size; give only one")
        case (let given?, nil):
            canvas = given
        case (nil, let preset?):
            canvas = CanvasSize(width: preset.width, height: preset.height)
        case (nil, nil):
            canvas = .standard
        }
        let turned = parsed.has(landscape) ? canvas.landscape : canvas
        try checkPixels(turned, parsed)
        return turned
    }

    /// Refuses a canvas above `--max-pixels`.
    static func checkPixels(_ canvas: CanvasSize, _ parsed: ParsedArguments) throws(UsageError) {
        let limit = parsed[required: maxPixels]
        let pixels = canvas.width * canvas.height
        guard pixels <= limit else {
            throw UsageError(
                "the canvas \(canvas.width)x\(canvas.height) is \(pixels) pixels, above the limit of \(limit) (--max-pixels raises it)"
            )
        }
    }
}
