import Almanac
import Compositor
import Designs
import Foundation

/// A validated request for one season wallpaper.
public struct WallpaperRequest: Equatable {
    var spec: SeasonWallpaperSpec
    var output: OutputTarget
    var limits = DecodeLimits.standard
    var pngOptions = PNGEncodingOptions.fast
    var dithers = true
    /// Said on standard error before the wallpaper is made (a text cut to the limit).
    var warnings: [String] = []
}

/// The wallpaper command's options: parse, then validate into a `WallpaperRequest`.
enum WallpaperOptions {
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
        CommonOptions.size,
        CommonOptions.device,
        CommonOptions.maxPixels,
        CommonOptions.compression, CommonOptions.dither,
        CommonOptions.background(replacing: "the season's picture"),
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
        LabelOptions.text, LabelOptions.maxCharacters, LabelOptions.strict, LabelOptions.textColor,
        LabelOptions.position, LabelOptions.vertical,
        CommonOptions.help,
        OptionSpec(long: "version", short: nil, valueName: nil, help: ["Show the version."]),
    ]

    /// Checks every value and builds the request. `today` decides the season when
    /// neither --season nor --date is given.
    static func validate(_ parsed: ParsedArguments, today: CivilDate) throws(UsageError) -> WallpaperRequest {
        try CommonOptions.rejectExtra(parsed.positionals)
        let season = try season(parsed.values["season"], date: parsed.values["date"], today: today)
        var spec = SeasonWallpaperSpec(season: season)
        if let text = parsed.values["alpha"] { spec.alpha = try alpha(text) }
        if let text = parsed.values["label"] { spec.showsLabel = try onOff(text, option: "--label") }
        (spec.width, spec.height) = try CommonOptions.canvasSize(parsed)
        if let text = parsed.values["base"] {
            guard let color = Color(hex: text), color.alpha == 255 else {
                throw UsageError("--base must be a colour as #RRGGBB, got '\(text)'")
            }
            spec.baseColor = color
        }
        spec.backgroundPath = try CommonOptions.path(parsed.values["background"], option: "--background")
        spec.fontPath = try CommonOptions.path(parsed.values["font"], option: "--font")
        var warnings: [String] = []
        (spec.text, warnings) = try LabelOptions.text(parsed)
        spec.textColor = try LabelOptions.color(parsed.values["text-color"])
        spec.labelPosition = try LabelOptions.position(parsed.values["label-position"])
        spec.isVertical = parsed.flags.contains("vertical")
        let output: OutputTarget
        switch parsed.values["output"] {
        case nil: output = .file("wallpaper-\(season.rawValue).png")
        case "-": output = .standardOutput
        case let path?:
            guard !path.isEmpty else { throw UsageError("--output needs a file name") }
            output = .file(path)
        }
        return WallpaperRequest(
            spec: spec, output: output, limits: try CommonOptions.limits(parsed),
            pngOptions: try CommonOptions.pngOptions(parsed), dithers: try CommonOptions.dithers(parsed),
            warnings: warnings)
    }

    static func season(_ name: String?, date: String?, today: CivilDate) throws(UsageError) -> Season {
        switch (name, date) {
        case (_?, _?):
            throw UsageError("--season and --date both choose the season; give only one")
        case (let name?, nil):
            return try CommonOptions.season(named: name)
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
}
