import Almanac
import FoundationEssentials

/// How a date picks its season, `--season-rule` and `--hemisphere`, read into a
/// `SeasonRuleChoice`: shared by the wallpaper (with --date) and `schedule --by seasons`.
struct SeasonRuleOptions: OptionGroup {
    static let rule = Option(
        "season-rule",
        .choice(["months": SeasonRule.months, "astronomical": .astronomical, "solar-terms": .solarTerms]),
        help:
            "When a season begins: months (Mar-May spring, Jun-Aug summer..., as the app), astronomical (at the equinoxes and solstices) or solar-terms (at 立春, 立夏, 立秋 and 立冬, the Chinese convention).",
        default: .months, shown: "months"
    ).inStudio(.when)
    static let hemisphere = Option(
        "hemisphere", .choice(["north": Hemisphere.north, "south": .south]),
        help: "south shifts the seasons by half a year: March is autumn.", default: .north, shown: "north"
    ).inStudio(.when)

    var name: String { "season-rule" }
    var declarations: [any OptionDeclaration] { [Self.rule, Self.hemisphere] }

    static func read(_ parsed: ParsedArguments) -> SeasonRuleChoice {
        SeasonRuleChoice(rule: parsed[required: rule], hemisphere: parsed[required: hemisphere])
    }

    /// Whether either was given: they go only where a date picks the season.
    static func isGiven(_ parsed: ParsedArguments) -> Bool {
        parsed.isGiven(rule) || parsed.isGiven(hemisphere)
    }
}

/// A season rule and a hemisphere: how a day or an instant picks its season.
struct SeasonRuleChoice: Sendable, Equatable {
    var rule: SeasonRule
    var hemisphere: Hemisphere
}

/// The wallpaper's season: `--season`, or the season of `--date` (or of today) by the
/// rule, in `--tz`; read into a `Season`.
struct SeasonOptions: OptionGroup {
    static let season = Option(
        "season", short: "s", .season, help: "spring, summer, autumn (or fall) or winter.",
        defaultText: "the season of --date, or of today"
    ).inStudio(.when)
    static let date = Option(
        "date", short: "d", .date,
        help: "A date whose season to show, by --season-rule (by month, as the app, unless told otherwise)."
    ).inStudio(.when)
    static let zone = Option(
        "tz", .zone, help: "The zone --date and today are read in, for the rules that begin at an instant.",
        defaultText: "this machine's zone")

    var name: String { "season" }
    var declarations: [any OptionDeclaration] {
        [Self.season, Self.date] + SeasonRuleOptions().declarations + [Self.zone]
    }

    /// The season asked for; `today` decides it when neither --season nor --date is given.
    static func read(_ parsed: ParsedArguments, today: CivilDate) throws(CommandFailure) -> Season {
        switch (parsed[season], parsed[date]) {
        case (_?, _?):
            throw CommandFailure("--season and --date both choose the season; give only one", option: "season")
        case (let chosen?, nil):
            if SeasonRuleOptions.isGiven(parsed) {
                throw CommandFailure(
                    "--season names the season; --season-rule and --hemisphere go with --date", option: "season")
            }
            return chosen
        case (nil, let day):
            return try season(
                on: day ?? today, SeasonRuleOptions.read(parsed),
                zone: parsed[zone] ?? ZoneDatabase.system().localZone())
        }
    }

    /// Whether the season was named or dated; without either it is today's.
    static func isDated(_ parsed: ParsedArguments) -> Bool {
        parsed[season] != nil || parsed[date] != nil
    }

    /// The season of a day by the rule: the season in effect at the day's end (as a term
    /// is "in effect on a day" once it has begun by then).
    static func season(on day: CivilDate, _ rules: SeasonRuleChoice, zone: Zone) throws(CommandFailure) -> Season {
        let end = day.start(in: zone).addingTimeInterval(86_399)
        do {
            return try rules.rule.season(at: end, zone: zone, hemisphere: rules.hemisphere)
        } catch {
            throw CommandFailure("--date \(day): \(error)", option: "date")
        }
    }
}
