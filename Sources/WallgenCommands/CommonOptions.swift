import Almanac
import Compositor
import Designs

/// Options several commands share, declared once.
enum CommonOptions {
    static let help = Flag("help", short: "h", help: "Show this help.")
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
    static let dither = Option(
        "dither", .onOff,
        help:
            "Dither the shades so no 8-bit bands show; off rounds instead: smaller PNGs, with a risk of faint bands.",
        default: true, shown: "on")

    static let darkVariant = Flag(
        "dark",
        help:
            "Make the variant for a desktop's dark style (a deeper, dimmer picture; -dark is added to default file names)."
    )

    static let noMetadata = Flag(
        "no-metadata",
        help:
            "Leave out the note of how the picture was made (an iTXt chunk naming the command, its options, wallgen's version and a hash of them; see wallgen inspect)."
    )

    /// The canvas and encoding options, in the order help lists them.
    static let canvas: [any OptionDeclaration] = [size, device, maxPixels, compression, dither]

    /// `--background`: the person's own picture in place of the bundled one.
    static func background(replacing bundled: String) -> Option<String> {
        Option("background", short: "b", .file, help: "Your own JPEG or PNG instead of \(bundled).")
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
        let suggestion = closest(to: extra, in: CommandCatalog.names).map { " (did you mean '\($0)'?)" }
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
        let limit = parsed[required: maxPixels]
        let pixels = canvas.width * canvas.height
        guard pixels <= limit else {
            throw UsageError(
                "the canvas \(canvas.width)x\(canvas.height) is \(pixels) pixels, above the limit of \(limit) (--max-pixels raises it)"
            )
        }
        return canvas
    }
}
