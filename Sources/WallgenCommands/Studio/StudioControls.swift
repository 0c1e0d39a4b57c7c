import Almanac
import Compositor
import Designs
import FoundationEssentials
import Studio

/// The controls the studio's page draws, read from the command layer's own description
/// of each command's controls (`CommandControls`: every option's kind, range and step or
/// choices, default and help, as the parser checks them), so the page holds no second copy
/// of any range or word list. The page reads this as JSON (`GET /api/controls`).
///
/// Which options each tab shows, under which group, `data-testid` and word, is said on
/// each option's declaration (`OptionRole.studio`); the page's words in its two languages
/// are one catalogue (`PageWords`) served with the controls. What is the page's own is
/// only the widget a kind becomes.
enum StudioControls {
    /// One control: `id` is its `data-testid` on the page, `option` the long name it sets,
    /// `group` and `label` the page's words (`PageWords`) for its group and itself.
    struct Control: Encodable {
        var id: String
        var option: String
        var group = ""
        var label = ""
        var kind: Kind
        var help: String
        var placeholder: String?
        /// The default as the control shows it (a number, a word, on/off, `#RRGGBB`), nil when
        /// leaving the option out is the default ("automatic").
        var defaultValue: String?
        var defaultText: String?
        var choices: [String]?
        var minimum: Double?
        var maximum: Double?
        var step: Double?

        enum Kind: String, Encodable {
            case choice, slider, onOff, flag, text, colour, date, size, picture, device
        }

        enum CodingKeys: String, CodingKey {
            case id, option, group, label, kind, help, placeholder, choices, minimum, maximum, step
            case defaultValue = "default"
            case defaultText
        }
    }

    /// A tab of the page: the command it stands for and its controls, in the order shown.
    struct Tab: Encodable {
        var command: String
        var controls: [Control]
    }

    struct Term: Encodable {
        var slug: String
        var number: Int
        var name: String
        var english: String
        var season: String
    }

    struct Device: Encodable {
        var name: String
        var width: Int
        var height: Int
        var note: String
    }

    struct TextStep: Encodable {
        /// The step from this many characters on.
        var from: Int
        var step: String
        var size: Int
    }

    struct Document: Encodable {
        var version: String
        var wallpaper: Tab
        var term: Tab
        var seasons: [String]
        var terms: [Term]
        var devices: [Device]
        var defaultDevice: String
        var maxCharacters: Int
        var textSteps: [TextStep]
        var today: String
        var todaySeason: String
        var todayTerm: String
        /// Each CSS colour name's sRGB value, `#RRGGBB`, so the page's swatch shows the
        /// colour a name stands for.
        var colours: [String: String]
        /// The page's words, language by language (`PageWords.catalogue`).
        var words: [String: [String: String]]
    }

    // MARK: the tabs

    static var wallpaper: Tab { tab(.wallpaper) }
    static var term: Tab { tab(.term) }

    /// A tab's controls: every option of the command that its declaration places on the
    /// page (`OptionRole.studio`), group by group, in the command's own order within each.
    private static func tab(_ command: PictureCommand) -> Tab {
        let placed = command.declaration.options.compactMap { option in option.role.studio.map { (option, $0) } }
        let controls = StudioPlace.Group.allCases.flatMap { group in
            placed.filter { $0.1.group == group }.map { option, place in
                let id = place.id ?? option.long
                var made = control(id, ControlDescription(option))
                made.group = group.rawValue
                made.label = place.label ?? id
                return made
            }
        }
        return Tab(command: command.rawValue, controls: controls)
    }

    /// A description drawn as the page's widget: numbers as sliders, a file as the picture
    /// chooser, the device menu with the presets alone (`all` and `here` make several
    /// pictures, not one preview).
    private static func control(_ id: String, _ description: ControlDescription) -> Control {
        var made = Control(
            id: id, option: description.name, kind: .text,
            help: description.help + (description.repeatable ? " May be given more than once." : "")
                + (description.defaultText.map { " (default: \($0))" } ?? ""),
            placeholder: description.placeholder, defaultValue: description.defaultValue,
            defaultText: description.defaultText, choices: description.choices?.map(\.value),
            minimum: description.minimum, maximum: description.maximum, step: description.step)
        switch description.kind {
        case "number", "integer": made.kind = .slider
        case "switch":
            made.kind = .onOff
            made.choices = ["on", "off"]
        case "flag":
            made.kind = .flag
            made.defaultValue = "off"
        case "choice" where id == "device":
            made.kind = .device
            let presets = Set(DevicePreset.all.map(\.name))
            made.choices = made.choices?.filter(presets.contains)
            made.defaultValue = made.defaultValue ?? DevicePreset.standard.name
        case "choice": made.kind = .choice
        case "colour":
            made.kind = .colour
            made.choices = CSSColorNames.names
        case "date": made.kind = .date
        case "instant" where id == "hour":
            // The hour of the page's day (its date, or today), in quarters; --at is made of both.
            made.kind = .slider
            (made.minimum, made.maximum, made.step) = (0, 23.75, 0.25)
            made.defaultValue = "12"
        case "size":
            // The device menu holds the default canvas; a size is typed only for "custom".
            made.kind = .size
            made.defaultValue = nil
        case "file": made.kind = .picture
        default: made.kind = .text
        }
        // The quality's default depends on the format; the slider starts at the lossy one's.
        if description.name == RenderOptions.quality.long, made.defaultValue == nil {
            made.defaultValue = "\(OutputEncoding.defaultQuality)"
        }
        return made
    }

    // MARK: the document

    /// The whole document the page reads, for a day.
    static func document(today: CivilDate) -> Document {
        let todayTerm =
            (try? SolarTermCalendar.term(inEffectOn: today, zone: ZoneDatabase.system().localZone()).term)
            ?? SolarTerm.all[0]
        // The season a date shows, by the same rule the command applies to --date.
        let todaySeason: Season =
            (try? Invocation.parse(["--date", "\(today)"], today: today))?.request(of: WallpaperCommand.self)?.spec
            .season ?? Season(date: today)
        var steps: [TextStep] = []
        for count in 1...64 {
            let step = LabelText.Step(characterCount: count)
            if steps.last?.size != step.rawValue {
                steps.append(TextStep(from: count, step: "\(step)", size: step.rawValue))
            }
        }
        return Document(
            version: WallgenCLI.version, wallpaper: wallpaper, term: term,
            seasons: Season.allCases.map(\.rawValue),
            terms: SolarTerm.all.map {
                Term(
                    slug: $0.slug, number: $0.number, name: $0.name, english: $0.englishName, season: $0.season.rawValue
                )
            },
            devices: DevicePreset.all.map { Device(name: $0.name, width: $0.width, height: $0.height, note: $0.note) },
            defaultDevice: DevicePreset.standard.name,
            maxCharacters: LabelOptions.maxCharacters.defaultValue ?? LabelText.defaultMaxCharacters,
            textSteps: steps, today: "\(today)", todaySeason: todaySeason.rawValue, todayTerm: todayTerm.slug,
            colours: CSSColorNames.table.mapValues { value in
                let hex = String(value, radix: 16, uppercase: true)
                return "#" + String(repeating: "0", count: 6 - hex.count) + hex
            }, words: PageWords.catalogue)
    }

    static func json(today: CivilDate) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(document(today: today))).map { [UInt8]($0) } ?? Array("{}".utf8)
    }

    /// The options the page may set on a command: its controls' (the term's name comes
    /// apart), as the allow list, made once from them, holds them.
    static func options(of command: String) -> Set<String> {
        Set(allowList.commands[command].map { Array($0.keys) } ?? [])
    }

    /// What the page may set, from the tabs' own controls: a flag control takes on/off,
    /// every other one text. The studio checks every route's settings against it.
    static let allowList = StudioAllowList(
        commands: Dictionary(
            uniqueKeysWithValues: [wallpaper, term].map { tab in
                (
                    tab.command,
                    Dictionary(
                        tab.controls.map { ($0.option, $0.kind == .flag ? StudioAllowList.ValueKind.flag : .text) },
                        uniquingKeysWith: { first, _ in first })
                )
            }))
}
