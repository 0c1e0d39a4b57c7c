import Almanac
import Compositor
import Designs
import FoundationEssentials

/// Options of `wallgen term` and `wallgen terms`.
enum TermOptions {
    static let language = Option(
        "lang", .choice(["zh": CardLanguage.chinese, "en": .english]),
        help: "Card texts in Traditional Chinese (zh) or English (en).", default: .chinese, shown: "zh"
    ).inStudio(.words, id: "card-lang")
    static let year = Option(
        "year", short: "y", .year,
        help:
            "Print the exact dates of that term year (1900-2100) instead of the usual days. A term year runs from 立春 to 大寒, so its 小寒 and 大寒 fall in the following January."
    )
    static let zone = Option(
        "tz", .zone,
        help:
            "Time zone for dates: an IANA name in any case (Asia/Tokyo), an offset (+08:00, UTC+8), UTC, or local for this machine's.",
        default: SolarTermCalendar.calendarZone, shown: "Asia/Taipei, UTC+8")
    static let jobs = Option(
        "jobs", short: "j", .wholeNumber(atLeast: 1),
        help: "Cards rendered at once, at most the CPUs this process may use (its affinity mask and cgroup CPU quota).",
        defaultText: "those CPUs")

    /// The day a term begins in a given year, written for the card.
    static func exactDate(_ term: SolarTerm, year: Int, zone: Zone, _ language: CardLanguage) throws(CommandFailure)
        -> String
    {
        let calendarYear = term.calendarYear(inTermYear: year)
        guard let instant = try? SolarTermCalendar.instant(of: term, inYear: calendarYear) else {
            let range = SolarTermCalendar.supportedYears
            throw CommandFailure(
                "--year \(year): \(term.name) of that term year begins in \(calendarYear), outside the supported years \(range.lowerBound)-\(range.upperBound)",
                option: "year")
        }
        return dateText(instant.localDate(in: zone), language)
    }

    static func dateText(_ date: CivilDate, _ language: CardLanguage) -> String {
        language == .english ? date.englishText : "國曆" + date.chineseText
    }

    /// The 24 terms, four rows of six, as names people can type.
    static var termTable: String {
        SolarTerm.all.map { term in
            let number = term.number < 10 ? " \(term.number)" : "\(term.number)"
            return "\(number) \(term.name) \(term.slug.padding(to: 12))\(term.englishSlug)"
        }.joined(separator: "\n")
    }
}
