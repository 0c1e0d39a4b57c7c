/// The four seasons of the wallpaper maker, with the names and colours they are shown in.
public enum Season: String, CaseIterable, Sendable {
    case spring, summer, autumn, winter

    /// The name set on the wallpaper.
    public var displayName: String {
        switch self {
        case .spring: "Spring"
        case .summer: "Summer"
        case .autumn: "Autumn"
        case .winter: "Winter"
        }
    }

    /// The Traditional Chinese name (春, 夏, 秋, 冬).
    public var chineseName: String {
        switch self {
        case .spring: "春"
        case .summer: "夏"
        case .autumn: "秋"
        case .winter: "冬"
        }
    }

    public var theme: SeasonTheme {
        switch self {
        case .spring: SeasonTheme(ink: "#7A2E4F", accent: "#F4B6C8")
        case .summer: SeasonTheme(ink: "#0D4F7A", accent: "#7CC8F0")
        case .autumn: SeasonTheme(ink: "#8A3510", accent: "#F2A65A")
        case .winter: SeasonTheme(ink: "#27436E", accent: "#CFE0F5")
        }
    }

    /// Parses a season name, any case; "fall" is autumn.
    public init?(name: String) {
        let lowered = name.lowercased()
        if lowered == "fall" {
            self = .autumn
        } else if let season = Season(rawValue: lowered) {
            self = season
        } else {
            return nil
        }
    }

    /// The season of a month by the meteorological rule the app used:
    /// March–May spring, June–August summer, September–November autumn, else winter.
    public init(month: Int) {
        precondition((1...12).contains(month), "month must be 1...12")
        switch month {
        case 3...5: self = .spring
        case 6...8: self = .summer
        case 9...11: self = .autumn
        default: self = .winter
        }
    }

    public init(date: CivilDate) {
        self.init(month: date.month)
    }
}

/// A season's colours, as `#RRGGBB`.
public struct SeasonTheme: Sendable, Equatable {
    /// A deep colour for text on light parts of the season's picture.
    public let ink: String
    /// A light colour of the season, for accents.
    public let accent: String
}
