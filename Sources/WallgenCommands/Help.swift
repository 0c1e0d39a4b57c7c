import Almanac
import Designs

/// The text `--help` and `wallgen devices` print.
enum Help {
    static let version = "wallgen 0.1.0"

    static var wallpaper: String {
        """
        OVERVIEW: Make a full-screen season wallpaper: the season's picture faded over a
        base colour, shaded at the edges and the bottom, with the season's name on top.

        USAGE: wallgen [--season <season> | --date <yyyy-mm-dd>] [--alpha <0...1>]
                       [--label on|off] [--size <WxH> | --device <name>]
                       [--background <file>] [--base <#RRGGBB>] [--font <file>]
                       [-o <file>]
               wallgen term <name> [options]
               wallgen terms [-o <folder>] [options]
               wallgen almanac [--year <year>] [--tz <zone>] [--json]
               wallgen devices

        OPTIONS:
        \(optionLines(WallpaperOptions.specs))

        COMMANDS:
          term <name>             One solar-term card; `wallgen term --help`.
          terms                   All 24 term cards, a contact sheet and a gallery
                                  page; `wallgen terms --help`.
          almanac                 When each of a year's 24 terms begins;
                                  `wallgen almanac --help`.
          devices                 List the device names --device accepts.
          help                    Show this help.

        Every command also takes --verbose: stage times and peak memory on stderr.

        EXAMPLES:
          wallgen --season winter --alpha 0.5 --label on -o out.png
          wallgen --text "冬天 ❄️ Winter" --label-position center -o mine.png
          wallgen --date 2026-04-05 --device desktop-4k -o spring-desk.png
          wallgen --background photo.jpg --alpha 0.8 --label off -o - > mine.png

        EXIT STATUS:
          0 done; 64 bad usage; 65 an input file is not a usable picture or font;
          66 an input file is missing or unreadable; 72 bundled pictures or fonts are
          missing; 73 the output cannot be created; 74 writing failed; 70 internal error.
          On any failure no output file is left behind and an existing one is untouched.
        """
    }

    static var term: String {
        """
        OVERVIEW: Make the card of one solar term (二十四節氣): its picture, title, date and
        description, as the app showed them.

        USAGE: wallgen term (<name> | --date <yyyy-mm-dd>) [--year <year>] [--tz <zone>]
                            [--size <WxH> | --device <name>] [--lang zh|en]
                            [--background <file>] [-o <file>]

          <name>                  A Chinese name (冬至 or 冬至's simplified form), pinyin
                                  with or without tones (dongzhi, dōngzhì), an English
                                  name (winter-solstice) or the number 1-24 in the app's
                                  order from 立春.

        OPTIONS:
        \(optionLines(TermOptions.termSpecs))

        TERMS:
        \(termTable)

        EXAMPLES:
          wallgen term 冬至 -o dongzhi.png
          wallgen term qingming --lang en --device desktop-4k
          wallgen term --date 2026-11-29 -o today.png
          wallgen term 冬至 --year 2026
        """
    }

    static var terms: String {
        """
        OVERVIEW: Make all 24 solar-term cards (or one season's six) in a folder, with
        contact-sheet.png (every card small, one row per season) and index.html (a page
        that browses them as the app did).

        USAGE: wallgen terms [-o <folder>] [--season <season>] [--jobs <n>] [--year <year>]
                             [--tz <zone>] [--size <WxH> | --device <name>] [--lang zh|en]
                             [--no-gallery]

        OPTIONS:
        \(optionLines(TermOptions.termsSpecs))

        Files are named by number and pinyin: 01-lichun.png ... 24-dahan.png. A card that
        fails does not stop the others; the run then exits with that card's status
        and names every failure.

        TERMS:
        \(termTable)
        """
    }

    static var almanac: String {
        """
        OVERVIEW: When each solar term of a year begins, to the second: the instant the
        Sun's apparent longitude reaches the term's multiple of 15°, computed from the
        VSOP87 theory with nutation and aberration.

        USAGE: wallgen almanac [--year <year>] [--tz <zone>] [--json]

        OPTIONS:
        \(optionLines(AlmanacCommand.specs))

        Times are civil time: UTC from 1972 (TT - UTC is 32.184 s plus the leap seconds,
        69.184 s after 2017) and Universal Time before, from the Espenak-Meeus Delta T.
        With --json each term is an object with the keys name, pinyin, english,
        longitude, utc and local.
        """
    }

    /// The 24 terms, four rows of six, as names people can type.
    static var termTable: String {
        SolarTerm.all.map { term in
            let number = term.number < 10 ? " \(term.number)" : "\(term.number)"
            return "  \(number) \(term.name) \(term.slug.padding(to: 12))\(term.englishSlug)"
        }.joined(separator: "\n")
    }

    static var devices: String {
        let rows = DevicePreset.all.map { preset in
            let name = preset.name.padding(to: 20)
            let size = "\(preset.width)x\(preset.height)".padding(to: 11)
            return "  \(name)\(size)\(preset.note)"
        }
        return (["DEVICES (use with --device):"] + rows).joined(separator: "\n")
    }

    /// Option lines in two columns, help text wrapped under its own column.
    private static func optionLines(_ specs: [OptionSpec]) -> String {
        let column = 26
        return specs.map { spec in
            let head = "  " + spec.usage
            let first =
                head.count < column - 1
                ? head.padding(to: column) + spec.help[0]
                : head + "\n" + String(repeating: " ", count: column) + spec.help[0]
            let rest = spec.help.dropFirst().map { String(repeating: " ", count: column) + $0 }
            return ([first] + rest).joined(separator: "\n")
        }.joined(separator: "\n")
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
