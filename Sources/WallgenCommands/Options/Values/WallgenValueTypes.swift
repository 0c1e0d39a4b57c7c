import Almanac
import Compositor
import Designs
import FoundationEssentials

/// A canvas size in pixels, from `--size` or a `--device` preset.
struct CanvasSize: Sendable, Equatable {
    var width: Int
    var height: Int

    static let standard = CanvasSize(width: DevicePreset.standard.width, height: DevicePreset.standard.height)
    /// The largest side wallgen renders: its encoders and memory plans are sized for it.
    static let maxSide = 16384
}

/// Where an image goes.
enum OutputTarget: Equatable, Sendable {
    case file(String)
    case standardOutput
}

extension ValueType where Value == Season {
    static let season = ValueType(
        placeholder: "season", completion: .words(Season.allCases.map(\.rawValue) + ["fall"]),
        kind: .choice(
            Season.allCases.map { ControlChoice($0.rawValue, label: $0.displayName, chineseLabel: $0.chineseName) }),
        write: { $0.rawValue },
        parse: { name, _ throws(CommandFailure) in
            guard let season = Season(name: name) else {
                let names = Season.allCases.map(\.rawValue)
                let suggestion = closest(to: name, in: names).map { " (did you mean '\($0)'?)" }
                throw CommandFailure(
                    "unknown season '\(name)'\(suggestion ?? ""); use one of \(names.joined(separator: ", "))")
            }
            return season
        })
}

extension ValueType where Value == CivilDate {
    static let date = ValueType(
        placeholder: "yyyy-mm-dd", completion: .none, kind: .date, write: { "\($0)" },
        parse: {
            text, flag throws(CommandFailure) in
            guard let date = CivilDate(iso: text) else {
                throw CommandFailure("\(flag) must be a real date as YYYY-MM-DD, got '\(text)'")
            }
            return date
        })
}

/// A day as `--date` takes it for a card: a date, or `today`, `tomorrow` or `yesterday`,
/// which are read in the command's zone once it is known.
enum DayChoice: Sendable, Equatable {
    case date(CivilDate)
    /// Days from today: 0 today, 1 tomorrow, -1 yesterday.
    case fromToday(Int)

    static let words = ["yesterday": -1, "today": 0, "tomorrow": 1]

    /// The day in `zone`, as of `now`.
    func day(in zone: Zone, now: Date = Date()) -> CivilDate {
        switch self {
        case .date(let date): date
        case .fromToday(let offset): CivilDate.today(in: zone, now: now.addingTimeInterval(Double(offset) * 86_400))
        }
    }
}

extension ValueType where Value == DayChoice {
    static let day = ValueType(
        placeholder: "yyyy-mm-dd", completion: .words(["today", "tomorrow", "yesterday"]), kind: .date,
        write: {
            switch $0 {
            case .date(let date): "\(date)"
            case .fromToday(let offset): DayChoice.words.first { $0.value == offset }?.key ?? "today"
            }
        },
        parse: {
            text, flag throws(CommandFailure) in
            if let offset = DayChoice.words[text.lowercased()] { return .fromToday(offset) }
            guard let date = CivilDate(iso: text) else {
                throw CommandFailure(
                    "\(flag) must be a real date as YYYY-MM-DD, or today, tomorrow or yesterday, got '\(text)'")
            }
            return .date(date)
        })
}

extension ValueType where Value == CanvasSize {
    /// `1920x1080`; `X` and the multiplication sign `×` are read as `x` too.
    static let canvasSize = ValueType(
        placeholder: "WxH", completion: .none, kind: .canvasSize(minimumSide: 1, maximumSide: CanvasSize.maxSide),
        write: { "\($0.width)x\($0.height)" },
        parse: { text, flag throws(CommandFailure) in
            let parts = text.lowercased().replacing("×", with: "x")
                .split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2,
                parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
                let width = Int(parts[0]), let height = Int(parts[1])
            else {
                throw CommandFailure("\(flag) must be WIDTHxHEIGHT in pixels, like 1170x2532, got '\(text)'")
            }
            let sides = 1...CanvasSize.maxSide
            guard sides.contains(width), sides.contains(height) else {
                throw CommandFailure("\(flag) sides must be from 1 to \(CanvasSize.maxSide) pixels, got \(text)")
            }
            return CanvasSize(width: width, height: height)
        })
}

extension ValueType where Value == DevicePreset {
    static let device = ValueType(
        placeholder: "name", completion: .words(DevicePreset.all.map(\.name)),
        kind: .choice(DevicePreset.all.map(\.choice)), write: { $0.name },
        parse: { name, _ throws(CommandFailure) in
            guard let preset = DevicePreset.named(name) else {
                let suggestion = closest(to: name, in: DevicePreset.all.map(\.name)).map { " (did you mean '\($0)'?)" }
                throw CommandFailure("unknown device '\(name)'\(suggestion ?? ""); `wallgen devices` lists them")
            }
            return preset
        })
}

extension ValueType where Value == Color {
    /// An opaque colour: `#RGB`, `#RRGGBB` (the `#` may be left out) or a CSS colour
    /// name in any case (`midnightblue`); a near-miss of a name gets a suggestion.
    static let opaqueColor = ValueType(
        placeholder: "colour", completion: .words(CSSColorNames.names), kind: .colour, write: { "\($0)" },
        parse: { text, flag throws(CommandFailure) in
            if let color = parseOpaqueColor(text) { return color }
            let suggestion = closest(to: text, in: CSSColorNames.names).map { " (did you mean '\($0)'?)" }
            throw CommandFailure(
                "\(flag) must be a colour as #RGB, #RRGGBB or a CSS name such as midnightblue, got '\(text)'\(suggestion ?? "")"
            )
        })

    /// `#RGB` is `#RRGGBB` with each digit doubled, as in CSS.
    static func parseOpaqueColor(_ text: String) -> Color? {
        if let value = CSSColorNames.value(of: text) { return Color(hex: "#" + hexDigits(value)) }
        var digits = Substring(text)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        if digits.count == 3, digits.allSatisfy(\.isHexDigit) {
            return Color(hex: String(digits.flatMap { [$0, $0] }))
        }
        guard let color = Color(hex: text), color.alpha == 255 else { return nil }
        return color
    }

    private static func hexDigits(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 6 - digits.count) + digits
    }
}

extension ValueType where Value == OutputTarget {
    /// A file, or `-` for standard output.
    static let outputFile = ValueType(placeholder: "file", completion: .file, kind: .outputFile) {
        text, flag throws(CommandFailure) in
        switch text {
        case "": throw CommandFailure("\(flag) needs a file name")
        case "-": return .standardOutput
        default: return .file(text)
        }
    }
}

extension ValueType where Value == Zone {
    /// A zone of the system's tz database in any case, `local`, `UTC`, or a fixed offset
    /// (`+08:00`, `UTC+8`).
    static let zone = ValueType(
        placeholder: "zone", completion: .zones, kind: .zone, write: { $0.name },
        parse: { text, flag throws(CommandFailure) in try ZoneNames.zone(named: text, flag: flag) })
}

extension ValueType where Value == Int {
    /// A JPEG or WebP quality, 1 to 100.
    static let quality = wholeNumber(
        in: OutputEncoding.qualities, placeholder: "1...100",
        notANumber: { flag, text in
            let range = OutputEncoding.qualities
            return "\(flag) must be a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'"
        },
        outside: { flag, _, value in
            let range = OutputEncoding.qualities
            return
                "\(flag) must be from \(range.lowerBound) (smallest file) to \(range.upperBound) (best), got \(value)"
        })
}

extension DevicePreset {
    /// The preset as a control offers it: its name, what it is, its canvas.
    var choice: ControlChoice { ControlChoice(name, label: note, width: width, height: height) }
}

extension ValueType where Value == Place {
    /// A place on the Earth: `LAT,LON` in decimal degrees, a zone or its city, found
    /// through the tz database's own tables (`PlaceFinder`).
    static let place = ValueType(
        placeholder: "place", completion: .none, kind: .text,
        write: { $0.zoneName ?? "\($0.latitude),\($0.longitude)" },
        parse: { text, flag throws(CommandFailure) in
            do {
                return try PlaceFinder().place(text)
            } catch {
                throw CommandFailure("\(flag): \(error)")
            }
        })
}
