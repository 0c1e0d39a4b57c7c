import Almanac
import Designs

/// Every command wallgen has, declared once; help, the manual and the completions
/// are all made from this list.
enum CommandCatalog {
    static let wallpaper = CommandDeclaration(
        name: nil, summary: "A season wallpaper (the default command).",
        overview:
            "Make a full-screen season wallpaper: the season's picture faded over a base colour, shaded at the edges and the bottom, with the season's name on top.",
        usage: [
            "[--season <season> | --date <yyyy-mm-dd>] [--alpha <0...1>] [--label on|off] [--size <WxH>]... [--device <name>|all|here]... [--span] [--background <file>] [--base <colour>] [-o <file>]"
        ],
        options: WallpaperOptions.all,
        sections: [
            .init(
                title: "EXAMPLES",
                body: """
                    wallgen --season winter --alpha 0.5 --label on -o out.png
                    wallgen --text "冬天 ❄️ Winter" --label-position center -o mine.png
                    wallgen --date 2026-04-05 --device desktop-4k -o spring-desk.png
                    wallgen --device iphone-16-pro --size 2560x1440 -o winter.png
                    wallgen --span -o desk.png
                    wallgen --background photo.jpg --alpha 0.8 --label off -o - > mine.png
                    wallgen --season summer -o summer.webp --quality 80
                    """)
        ])

    static let term = CommandDeclaration(
        name: "term", summary: "One solar-term card.",
        overview:
            "Make the card of one solar term (二十四節氣): its picture, title, date and description, as the app showed them.",
        usage: [
            "(<name> | --date <yyyy-mm-dd>) [--year <year>] [--lang zh|en] [--size <WxH>]... [--device <name>|all|here]... [--span] [-o <file>]"
        ],
        arguments: [
            .init(
                name: "name",
                help:
                    "A Chinese name (冬至, or its simplified form), pinyin with or without tones (dongzhi, dōngzhì), an English name (winter-solstice) or the number 1-24 in the app's order from 立春.",
                completion: .words(SolarTerm.all.map(\.slug)))
        ],
        options: TermOptions.termOptions,
        sections: [
            .init(title: "TERMS", body: termTable),
            .init(
                title: "EXAMPLES",
                body: """
                    wallgen term 冬至 -o dongzhi.png
                    wallgen term 冬至 -o dongzhi.jpg
                    wallgen term qingming --lang en --device desktop-4k
                    wallgen term --date 2026-11-29 -o today.png
                    wallgen term 冬至 --year 2026
                    """),
        ])

    static let terms = CommandDeclaration(
        name: "terms", summary: "All 24 term cards, a contact sheet and a gallery page.",
        overview:
            "Make all 24 solar-term cards (or one season's six) in a folder, with contact-sheet.png (every card small, one row per season) and index.html (a page that browses them as the app did). Files are named by number and pinyin: 01-lichun.png ... 24-dahan.png. With --format jpeg or webp the cards and the contact sheet are .jpg or .webp files, and index.html shows those. A card that fails does not stop the others; the run then exits with that card's status and names every failure.",
        usage: ["[-o <folder>] [--season <season>] [--jobs <n>] [--year <year>] [--lang zh|en] [--no-gallery]"],
        options: TermOptions.termsOptions,
        sections: [.init(title: "TERMS", body: termTable)])

    static let almanac = CommandDeclaration(
        name: "almanac", summary: "When each of a year's 24 terms begins.",
        overview:
            "When each solar term of a year begins, to the second: the instant the Sun's apparent longitude reaches the term's multiple of 15°, computed from the VSOP87 theory with nutation and aberration. Times are civil time: UTC from 1972 (TT - UTC is 32.184 s plus the leap seconds) and Universal Time before, from the Espenak-Meeus Delta T. With --json each term is an object with the keys number (1-24 in the app's order, as `term N` takes), index (1-24 in time), name, pinyin, english, longitude, utc and local.",
        usage: ["[--year <year>] [--tz <zone>] [--json | --ics [--years <n>]]"],
        options: AlmanacCommand.options)

    static let apply = CommandDeclaration(
        name: "apply", summary: "Set a picture as the desktop's wallpaper.",
        overview:
            "Set a picture as the wallpaper of the running desktop: GNOME and Unity (both the light and the dark style), Cinnamon, MATE, KDE Plasma, XFCE (every monitor and workspace), sway, Hyprland (hyprpaper), or plain X11 (xwallpaper, feh or hsetroot, the first installed). The picture is first copied under a name made from its bytes into $XDG_DATA_HOME/wallgen/applied (the last few are kept), so the desktop always notices a new picture and never points at a file you may change. With --now, the picture a schedule has in effect, as its timer runs it.",
        usage: ["(<picture> | --now) [--dark <file>] [--desktop <name>] [--dry-run]"],
        arguments: [
            .init(
                name: "picture",
                help:
                    "A picture: PNG and JPEG every desktop shows; WebP only where its image loader can read it (or, for GNOME, a schedule.xml slideshow).",
                completion: .file)
        ],
        options: ApplyCommand.options,
        sections: [
            .init(
                title: "EXAMPLES",
                body: """
                    wallgen apply winter.png
                    wallgen --season winter --apply
                    wallgen apply --dry-run --desktop sway 22-dongzhi.png
                    """)
        ])

    static let schedule = CommandDeclaration(
        name: "schedule", summary: "A wallpaper that changes at each solar term (or season) by itself.",
        overview:
            "Render every picture a span of years needs (the 24 term cards, or the 4 season wallpapers, at each size asked for) and write the schedule that shows each from the second its term or season begins: schedule.xml, a GNOME timed background that GNOME follows by itself (listed in Settings once installed); wallgen-terms.timer and .service, systemd user units that run `wallgen apply --now` at every switch, for every other desktop; and schedule.json, which that command reads. --install puts the units and the Settings entry where your session finds them.",
        usage: [
            "[--by terms|seasons] [--from <year>] [--years <n>] [--size <WxH>]... [-o <folder>] [--install | --uninstall | --at <time>]"
        ],
        options: ScheduleCommand.options,
        sections: [
            .init(
                title: "EXAMPLES",
                body: """
                    wallgen schedule --size 2560x1440 --install
                    wallgen apply ~/.local/share/wallgen/schedule/schedule.xml
                    wallgen schedule --by seasons --season-rule astronomical --size 1920x1080 --size 1080x1920
                    wallgen schedule --at 2026-12-21T20:50:15Z
                    """)
        ])

    static let batch = CommandDeclaration(
        name: "batch", summary: "Render every row of a manifest, or one shard of it.",
        overview:
            "Render one wallpaper or term card per row of a manifest: JSON Lines (one object a line, with the keys a command line would take: command, term, each option's long name, output) or CSV with a header. The whole manifest is checked first (every row's options, outputs inside -o and all different); then this shard's rows render, several at once, each written atomically, byte for byte as the same command alone would write it. A row that fails does not stop the others. A JSON report (rows done, skipped and failed with reasons, timings) is written at the end. Exit 65: a bad manifest or a row that failed on its own input (do not retry); 75: rows failed only in writing (retry, with --resume). docs/BATCH.md has the manifest format, shards on Kubernetes, Slurm and GNU parallel, and examples.",
        usage: ["<manifest> [-o <folder>] [--jobs <n>] [--shard <I/N>] [--resume] [--report <file>]"],
        arguments: [
            .init(name: "manifest", help: "A .jsonl file (or .csv with a header), one render a row.", completion: .file)
        ],
        options: BatchCommand.options,
        sections: [
            .init(
                title: "EXAMPLES",
                body: """
                    wallgen plan terms --devices iphone-15,ipad --langs zh,en > cards.jsonl
                    wallgen batch cards.jsonl -o cards
                    wallgen batch cards.jsonl -o cards --shard 2/3 --resume
                    wallgen gather cards
                    """)
        ])

    static let inspect = CommandDeclaration(
        name: "inspect", summary: "How a picture was made, and the command that makes it again.",
        overview:
            "Print the note wallgen writes into every picture it makes (unless --no-metadata): the command and its options, wallgen's version and the SHA-256 of the spec. Running the printed command (with -o) makes the same picture again, byte for byte, with the same version.",
        usage: ["<picture> [--json]"],
        arguments: [.init(name: "picture", help: "A PNG, JPEG or WebP wallgen made.", completion: .file)],
        options: InspectCommand.options)

    static let gather = CommandDeclaration(
        name: "gather", summary: "Merge a batch's shard reports; make its contact sheet and gallery.",
        overview:
            "Read the reports the shards of a batch wrote (the files named, or every .wallgen-report-*.json in a folder named), check that every row of the manifest was made, and write contact-sheet.png (the first 1,000 pictures, small) and index.html (every picture) into the batch's output folder. Exit 65 when a row failed, 66 when rows are in no report (a shard has not finished, or its report is missing).",
        usage: ["(<report>... | <folder>) [-o <folder>] [--no-gallery]"],
        arguments: [.init(name: "report", help: "A shard's report, or a folder of them.", completion: .file)],
        options: GatherCommand.options)

    static let plan = CommandDeclaration(
        name: "plan", summary: "Write the manifest of a common set (terms, seasons) for wallgen batch.",
        overview:
            "Write to standard output a manifest (JSON Lines) for wallgen batch: every term card (terms) or season wallpaper (seasons), for each device or size, language and year asked, each in a folder per year, canvas and language.",
        usage: [
            "(terms | seasons) [--devices <names>] [--sizes <WxH,...>] [--langs <zh,en>] [--years <years>] [--dark]"
        ],
        arguments: [.init(name: "set", help: "terms or seasons.", completion: .words(["terms", "seasons"]))],
        options: PlanCommand.options,
        sections: [
            .init(
                title: "EXAMPLES",
                body: """
                    wallgen plan terms --devices iphone-15,ipad --langs zh,en --years 2026-2027 > cards.jsonl
                    wallgen plan seasons --sizes 1920x1080,2560x1440 --dark > seasons.jsonl
                    """)
        ])

    static let devices = CommandDeclaration(
        name: "devices", summary: "List the device names --device accepts, or the connected monitors.",
        overview:
            "List the device names --device accepts, with their sizes in pixels; with --here, the connected monitors (from xrandr on X11, swaymsg on sway, wlr-randr on other wlroots compositors, monitors.xml on GNOME under Wayland) as --device here and --span see them.",
        usage: ["", "--here [--monitors <file>]"],
        options: DevicesTable.options)

    static let completions = CommandDeclaration(
        name: "completions", summary: "Print a shell completion script (bash, zsh or fish).",
        overview:
            "Print the completion script for a shell, made from the same declarations as this help. Scripts/install puts them where each shell finds them; by hand: wallgen completions bash > ~/.local/share/bash-completion/completions/wallgen",
        usage: ["<shell>"],
        arguments: [
            .init(name: "shell", help: "bash, zsh or fish.", completion: .words(Shell.allCases.map(\.rawValue)))
        ],
        options: CommonOptions.everywhere)

    static let manual = CommandDeclaration(
        name: "man", summary: "Print the manual page (roff), as installed as wallgen(1).",
        overview: "Print wallgen's manual page in roff: man -l <(wallgen man) reads it without installing.",
        usage: [""], options: CommonOptions.everywhere)

    static let help = CommandDeclaration(
        name: "help", summary: "Show the help of wallgen or of a command.",
        overview: "Show the help of wallgen, or of the command named.", usage: ["[<command>]"],
        arguments: [
            // Not `names`: that is made from `all`, which holds this declaration.
            .init(
                name: "command", help: "A command's name.",
                completion: .words(
                    [
                        term, terms, almanac, apply, schedule, batch, gather, plan, inspect, StudioCommand.declaration,
                        devices, completions, manual,
                    ].compactMap(\.name) + ["help"])
            )
        ],
        options: [])

    /// Every command, the wallpaper first.
    static let all: [CommandDeclaration] = [
        wallpaper, term, terms, almanac, apply, schedule, batch, gather, plan, inspect, StudioCommand.declaration,
        devices, completions, manual, help,
    ]

    /// The words that name a command rather than the wallpaper's options.
    static var names: [String] { all.compactMap(\.name) }

    static func named(_ name: String) -> CommandDeclaration? {
        all.first { $0.name == name }
    }

    /// The 24 terms, four rows of six, as names people can type.
    static var termTable: String {
        SolarTerm.all.map { term in
            let number = term.number < 10 ? " \(term.number)" : "\(term.number)"
            return "\(number) \(term.name) \(term.slug.padding(to: 12))\(term.englishSlug)"
        }.joined(separator: "\n")
    }
}
