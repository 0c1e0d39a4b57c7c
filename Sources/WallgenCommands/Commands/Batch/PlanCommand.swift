import Almanac
import Batch
import Designs
import Escaping
import FoundationEssentials
import Platform

/// A validated `wallgen plan`.
public struct PlanRequest: Equatable, Sendable {
    enum Set: String, Equatable { case terms, seasons }
    var set: Set
    /// Device names or WxH sizes, each with the key it goes under.
    var canvases: [Canvas]
    var languages: [String]
    var years: [Int]
    var dark: Bool

    struct Canvas: Equatable {
        let key: String
        let value: String
    }
}

/// `wallgen plan terms|seasons`: the manifest of a common set, one JSON line per picture,
/// on standard output: every term (or season) for each device, language and year asked.
enum PlanCommand: WallgenCommand {
    static let devices = Option(
        "devices", .text("names"), help: "Devices, separated by commas (`wallgen devices` lists them).")
    static let sizes = Option("sizes", .text("WxH,..."), help: "Canvas sizes, separated by commas.")
    static let languages = Option(
        "langs", .text("zh,en"), help: "Card languages for terms, separated by commas.", defaultText: "zh")
    static let years = Option(
        "years", .text("years"),
        help: "Term years for terms' exact dates, separated by commas, or a range 2026-2030.",
        defaultText: "the usual dates")
    static let dark = Flag("dark", help: "Add the dark variant of every picture.")
    static let options: [any OptionDeclaration] = [devices, sizes, languages, years, dark] + CommonOptions.everywhere

    static let commandName: String? = "plan"
    static let declaration = CommandDeclaration(
        name: commandName, summary: "Write the manifest of a common set (terms, seasons) for wallgen batch.",
        overview:
            "Write to standard output a manifest (JSON Lines) for wallgen batch: every term card (terms) or season wallpaper (seasons), for each device or size, language and year asked, each in a folder per year, canvas and language.",
        usage: [
            "(terms | seasons) [--devices <names>] [--sizes <WxH,...>] [--langs <zh,en>] [--years <years>] [--dark]"
        ],
        arguments: [.init(name: "set", help: "terms or seasons.", completion: .words(["terms", "seasons"]))],
        options: options,
        sections: [
            .init(
                title: "EXAMPLES",
                body: """
                    wallgen plan terms --devices iphone-15,ipad --langs zh,en --years 2026-2027 > cards.jsonl
                    wallgen plan seasons --sizes 1920x1080,2560x1440 --dark > seasons.jsonl
                    """)
        ])

    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> PlanRequest {
        guard let name = parsed.positionals.first else {
            throw CommandFailure("'plan' needs a set: terms or seasons")
        }
        guard let set = PlanRequest.Set(rawValue: name) else {
            throw CommandFailure(
                "'plan' knows the sets terms and seasons, not '\(name)' (a schedule renders its own cards: use wallgen schedule)"
            )
        }
        try CommonOptions.rejectExtra(Array(parsed.positionals.dropFirst()))
        var canvases: [PlanRequest.Canvas] = []
        for device in list(parsed[devices]) {
            _ = try WallgenValueTypesCheck.device(device)
            canvases.append(.init(key: "device", value: device))
        }
        for size in list(parsed[sizes]) {
            _ = try OneCanvasOptions.size.parse(size)
            canvases.append(.init(key: "size", value: size))
        }
        let languages = list(parsed[languages])
        for language in languages { _ = try TermOptions.language.parse(language) }
        var years: [Int] = []
        for word in list(parsed[Self.years]) {
            let ends = word.split(separator: "-", maxSplits: 1).map(String.init)
            let first = try TermOptions.year.parse(ends[0])
            let last = ends.count == 2 ? try TermOptions.year.parse(ends[1]) : first
            guard first <= last else { throw CommandFailure("--years \(word) runs backwards", option: "years") }
            years += Array(first...last)
        }
        if set == .seasons, parsed.isGiven(Self.languages) || parsed.isGiven(Self.years) {
            throw CommandFailure("--langs and --years are for terms; season wallpapers have neither", option: "langs")
        }
        return PlanRequest(
            set: set, canvases: canvases, languages: languages.isEmpty ? ["zh"] : languages, years: years,
            dark: parsed.has(dark))
    }

    static func list(_ text: String?) -> [String] {
        (text ?? "").split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }

    /// Writes the manifest; every output is in a folder per canvas (and year and language).
    static func run(_ request: PlanRequest, _ output: StatusOutput) {
        let canvases: [PlanRequest.Canvas?] = request.canvases.isEmpty ? [nil] : request.canvases
        let variants = request.dark ? [false, true] : [false]
        for canvas in canvases {
            let canvasFolder = canvas.map { $0.value + "/" } ?? ""
            let canvasField = canvas.map { ",\(JSONText.quoted($0.key)):\(JSONText.quoted($0.value))" } ?? ""
            for dark in variants {
                let darkField = dark ? ",\"dark\":true" : ""
                let suffix = dark ? "-dark" : ""
                switch request.set {
                case .seasons:
                    for season in Season.allCases {
                        Console.print(
                            "{\"command\":\"wallpaper\",\"season\":\"\(season.rawValue)\"\(canvasField)\(darkField),"
                                + "\"output\":\(JSONText.quoted("\(canvasFolder)wallpaper-\(season.rawValue)\(suffix).png"))}"
                        )
                    }
                case .terms:
                    let years: [Int?] = request.years.isEmpty ? [nil] : request.years
                    for year in years {
                        for language in request.languages {
                            let folder = (year.map { "\($0)/" } ?? "") + canvasFolder + language + "/"
                            let yearField = year.map { ",\"year\":\($0)" } ?? ""
                            for term in SolarTerm.all {
                                Console.print(
                                    "{\"command\":\"term\",\"term\":\"\(term.slug)\"\(canvasField),\"lang\":\"\(language)\"\(yearField)\(darkField),"
                                        + "\"output\":\(JSONText.quoted("\(folder)\(term.fileStem)\(suffix).png"))}")
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Device names checked as --device checks them, with the message naming --devices.
enum WallgenValueTypesCheck {
    static func device(_ name: String) throws(CommandFailure) -> DevicePreset {
        do {
            return try OneCanvasOptions.device.parse(name)
        } catch {
            throw CommandFailure("--devices: \(error.message)", option: "devices")
        }
    }
}
