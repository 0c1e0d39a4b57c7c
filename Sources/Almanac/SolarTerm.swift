import FoundationEssentials
import Platform

/// One of the twenty-four solar terms (二十四節氣): the points where the Sun's apparent
/// ecliptic longitude reaches a multiple of 15°, each named for the weather or the
/// farm work of its fortnight.
public struct SolarTerm: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// 1 (立春) to 24 (大寒): the order the app shows them in, from the start of spring.
    public let number: Int
    /// Traditional Chinese name, as the app wrote it (穀雨, 驚蟄, 處暑).
    public let name: String
    /// Simplified Chinese name, accepted when looking a term up.
    public let simplifiedName: String
    /// Hanyu pinyin with tone marks.
    public let pinyin: String
    /// A common English name.
    public let englishName: String
    /// The Sun's apparent longitude when the term begins, in degrees.
    public let longitude: Int
    /// The month the term usually begins in, and the days it falls on this century
    /// (in the calendar zone, UTC+8).
    public let usualMonth: Int
    public let usualDays: [Int]
    /// What the term means for weather and farming, in Traditional Chinese.
    public let chineseDescription: String
    public let englishDescription: String

    public var id: Int { number }

    /// The season the app files the term under: six each, from 立春 (spring) on.
    public var season: Season { Season.allCases[(number - 1) / 6] }

    /// Place within its season, 0...5, for the page dots.
    public var indexInSeason: Int { (number - 1) % 6 }

    /// Pinyin without tone marks, in ASCII: `lichun`.
    ///
    /// Folded when asked for, this term's alone: a card asks for its own (its note names
    /// it), and only help and completions for all 24.
    public var slug: String { LookupFolding.fold(pinyin).filter { $0.isASCII && $0.isLetter } }

    /// The English name in kebab case: `beginning-of-spring`.
    public var englishSlug: String {
        englishName.lowercased().filter { $0.isLetter || $0 == " " }.split(separator: " ").joined(separator: "-")
    }

    /// A stable ASCII file name stem: `01-lichun`.
    public var fileStem: String {
        (number < 10 ? "0" : "") + "\(number)-\(slug)"
    }

    /// The usual dates in the app's style: 國曆2月3、4日.
    public var usualDateText: String {
        "國曆\(usualMonth)月" + usualDays.map(String.init).joined(separator: "、") + "日"
    }

    /// The usual dates in English: February 3 or 4.
    public var usualEnglishDateText: String {
        Self.englishMonths[usualMonth - 1] + " " + usualDays.map(String.init).joined(separator: " or ")
    }

    public var description: String { "\(name) (\(pinyin), \(englishName))" }

    /// Written out here: Foundation's month names depend on the machine's locale data.
    public static let englishMonths = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// All twenty-four, in the app's order.
    public static var all: [SolarTerm] { SolarTermCatalog.terms }

    /// The terms of one season, in order.
    public static func terms(of season: Season) -> [SolarTerm] {
        all.filter { $0.season == season }
    }

    /// Finds a term by number (1...24), Chinese name (traditional or simplified),
    /// pinyin with or without tones and spaces, or English name (`winter-solstice`,
    /// `Winter Solstice`). Nil when nothing matches.
    public static func find(_ query: String) -> SolarTerm? {
        let trimmed = query.trimmingSpaces()
        if let number = Int(trimmed) { return (1...24).contains(number) ? all[number - 1] : nil }
        // A Chinese name as written is its own key: found without folding every term's.
        if let term = all.first(where: { $0.name == trimmed || $0.simplifiedName == trimmed }) { return term }
        let key = lookupKey(trimmed)
        return all.first { term in term.lookupKeys.contains(key) }
    }

    /// Every spelling `find` accepts for this term, normalised.
    public var lookupKeys: Set<String> {
        [name, simplifiedName, pinyin, englishName].map(Self.lookupKey)
            .reduce(into: Set<String>()) { $0.insert($1) }
    }

    /// Lowercase, no tone marks, no spaces, hyphens or apostrophes.
    public static func lookupKey(_ text: String) -> String {
        LookupFolding.fold(text).filter { !" -'’_".contains($0) }
    }
}
