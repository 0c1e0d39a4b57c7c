import Compositor
import Designs
import Desktop

/// What `--device` names on the wallpaper and `term` commands: one preset, every
/// preset (`all`), or the connected monitors (`here`).
enum DeviceChoice: Sendable, Equatable {
    case preset(DevicePreset)
    case all
    case here
}

extension ValueType where Value == DeviceChoice {
    static let deviceChoice = ValueType(
        placeholder: "name", completion: .words(DevicePreset.all.map(\.name) + ["all", "here"]),
        kind: .choice(
            DevicePreset.all.map(\.choice) + [
                ControlChoice("all", label: "Every preset"), ControlChoice("here", label: "Each connected monitor"),
            ]),
        write: { choice in
            switch choice {
            case .preset(let preset): preset.name
            case .all: "all"
            case .here: "here"
            }
        },
        parse: { name, flag throws(CommandFailure) in
            switch name.lowercased() {
            case "all": return .all
            case "here": return .here
            default: return .preset(try ValueType<DevicePreset>.device.parse(name, flag))
            }
        })
}

/// One size an image command makes, with the name `{device}` stands for in an `-o`
/// pattern (the preset's name, or `WxH` for a `--size`).
struct NamedCanvas: Sendable, Equatable {
    var size: CanvasSize
    var device: String?
}

/// The sizes an image command makes.
enum CanvasPlan: Sendable, Equatable {
    /// From `--size` and `--device`, in that order, without repeats (one when neither is given).
    case sizes([NamedCanvas])
    /// One per connected monitor (`--device here`), or one picture cut across them
    /// (`--span`); the layout is read when the command runs, from `file` when given.
    case monitors(span: Bool, file: String?)
    /// The screen's own size, for a picture set as the wallpaper with no size asked for
    /// (`--apply` alone): one picture when every monitor is one size, else one per
    /// monitor; the standard canvas, said in one line, when no monitor can be found.
    case screens(file: String?)
}

/// The canvas of the wallpaper and `term` commands, which may make several sizes in one
/// run: repeated `--size` and `--device`, `--landscape`, `--span`, `--monitors`, read into
/// a `CanvasPlan`.
struct CanvasOptions: OptionGroup {
    static let sizes = OneCanvasOptions.size.repeatable(
        help:
            "Canvas size in pixels, 1 to \(CanvasSize.maxSide) per side; 1920x1080, 1920X1080 and 1920×1080 all work. Several make one picture each, named NAME-WxH.png."
    ).role(.canvasOrFormat).inStudio(.canvas)
    static let devices = Option(
        "device", .deviceChoice,
        help:
            "Canvas size of a device (`wallgen devices` lists them); all for every preset; here for one picture per connected monitor, named by its output (NAME-DP-1.png)."
    ).repeatable().role(.canvasOrFormat).inStudio(.canvas)
    static let landscape = Flag(
        "landscape", help: "Put the longer side across: turns a phone's or tablet's preset, or a --size, on its side.",
        role: .canvasOrFormat)
    static let span = Flag(
        "span",
        help:
            "Lay one picture across all connected monitors as they are arranged and write one file per monitor (NAME-DP-1.png…), so the scene continues from screen to screen."
    )
    static let monitors = Option(
        "monitors", .file,
        help:
            "Read the monitors for --device here and --span from this file (what xrandr --query, swaymsg -t get_outputs or wlr-randr printed, a GNOME monitors.xml, or lines of NAME WxH+X+Y) instead of asking the session."
    )

    var name: String { "canvas" }
    /// Whether the command lays one picture across the monitors: a card cannot (its
    /// lines would be cut at the seams), so `term` neither takes nor lists --span.
    var spans = true

    var declarations: [any OptionDeclaration] {
        [Self.sizes, Self.devices, Self.landscape] + (spans ? [Self.span] : []) + [Self.monitors]
    }

    /// The sizes asked for, each within `maxPixels` (checked before any file is read).
    /// `applies`: the picture is to be set as the wallpaper (`--apply`), so with no size
    /// asked for it is made at the screen's own (`.screens`), never the phone's default.
    static func read(_ parsed: ParsedArguments, maxPixels: Int, applies: Bool = false) throws(CommandFailure)
        -> CanvasPlan
    {
        let givenSizes = parsed[all: sizes]
        let choices = parsed[all: devices]
        let landscape = parsed.has(landscape)
        let spans = parsed.declares(span) && parsed.has(span)
        if applies, givenSizes.isEmpty, choices.isEmpty, !spans, !landscape {
            return .screens(file: parsed[monitors])
        }
        if spans || choices.contains(.here) {
            guard givenSizes.isEmpty, choices.allSatisfy({ $0 == .here }) else {
                throw CommandFailure(
                    "\(spans ? "--span" : "--device here") takes its sizes from the monitors; give no --size or other --device with it"
                )
            }
            guard !landscape else {
                throw CommandFailure(
                    "--landscape turns presets and sizes; monitors already have their own orientation",
                    option: "landscape")
            }
            return .monitors(span: spans, file: parsed[monitors])
        }
        if parsed.isGiven(monitors) {
            throw CommandFailure(
                "--monitors goes with --device here, --span, or --apply without a size", option: "monitors")
        }
        var canvases = givenSizes.map { NamedCanvas(size: $0, device: nil) }
        for choice in choices {
            switch choice {
            case .preset(let preset): canvases.append(NamedCanvas(size: preset.canvas, device: preset.name))
            case .all: canvases += DevicePreset.all.map { NamedCanvas(size: $0.canvas, device: $0.name) }
            case .here: break
            }
        }
        if canvases.isEmpty { canvases = [NamedCanvas(size: .standard, device: nil)] }
        var unique: [NamedCanvas] = []
        for var canvas in canvases {
            if landscape { canvas.size = canvas.size.landscape }
            try canvas.size.check(maxPixels: maxPixels)
            if !unique.contains(canvas) { unique.append(canvas) }
        }
        return .sizes(unique)
    }
}

/// One canvas, for `wallgen terms`: `--size` or `--device`, and `--landscape`.
struct OneCanvasOptions: OptionGroup {
    static let size = Option(
        "size", .canvasSize,
        help:
            "Canvas size in pixels, 1 to \(CanvasSize.maxSide) per side; 1920x1080, 1920X1080 and 1920×1080 all work.",
        defaultText: "\(CanvasSize.standard.width)x\(CanvasSize.standard.height)"
    ).inStudio(.canvas)
    static let device = Option("device", .device, help: "Canvas size of a device; `wallgen devices` lists them.")
        .inStudio(.canvas)

    var name: String { "canvas" }
    var declarations: [any OptionDeclaration] { [Self.size, Self.device, CanvasOptions.landscape] }

    /// The canvas from `--size` or `--device`, within `--max-pixels`: the canvas is
    /// refused before any file is read, so a low limit never blames a picture.
    static func read(_ parsed: ParsedArguments, maxPixels: Int) throws(CommandFailure) -> CanvasSize {
        let canvas: CanvasSize
        switch (parsed[size], parsed[device]) {
        case (_?, _?):
            throw CommandFailure("--size and --device both set the canvas size; give only one", option: "size")
        case (let given?, nil):
            canvas = given
        case (nil, let preset?):
            canvas = CanvasSize(width: preset.width, height: preset.height)
        case (nil, nil):
            canvas = .standard
        }
        let turned = parsed.has(CanvasOptions.landscape) ? canvas.landscape : canvas
        try turned.check(maxPixels: maxPixels)
        return turned
    }
}

extension CanvasSize {
    /// Refuses a canvas above `maxPixels` (`--max-pixels`).
    func check(maxPixels limit: Int) throws(CommandFailure) {
        guard width * height <= limit else {
            throw CommandFailure(
                "the canvas \(width)x\(height) is \(width * height) pixels, above the limit of \(limit) (--max-pixels raises it)",
                option: "size")
        }
    }

    /// The same size with the longer side across.
    var landscape: CanvasSize {
        height > width ? CanvasSize(width: height, height: width) : self
    }
}

extension DevicePreset {
    var canvas: CanvasSize { CanvasSize(width: width, height: height) }
}

extension CanvasPlan {
    /// Refuses, before any work, a size the format cannot hold (the monitors' sizes
    /// are checked when they are known).
    func check(_ settings: RenderSettings) throws(CommandFailure) {
        guard case .sizes(let canvases) = self else { return }
        for canvas in canvases { try settings.check(canvas: canvas.size) }
    }

    /// The size the request's spec is made with: the first asked for (the monitors'
    /// are known only when the command runs, and replace it then).
    var first: CanvasSize {
        if case .sizes(let canvases) = self, let canvas = canvases.first { return canvas.size }
        return .standard
    }
}
