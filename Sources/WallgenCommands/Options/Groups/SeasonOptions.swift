import Almanac

/// How a date picks its season: the rule and the hemisphere, shared by the wallpaper
/// command (with --date) and `schedule --by seasons`.
enum SeasonOptions {
    static let rule = Option(
        "season-rule",
        .choice(["months": SeasonRule.months, "astronomical": .astronomical, "solar-terms": .solarTerms]),
        help:
            "When a season begins: months (Mar-May spring, Jun-Aug summer..., as the app), astronomical (at the equinoxes and solstices) or solar-terms (at 立春, 立夏, 立秋 and 立冬, the Chinese convention).",
        default: .months, shown: "months")
    static let hemisphere = Option(
        "hemisphere", .choice(["north": Hemisphere.north, "south": .south]),
        help: "south shifts the seasons by half a year: March is autumn.", default: .north, shown: "north")
}
