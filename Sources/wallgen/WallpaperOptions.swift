import Almanac
import Compositor
import Designs
import Foundation

/// Where the PNG goes.
enum OutputTarget: Equatable {
    case file(String)
    case standardOutput
}

/// A validated request for one season wallpaper.
struct WallpaperRequest: Equatable {
    var spec: SeasonWallpaperSpec
    var output: OutputTarget
}

/// The wallpaper command's options: parse, then validate into a `WallpaperRequest`.
enum WallpaperOptions {
    static let maxSide = 16384

    static let specs: [OptionSpec] = [
        OptionSpec(
            long: "season", short: "s", valueName: "season",
            help: ["spring, summer, autumn (or fall) or winter."]),
        OptionSpec(
            long: "date", short: "d", valueName: "yyyy-mm-dd",
            help: [
                "A date whose month picks the season: Mar-May spring, Jun-Aug",
                "summer, Sep-Nov autumn, Dec-Feb winter. With neither --season",
                "nor --date, today's date picks it.",
            ]),
        OptionSpec(
            long: "alpha", short: "a", valueName: "0...1",
            help: ["Opacity of the picture over the base colour. (default: 0.5)"]),
        OptionSpec(
            long: "label", short: "l", valueName: "on|off",
            help: ["Show the season's name near the top. (default: on)"]),
        OptionSpec(
            long: "size", short: nil, valueName: "WxH",
            help: [
                "Canvas size in pixels, 1 to \(maxSide) per side.",
                "(default: \(DevicePreset.standard.width)x\(DevicePreset.standard.height))",
            ]),
        OptionSpec(
            long: "device", short: nil, valueName: "name",
            help: ["Canvas size of a device; `wallgen devices` lists them."]),
        OptionSpec(
            long: "background", short: "b", valueName: "file",
            help: ["Your own JPEG or PNG instead of the season's picture."]),
        OptionSpec(
            long: "base", short: nil, valueName: "#RRGGBB",
            help: ["Colour under the faded picture. (default: #FFFFFF)"]),
        OptionSpec(
            long: "font", short: nil, valueName: "file",
            help: ["Your own TrueType or OpenType font for the label."]),
        OptionSpec(
            long: "output", short: "o", valueName: "file",
            help: [
                "Where to write the PNG; - writes it to standard output.",
                "(default: wallpaper-<season>.png)",
            ]),
        OptionSpec(long: "help", short: "h", valueName: nil, help: ["Show this help."]),
        OptionSpec(long: "version", short: nil, valueName: nil, help: ["Show the version."]),
    ]

    /// Checks every value and builds the request. `today` decides the season when
    /// neither --season nor --date is given.
    static func validate(_ parsed: ParsedArguments, today: CivilDate) throws(UsageError) -> WallpaperRequest {
        if let extra = parsed.positionals.first {
            let suggestion = closest(to: extra, in: Command.names).map { " (did you mean '\($0)'?)" }
            throw UsageError("unexpected argument '\(extra)'\(suggestion ?? "")")
        }
        let season = try season(parsed.values["season"], date: parsed.values["date"], today: today)
        var spec = SeasonWallpaperSpec(season: season)
        if let text = parsed.values["alpha"] { spec.alpha = try alpha(text) }
        if let text = parsed.values["label"] { spec.showsLabel = try onOff(text, option: "--label") }
        (spec.width, spec.height) = try canvasSize(size: parsed.values["size"], device: parsed.values["device"])
        if let text = parsed.values["base"] {
            guard let color = Color(hex: text), color.alpha == 255 else {
                throw UsageError("--base must be a colour as #RRGGBB, got '\(text)'")
            }
            spec.baseColor = color
        }
        spec.backgroundPath = try path(parsed.values["background"], option: "--background")
        spec.fontPath = try path(parsed.values["font"], option: "--font")
        let output: OutputTarget
        switch parsed.values["output"] {
        case nil: output = .file("wallpaper-\(season.rawValue).png")
        case "-": output = .standardOutput
        case let path?:
            guard !path.isEmpty else { throw UsageError("--output needs a file name") }
            output = .file(path)
        }
        return WallpaperRequest(spec: spec, output: output)
    }

    static func season(_ name: String?, date: String?, today: CivilDate) throws(UsageError) -> Season {
        switch (name, date) {
        case (_?, _?):
            throw UsageError("--season and --date both choose the season; give only one")
        case (let name?, nil):
            guard let season = Season(name: name) else {
                let names = Season.allCases.map(\.rawValue)
                let suggestion = closest(to: name, in: names).map { " (did you mean '\($0)'?)" }
                throw UsageError(
                    "unknown season '\(name)'\(suggestion ?? ""); use one of \(names.joined(separator: ", "))")
            }
            return season
        case (nil, let text?):
            guard let date = CivilDate(iso: text) else {
                throw UsageError("--date must be a real date as YYYY-MM-DD, got '\(text)'")
            }
            return Season(date: date)
        case (nil, nil):
            return Season(date: today)
        }
    }

    static func alpha(_ text: String) throws(UsageError) -> Double {
        guard let value = Double(text), value.isFinite else {
            throw UsageError("--alpha must be a number from 0 to 1, got '\(text)'")
        }
        guard (0...1).contains(value) else {
            throw UsageError("--alpha must be from 0 to 1, got \(text)")
        }
        return value
    }

    static func onOff(_ text: String, option: String) throws(UsageError) -> Bool {
        switch text.lowercased() {
        case "on", "yes", "true", "1": return true
        case "off", "no", "false", "0": return false
        default: throw UsageError("\(option) must be on or off, got '\(text)'")
        }
    }

    static func canvasSize(size: String?, device: String?) throws(UsageError) -> (Int, Int) {
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
            let limit = DecodeLimits.standard.maxPixels
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
