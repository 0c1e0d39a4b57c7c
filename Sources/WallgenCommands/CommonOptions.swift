import Almanac
import Compositor
import Designs

/// Where the PNG goes.
enum OutputTarget: Equatable {
    case file(String)
    case standardOutput
}

/// Options and checks that several commands share.
enum CommonOptions {
    static let maxSide = 16384

    static let size = OptionSpec(
        long: "size", short: nil, valueName: "WxH",
        help: [
            "Canvas size in pixels, 1 to \(maxSide) per side.",
            "(default: \(DevicePreset.standard.width)x\(DevicePreset.standard.height))",
        ])
    static let device = OptionSpec(
        long: "device", short: nil, valueName: "name",
        help: ["Canvas size of a device; `wallgen devices` lists them."])
    static let help = OptionSpec(long: "help", short: "h", valueName: nil, help: ["Show this help."])
    static let maxPixels = OptionSpec(
        long: "max-pixels", short: nil, valueName: "n",
        help: [
            "Refuse canvases and pictures with more pixels than this, from",
            "their headers. (default: \(DecodeLimits.standard.maxPixels))",
        ])

    static let compression = OptionSpec(
        long: "compression", short: nil, valueName: "fast|default|small",
        help: [
            "PNG size against time: fast (the default: wallgen's own deflate, a",
            "phone wallpaper in about 11 ms), default (libdeflate level 10:",
            "10-22 % smaller, about 65x the time) or small (level 12: 1-2 %",
            "smaller again, twice default's time).",
        ])

    /// `--background`: the person's own picture in place of the bundled one.
    static func background(replacing bundled: String) -> OptionSpec {
        OptionSpec(
            long: "background", short: "b", valueName: "file",
            help: ["Your own JPEG or PNG instead of \(bundled)."])
    }

    static let dither = OptionSpec(
        long: "dither", short: nil, valueName: "on|off",
        help: [
            "Dither the shades so no 8-bit bands show (default: on). off rounds",
            "instead: PNGs about a tenth smaller, with a risk of faint bands.",
        ])

    static func dithers(_ parsed: ParsedArguments) throws(UsageError) -> Bool {
        guard let text = parsed.values["dither"] else { return true }
        return try WallpaperOptions.onOff(text, option: "--dither")
    }

    static func pngOptions(_ parsed: ParsedArguments) throws(UsageError) -> PNGEncodingOptions {
        switch parsed.values["compression"]?.lowercased() {
        case nil, "fast": return .fast
        case "default": return .standard
        case "small": return .small
        case let other?: throw UsageError("--compression must be fast, default or small, got '\(other)'")
        }
    }

    /// Decoding limits, with `--max-pixels` when given.
    static func limits(_ parsed: ParsedArguments) throws(UsageError) -> DecodeLimits {
        var limits = DecodeLimits.standard
        if let text = parsed.values["max-pixels"] {
            guard let value = Int(text), value >= 1 else {
                throw UsageError("--max-pixels must be a whole number of at least 1, got '\(text)'")
            }
            limits.maxPixels = value
        }
        return limits
    }

    static func season(named name: String) throws(UsageError) -> Season {
        guard let season = Season(name: name) else {
            let names = Season.allCases.map(\.rawValue)
            let suggestion = closest(to: name, in: names).map { " (did you mean '\($0)'?)" }
            throw UsageError(
                "unknown season '\(name)'\(suggestion ?? ""); use one of \(names.joined(separator: ", "))")
        }
        return season
    }

    /// Words left over after the options are a mistake; the likeliest one is named.
    static func rejectExtra(_ positionals: [String]) throws(UsageError) {
        guard let extra = positionals.first else { return }
        let suggestion = closest(to: extra, in: Command.names).map { " (did you mean '\($0)'?)" }
        throw UsageError("unexpected argument '\(extra)'\(suggestion ?? "")")
    }

    /// The canvas from `--size` or `--device`, within `--max-pixels`.
    static func canvasSize(_ parsed: ParsedArguments) throws(UsageError) -> (Int, Int) {
        let size = parsed.values["size"]
        let device = parsed.values["device"]
        let limit = try limits(parsed).maxPixels
        switch (size, device) {
        case (_?, _?):
            throw UsageError("--size and --device both set the canvas size; give only one")
        case (let text?, nil):
            let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2,
                parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
                let width = Int(parts[0]), let height = Int(parts[1])
            else {
                throw UsageError("--size must be WIDTHxHEIGHT in pixels, like 1170x2532, got '\(text)'")
            }
            guard (1...maxSide).contains(width), (1...maxSide).contains(height) else {
                throw UsageError("--size sides must be from 1 to \(maxSide) pixels, got \(text)")
            }
            guard width * height <= limit else {
                throw UsageError("--size \(text) is \(width * height) pixels, above the limit of \(limit)")
            }
            return (width, height)
        case (nil, let name?):
            guard let preset = DevicePreset.named(name) else {
                let suggestion = closest(to: name, in: DevicePreset.all.map(\.name)).map { " (did you mean '\($0)'?)" }
                throw UsageError("unknown device '\(name)'\(suggestion ?? ""); `wallgen devices` lists them")
            }
            return (preset.width, preset.height)
        case (nil, nil):
            return (DevicePreset.standard.width, DevicePreset.standard.height)
        }
    }

    static func path(_ text: String?, option: String) throws(UsageError) -> String? {
        guard let text else { return nil }
        guard !text.isEmpty else { throw UsageError("\(option) needs a file name") }
        return text
    }
}
