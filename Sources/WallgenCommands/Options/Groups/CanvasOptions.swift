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
        placeholder: "name", completion: .words(DevicePreset.all.map(\.name) + ["all", "here"])
    ) { name, flag throws(UsageError) in
        switch name.lowercased() {
        case "all": return .all
        case "here": return .here
        default: return .preset(try ValueType<DevicePreset>.device.parse(name, flag))
        }
    }
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
}

/// The canvas options of the wallpaper and `term` commands, which may make several
/// sizes in one run.
enum CanvasOptions {
    static let sizes = CommonOptions.size.repeatable(
        help:
            "Canvas size in pixels, 1 to \(CanvasSize.maxSide) per side; 1920x1080, 1920X1080 and 1920×1080 all work. Several make one picture each, named NAME-WxH.png."
    )
    static let devices = Option(
        "device", .deviceChoice,
        help:
            "Canvas size of a device (`wallgen devices` lists them); all for every preset; here for one picture per connected monitor, named by its output (NAME-DP-1.png)."
    ).repeatable()
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

    /// In the order help lists them.
    static let all: [any OptionDeclaration] = [
        sizes, devices, CommonOptions.landscape, span, monitors, CommonOptions.maxPixels, CommonOptions.format,
        CommonOptions.quality, CommonOptions.compression, CommonOptions.dither,
    ]

    /// The sizes asked for, each within `--max-pixels` (checked before any file is read).
    static func plan(_ parsed: ParsedArguments) throws(UsageError) -> CanvasPlan {
        let givenSizes = parsed[all: sizes]
        let choices = parsed[all: devices]
        let landscape = parsed.has(CommonOptions.landscape)
        let spans = parsed.has(span)
        if spans || choices.contains(.here) {
            guard givenSizes.isEmpty, choices.allSatisfy({ $0 == .here }) else {
                throw UsageError(
                    "\(spans ? "--span" : "--device here") takes its sizes from the monitors; give no --size or other --device with it"
                )
            }
            guard !landscape else {
                throw UsageError("--landscape turns presets and sizes; monitors already have their own orientation")
            }
            return .monitors(span: spans, file: parsed[monitors])
        }
        if parsed.isGiven(monitors) { throw UsageError("--monitors goes with --device here or --span") }
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
            try CommonOptions.checkPixels(canvas.size, parsed)
            if !unique.contains(canvas) { unique.append(canvas) }
        }
        return .sizes(unique)
    }
}

extension CanvasSize {
    /// The same size with the longer side across.
    var landscape: CanvasSize {
        height > width ? CanvasSize(width: height, height: width) : self
    }
}

extension DevicePreset {
    var canvas: CanvasSize { CanvasSize(width: width, height: height) }
}

extension CanvasPlan {
    /// The size the request's spec is made with: the first asked for (the monitors'
    /// are known only when the command runs, and replace it then).
    var first: CanvasSize {
        if case .sizes(let canvases) = self, let canvas = canvases.first { return canvas.size }
        return .standard
    }
}
