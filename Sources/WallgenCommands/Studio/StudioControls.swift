import Almanac
import Compositor
import Designs
import Foundation

/// The controls the studio's page draws, made from the option declarations: each control
/// is an option (its long name, help, default, range or choices), so the page holds no
/// second copy of them. The page reads this as JSON (`GET /api/controls`).
///
/// Where today's declarations keep a range inside a parsing closure, the value is written
/// here, once, marked `// until the option declarations expose this as data`: when value
/// types expose min, max, step, default and choices, those lines read them instead.
enum StudioControls {
    /// One control: `id` is its `data-testid` on the page, `option` the long name it sets.
    struct Control: Encodable {
        var id: String
        var option: String
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
            case id, option, kind, help, placeholder, choices, minimum, maximum, step
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
    }

    // MARK: the tabs

    /// The Wallpaper tab: the season app's controls and the engraving app's text.
    static var wallpaper: Tab {
        Tab(
            command: "wallpaper",
            controls: [
                choice("season", WallpaperOptions.season),
                control("date", WallpaperOptions.date, .date),
                choice("season-rule", SeasonOptions.rule),
                choice("hemisphere", SeasonOptions.hemisphere),
                fraction("alpha", WallpaperOptions.alpha),
                onOff("label", WallpaperOptions.label),
                text("text", LabelOptions.text),
                choice("position", LabelOptions.position),
                flag("vertical", LabelOptions.vertical),
                colour("base", WallpaperOptions.base),
                colour("text-color", LabelOptions.textColor),
                flag("dark", CommonOptions.darkVariant),
            ] + canvasAndFile(background: WallpaperOptions.background))
    }

    /// The Terms tab: the card's language and its own style.
    static var term: Tab {
        Tab(
            command: "term",
            controls: [
                choice("card-lang", TermOptions.language),
                fraction("alpha", TermOptions.alpha),
                text("text", TermOptions.title),
                flag("vertical", TermOptions.vertical),
                colour("base", TermOptions.base),
                colour("text-color", TermOptions.textColor),
                flag("dark", CommonOptions.darkVariant),
            ] + canvasAndFile(background: TermOptions.background))
    }

    /// What both tabs share: the canvas, the person's picture and the file format.
    private static func canvasAndFile(background: Option<String>) -> [Control] {
        var device = control("device", CanvasOptions.devices, .device)
        device.choices = DevicePreset.all.map(\.name)
        device.defaultValue = DevicePreset.standard.name
        var size = control("size", CanvasOptions.sizes, .size)
        // --size's range is a constant of its own (CanvasSize.maxSide), read here as data.
        (size.minimum, size.maximum, size.step) = (1, Double(CanvasSize.maxSide), 1)
        var quality = control("quality", CommonOptions.quality, .slider)
        (quality.minimum, quality.maximum, quality.step) = (
            Double(OutputEncoding.qualities.lowerBound), Double(OutputEncoding.qualities.upperBound), 1
        )
        quality.defaultValue = "\(OutputEncoding.defaultQuality)"
        return [
            device, size, control("background", background, .picture), choice("format", CommonOptions.format), quality,
        ]
    }

    // MARK: controls from declarations

    private static func control<Value>(_ id: String, _ option: Option<Value>, _ kind: Control.Kind) -> Control {
        Control(
            id: id, option: option.long, kind: kind, help: option.fullHelp, placeholder: option.valueName,
            defaultValue: nil, defaultText: option.defaultText)
    }

    /// A choice: the words its value type completes, each meaning kept once (`jpg` is
    /// `jpeg`, `fall` is `autumn`), the default the word whose value is the option's default.
    private static func choice<Value: Equatable>(_ id: String, _ option: Option<Value>) -> Control {
        var made = control(id, option, .choice)
        var words: [String] = []
        var values: [Value] = []
        if case .words(let completions) = option.valueType.completion {
            for word in completions {
                guard let value = try? option.parse(word), !values.contains(value) else { continue }
                words.append(word)
                values.append(value)
            }
        }
        made.choices = words
        if let value = option.defaultValue, let index = values.firstIndex(of: value) {
            made.defaultValue = words[index]
        }
        return made
    }

    /// A fraction from 0 to 1, drawn as a slider.
    private static func fraction(_ id: String, _ option: Option<Double>) -> Control {
        var made = control(id, option, .slider)
        // until the option declarations expose this as data: `.fraction` checks 0...1 in its closure.
        (made.minimum, made.maximum) = (0, 1)
        // until the option declarations expose this as data: a step fine enough to find a
        // value by eye, coarse enough that each step changes the picture.
        made.step = 0.01
        made.defaultValue = option.defaultValue.map(Self.number)
        return made
    }

    private static func onOff(_ id: String, _ option: Option<Bool>) -> Control {
        var made = control(id, option, .onOff)
        made.defaultValue = option.defaultValue.map { $0 ? "on" : "off" }
        // until the option declarations expose this as data: `.onOff` reads these two words.
        made.choices = ["on", "off"]
        return made
    }

    private static func flag(_ id: String, _ flag: Flag) -> Control {
        Control(id: id, option: flag.long, kind: .flag, help: flag.fullHelp, defaultValue: "off")
    }

    private static func text(_ id: String, _ option: Option<String>) -> Control {
        control(id, option, .text)
    }

    private static func colour(_ id: String, _ option: Option<Color>) -> Control {
        var made = control(id, option, .colour)
        made.defaultValue = option.defaultValue.map(\.description)
        made.choices = CSSColorNames.names
        return made
    }

    /// `0.5`, `1`: the shortest text that reads back as the same number.
    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    // MARK: the document

    /// The whole document the page reads, for a day.
    static func document(today: CivilDate) -> Document {
        let todayTerm = (try? SolarTermCalendar.term(inEffectOn: today, zone: .current).term) ?? SolarTerm.all[0]
        // The season a date shows, by the same rule the command applies to --date.
        let todaySeason: Season =
            if case .wallpaper(let request)? = try? Invocation.parse(["--date", "\(today)"], today: today).command {
                request.spec.season
            } else {
                Season(date: today)
            }
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
            textSteps: steps, today: "\(today)", todaySeason: todaySeason.rawValue, todayTerm: todayTerm.slug)
    }

    static func json(today: CivilDate) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(document(today: today))).map { [UInt8]($0) } ?? Array("{}".utf8)
    }

    /// The options the page may set on a command: its controls' (the term's name comes apart).
    static func options(of command: String) -> Set<String> {
        Set((command == "term" ? term : wallpaper).controls.map(\.option))
    }
}
