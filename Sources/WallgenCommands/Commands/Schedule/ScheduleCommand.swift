import Almanac
import Batch
import Compositor
import Designs
import Desktop
import Files
import FoundationEssentials
import Platform

/// A validated `wallgen schedule` request.
public struct ScheduleRequest: Equatable, Sendable {
    enum Action: Equatable {
        /// Render the pictures and write the schedule (and install it when asked, and start
        /// it too with `--enable`).
        case make(install: Bool, enable: Bool)
        case uninstall
        /// Name the picture in effect at an instant, from the schedule already made.
        case show(Date)
    }

    var action: Action
    var folder: String
    var byTerms: Bool
    var from: Int
    var years: Int
    var sizes: [CanvasSize]
    var zone: Zone
    var rule: SeasonRule
    var hemisphere: Hemisphere
    var language: CardLanguage
    var settings = RenderSettings()
    var jobs: Int
    /// Also render the dark style's pictures, for GNOME's dark key.
    var dark = false
    /// A picture per connected monitor at its size (`--device here`), the monitors read
    /// from `monitorsFile` when given (`--monitors`), else from the session.
    var perMonitor = false
    var monitorsFile: String?
    /// No size was asked for: the connected monitors' sizes, as with `--device here`, or
    /// `sizes` (1920x1080), said in one line, when none can be found.
    var sizesFromScreens = false
    /// A dynamic wallpaper to follow instead of the terms or the seasons (`--dynamic`).
    var dynamic: DynamicSchedule.Request? = nil
}

/// `wallgen schedule`: pictures that follow the solar terms (or the seasons) on the
/// desktop, switching at the instant each begins.
///
/// It renders every picture the span needs (with `--dark` the dark style's too; for
/// several monitors, GNOME's spanned pictures), then writes, beside them: a GNOME timed
/// background (`schedule.xml`, and `schedule-dark.xml` with `--dark`, with a
/// `gnome-background-properties` entry so Settings lists it); for every other desktop, a
/// systemd user timer and service that run `wallgen apply --now` at each instant and at
/// login, and an XDG autostart entry that runs it at login where the service is not
/// started then; and `schedule.json`, which that command reads.
enum ScheduleCommand {
    static let by = Option(
        "by", .choice(["terms": true, "seasons": false]),
        help: "A picture per solar term (the term's card) or per season (the season's wallpaper).", default: true,
        shown: "terms")
    static let from = Option("from", .year, help: "The first year of the span.", defaultText: "this year")
    static let years = Option(
        "years", .wholeNumber(atLeast: 1),
        help: "How many years the span covers; the slideshow starts over after the last.", default: 10)
    static let sizes = OneCanvasOptions.size.repeatable(
        help: "A picture size in pixels, one per monitor; WxH as for --size.",
        defaultText: "each connected monitor's, else 1920x1080")
    static let devices = Option(
        "device", .deviceChoice,
        help:
            "A device's size (`wallgen devices` lists them); here for one picture per connected monitor at its size, each monitor then set its own (GNOME: one spanned slideshow)."
    ).repeatable()
    static let monitors = Option(
        "monitors", .file,
        help:
            "Make the schedule per monitor for the monitors in this file (as for --device here) instead of the session's."
    )
    static let zone = Option(
        "tz", .zone,
        help:
            "The zone whose clock GNOME's slideshow follows (its start time is local time) and the months rule reads dates in.",
        defaultText: "this machine's zone")
    static let output = Option(
        "output", short: "o", .folder, help: "The folder for the pictures and the schedule's files, made if missing.",
        defaultText: "$XDG_DATA_HOME/wallgen/schedule")
    static let install = Flag(
        "install",
        help:
            "Also put the timer, the service, the autostart entry and the Settings entry where the session finds them ($XDG_CONFIG_HOME/systemd/user, $XDG_CONFIG_HOME/autostart, $XDG_DATA_HOME/gnome-background-properties), all or none; it ends with the commands that start it."
    )
    static let enable = Flag(
        "enable",
        help:
            "With --install, also start it: systemctl --user daemon-reload, then enable --now the timer and the service, so the wallpaper follows from now on; where the session's systemd does not answer, it says that nothing runs yet and the one command to run."
    )
    static let uninstall = Flag(
        "uninstall",
        help:
            "Stop and disable the timer and service (removing their enable links itself when systemctl --user cannot be reached), remove what --install put in place, and the pictures and files the schedule made in its folder (-o, or the default), nothing else there; nothing is rendered."
    )
    static let at = Option(
        "at", .instant, help: "Print the picture the schedule in --output has in effect at that instant (or now).")
    static let dynamic = Option(
        "dynamic", .file,
        help:
            "Follow a dynamic wallpaper (a HEIC or AVIF with Apple's timing: wallgen dynamic -o NAME.heic, or Apple's own) instead of the terms: a timer at each frame's start, day by day for a year at --place, that sets the frame in effect, on any desktop; the file is copied into the schedule's folder."
    )

    static let options: [any OptionListItem] =
        [by, from, years, sizes, devices, monitors, zone, SeasonRuleOptions(), TermOptions.language]
        + [
            CommonOptions.darkVariant, output, install, enable, uninstall, at, RenderOptions(fillsFolder: true),
            TermOptions.jobs, dynamic, SkyOptions.place,
        ]
        + CommonOptions.everywhereItems

    static let defaultSize = CanvasSize(width: 1920, height: 1080)

    /// `$XDG_DATA_HOME/wallgen/schedule`.
    static func defaultFolder(_ environment: [String: String]) -> String {
        UserLocations(environment: environment).dataHome + "/wallgen/schedule"
    }

    static func validate(_ parsed: ParsedArguments, today: CivilDate, environment: [String: String])
        throws(CommandFailure)
        -> ScheduleRequest
    {
        try CommonOptions.rejectExtra(parsed.positionals)
        let action: ScheduleRequest.Action
        switch (parsed.has(install), parsed.has(uninstall), parsed[at]) {
        case (false, false, nil): action = .make(install: false, enable: false)
        case (true, false, nil): action = .make(install: true, enable: parsed.has(enable))
        case (false, true, nil): action = .uninstall
        case (false, false, let instant?): action = .show(instant)
        default:
            throw CommandFailure("--install, --uninstall and --at do different things; give one", option: "install")
        }
        if parsed.has(enable), action != .make(install: true, enable: true) {
            throw CommandFailure(
                "--enable starts what --install puts in place; give it with --install", option: "enable")
        }
        let first = parsed[from] ?? today.year
        let count = parsed[required: years]
        let last = SolarTermCalendar.supportedYears.upperBound
        guard first + count - 1 <= last else {
            throw CommandFailure(
                "--years \(count) from \(first) goes past \(last), the last year the almanac computes", option: "years")
        }
        let choices = parsed[all: devices]
        let perMonitor = choices.contains(.here) || parsed.isGiven(monitors)
        if perMonitor, !parsed[all: sizes].isEmpty || choices.contains(where: { $0 != .here }) {
            throw CommandFailure(
                "--device here takes its sizes from the monitors; give no --size or other --device with it",
                option: "device")
        }
        var canvases = parsed[all: sizes]
        for choice in choices {
            switch choice {
            case .preset(let preset): canvases.append(CanvasSize(width: preset.width, height: preset.height))
            case .all:
                throw CommandFailure(
                    "--device all would make every preset's pictures; name the sizes you use", option: "device")
            case .here: break
            }
        }
        let sizesFromScreens = canvases.isEmpty && !perMonitor
        if sizesFromScreens { canvases = [defaultSize] }
        var unique: [CanvasSize] = []
        for canvas in canvases where !unique.contains(canvas) { unique.append(canvas) }
        for canvas in unique { try canvas.check(maxPixels: RenderOptions.limits(parsed).maxPixels) }
        let byTerms = parsed[required: by]
        if byTerms, SeasonRuleOptions.isGiven(parsed) {
            throw CommandFailure("--season-rule and --hemisphere go with --by seasons", option: "season-rule")
        }
        let seasonRules = SeasonRuleOptions.read(parsed)
        let settings = try RenderOptions.read(parsed, output: nil)
        for canvas in unique { try settings.check(canvas: canvas) }
        let followed = try dynamicRequest(parsed, action: action)
        return ScheduleRequest(
            action: action, folder: parsed[output] ?? defaultFolder(environment), byTerms: byTerms, from: first,
            years: count, sizes: unique,
            zone: parsed[zone] ?? ZoneDatabase.system().localZone(),
            rule: seasonRules.rule, hemisphere: seasonRules.hemisphere,
            language: parsed[required: TermOptions.language], settings: settings,
            jobs: parsed[TermOptions.jobs] ?? Parallel.availableCores, dark: parsed.has(CommonOptions.darkVariant),
            perMonitor: perMonitor, monitorsFile: parsed[monitors], sizesFromScreens: sizesFromScreens,
            dynamic: followed)
    }

    /// `--dynamic FILE` and its place, when given; the options that make pictures do not
    /// go with it.
    static func dynamicRequest(_ parsed: ParsedArguments, action: ScheduleRequest.Action) throws(CommandFailure)
        -> DynamicSchedule.Request?
    {
        guard let file = parsed[dynamic] else {
            if parsed.isGiven(SkyOptions.place) { throw CommandFailure("--place goes with --dynamic", option: "place") }
            return nil
        }
        if case .make = action {
        } else {
            throw CommandFailure("--dynamic makes a schedule; --uninstall and --at take none", option: "dynamic")
        }
        let picturing: [any OptionDeclaration] = [by, from, years, sizes, devices, monitors, CommonOptions.darkVariant]
        if let given = picturing.first(where: { parsed.isGiven($0) }) {
            throw CommandFailure("--\(given.long) makes pictures; --dynamic follows the frames the file already has")
        }
        let zoneGiven = parsed[zone]
        let reading = try SkyOptions.read(
            parsed, fallbackZone: zoneGiven ?? ZoneDatabase.system().localZone(), required: true, withInstant: false)!
        return DynamicSchedule.Request(
            file: file, place: reading.place, placeNote: reading.placeNote, zone: zoneGiven ?? reading.zone)
    }

    static func run(_ request: ScheduleRequest, _ output: StatusOutput) throws(CommandFailure) {
        let environment = ProcessEnvironment.variables
        let locations = UserLocations(environment: environment)
        do {
            switch request.action {
            case .uninstall:
                let report = try ScheduleRemoval.run(
                    locations: locations, runner: ProcessRunner(environment: environment))
                for line in report { output.status(line) }
                let folder = absolutePath(request.folder)
                for line in cleanupLines(try ScheduleFolderCleanup.run(in: folder), folder: folder) {
                    output.status(line)
                }
            case .show(let instant):
                let path = request.folder + "/schedule.json"
                let schedule = try ScheduleFile.read(path: path)
                let slide = try schedule.slide(at: instant, path: path)
                var lines = ["\(slide.subject.stem) since \(ISOStamp.utcStamp(slide.start))"]
                for (size, picture) in slide.pictures.sorted(by: { $0.key < $1.key }) {
                    lines.append("  \(size) \(picture)")
                }
                Console.print(lines.joined(separator: "\n"))
            case .make(let shouldInstall, let shouldEnable):
                if let dynamic = request.dynamic {
                    try DynamicSchedule.make(
                        request, dynamic, install: shouldInstall, enable: shouldEnable, locations: locations, output)
                } else {
                    try make(request, install: shouldInstall, enable: shouldEnable, locations: locations, output)
                }
            }
        } catch {
            throw .from(error)
        }
    }

    /// The schedule's years as the summary says them: 2026, or 2026-2035.
    static func yearsText(_ request: ScheduleRequest) -> String {
        let last = request.from + request.years - 1
        return last == request.from ? "\(last)" : "\(request.from)-\(last)"
    }

    /// Renders the pictures, then writes the schedule's files (`ScheduleFiles`); installs
    /// them when asked (`ScheduleInstaller`). Nothing of the schedule is written unless
    /// every picture was.
    static func make(
        _ request: ScheduleRequest, install: Bool, enable: Bool = false, locations: UserLocations,
        _ output: StatusOutput
    ) throws {
        let clock = ContinuousClock()
        let started = clock.now
        let folder = absolutePath(request.folder)
        // Before any work: systemd would never start a service naming this program, and
        // no file of the schedule could name a folder with a control character.
        let wallgen = executablePath()
        try SystemdUnits.checkExecutable(wallgen)
        try ScheduleFiles.checkFolder(folder)
        let (request, monitors) = try sizedForMonitors(request, output)
        try AtomicFileWriter.makeFolders(folder)
        try AtomicFileWriter.checkWritableFolder(folder)
        // Every file the schedule writes is named by wallgen and written beneath the
        // folder: a link, folder or FIFO at any of those names is refused before the
        // first picture is rendered.
        let outputs = try OutputFolder(opening: folder)
        let pictures = SchedulePicture.all(request, folder: folder)
        let unitNames = ScheduleUnitNames.following(terms: request.byTerms)
        try outputs.checkWritable(
            pictures.map { FilePath.name(of: $0.path) } + spannedNames(request, monitors: monitors)
                + ScheduleFiles.slideshowNames(unitNames, dark: request.dark))
        var schedule = try plannedSchedule(request, folder: folder)
        schedule.monitors = monitors
        var count = try renderPictures(pictures, request, into: outputs, quiet: output.quiet)
        // GNOME has one picture for all monitors: its slideshow shows each slide's
        // monitors' pictures put together, spanned.
        var slideshow = schedule
        var darkSlideshow = request.dark ? schedule.darkStyle : nil
        let spanned = monitors.count > 1
        if spanned {
            let subjects = Set(schedule.slides.map(\.subject)).count
            slideshow = try spannedSchedule(schedule, monitors: monitors, into: outputs, dark: false)
            count += subjects
            if request.dark {
                darkSlideshow = try spannedSchedule(schedule, monitors: monitors, into: outputs, dark: true)
                count += subjects
            }
        }
        let files = try ScheduleFiles.slideshow(
            schedule: schedule, slideshow: slideshow, darkSlideshow: darkSlideshow, zone: request.zone,
            spanned: spanned, folder: folder, wallgen: wallgen,
            title: request.byTerms ? "二十四節氣 Solar terms (wallgen)" : "Seasons (wallgen)", names: unitNames)
        for file in files.files { try outputs.write(file.contents, to: file.name) }
        output.status(
            "Wrote \(count) pictures and a schedule of \(schedule.slides.count) slides (\(yearsText(request))) to \(folder) in "
                + PrintfNumber.format("%.1f", WallgenCLI.seconds(clock.now - started)) + " s")
        if request.settings.encoding.format == .webp && !spanned {
            output.status(
                "GNOME's own slideshow shows WebP only with webp-pixbuf-loader installed; wallgen apply (what the timer runs) converts it for any desktop"
            )
        }
        if install { try installFiles(files, locations: locations, enable: enable, output) }
    }

    /// `--install` (and `--enable`): the schedule's files put in place by Desktop's
    /// installer, what it did said line by line.
    static func installFiles(_ files: ScheduleFiles, locations: UserLocations, enable: Bool, _ output: StatusOutput)
        throws
    {
        let runner = ProcessRunner(environment: ProcessEnvironment.variables)
        for notice in try ScheduleInstaller.install(files, locations: locations, runner: runner, enable: enable) {
            switch notice {
            case .status(let line): output.status(line)
            case .warning(let line): Console.report("Warning: " + line)
            }
        }
    }

    /// The request with its sizes the monitors' when it is made per monitor, or when no
    /// size was asked for and the session's monitors can be found (the pictures are for
    /// this desktop: its monitors' own sizes, not a guess); and those monitors.
    static func sizedForMonitors(_ request: ScheduleRequest, _ output: StatusOutput) throws -> (
        ScheduleRequest, [Monitor]
    ) {
        var request = request
        var monitors = request.perMonitor ? try scheduleMonitors(request) : []
        if request.sizesFromScreens {
            do {
                monitors = try scheduleMonitors(request)
                request.perMonitor = true
            } catch {
                let size = request.sizes.map { "\($0.width)x\($0.height)" }.joined(separator: ", ")
                output.status(
                    "No monitor was found (\(error)): the pictures are \(size); give --size, or --device here in your session"
                )
            }
        }
        if request.perMonitor {
            request.sizes = []
            for monitor in monitors {
                let size = CanvasSize(width: monitor.width, height: monitor.height)
                if !request.sizes.contains(size) { request.sizes.append(size) }
            }
        }
        return (request, monitors)
    }

    /// The slides of the span, each naming its pictures in `folder` at every size.
    static func plannedSchedule(_ request: ScheduleRequest, folder: String) throws -> Schedule {
        let keys = request.sizes.map { "\($0.width)x\($0.height)" }
        let names = PictureFolder(
            folder: folder, sizes: keys, fileExtension: request.settings.encoding.format.fileExtension)
        let darkNames = request.dark ? names.darkPictures(for:) : nil
        if request.byTerms {
            return try Schedule.solarTerms(
                from: request.from, years: request.years, zone: request.zone, darkPictures: darkNames,
                pictures: names.pictures(for:))
        }
        return try Schedule.seasons(
            from: request.from, years: request.years, rule: request.rule, hemisphere: request.hemisphere,
            zone: request.zone, darkPictures: darkNames, pictures: names.pictures(for:))
    }

    /// The monitors a per-monitor schedule is made for, each within the canvas limits, as
    /// the picture commands check them (`ImageCommand.checkMonitors`).
    static func scheduleMonitors(_ request: ScheduleRequest) throws -> [Monitor] {
        let monitors = try ImageCommand.findMonitors(
            file: request.monitorsFile, environment: ProcessEnvironment.variables)
        try ImageCommand.checkMonitors(monitors, source: request.monitorsFile, request.settings)
        return monitors
    }

    /// What `--uninstall` took away in the schedule's folder, said.
    static func cleanupLines(_ cleanup: ScheduleFolderCleanup, folder: String) -> [String] {
        let gone = cleanup.folderRemoved ? "; the folder, now empty, is gone" : ""
        var lines: [String]
        switch cleanup.found {
        case .noFolder: lines = ["No schedule's pictures to remove (\(folder) does not exist)"]
        case .noSlideshow: lines = ["No schedule's pictures to remove in \(folder) (no schedule.json there)"]
        case .slideshow:
            lines = [
                "Removed \(cleanup.slideshowFiles) files of the schedule (\(WallgenCLI.formatBytes(cleanup.slideshowBytes))) from \(folder)"
                    + (cleanup.dynamicFiles == 0 ? gone : "")
            ]
        }
        if cleanup.dynamicFiles > 0 {
            lines.append("Removed the dynamic wallpaper's copy and units (\(cleanup.dynamicFiles) files)" + gone)
        }
        return lines
    }

    /// `path` made absolute against the current folder: the schedule's files name their
    /// pictures by absolute path, for a timer that runs elsewhere.
    static func absolutePath(_ path: String) -> String {
        FilePath.absolute(path)
    }

    /// The running binary, for the service to run again.
    static func executablePath() -> String {
        PathQueries.linkTarget("/proc/self/exe").map(OwnExecutable.livePath) ?? absolutePath(CommandLine.arguments[0])
    }
}

/// `wallgen schedule` as one of wallgen's commands (see `CommandRegistry`).
extension ScheduleCommand: WallgenCommand {
    static let commandName: String? = "schedule"
    static let drawsText = true
    static let declaration = CommandDeclaration(
        name: commandName, summary: "A wallpaper that changes at each solar term (or season) by itself.",
        overview:
            "Render every picture a span of years needs (the 24 term cards, or the 4 season wallpapers, at each size asked for, or with --device here at each monitor's) and write the schedule that shows each from the second its term or season begins: schedule.xml, a GNOME timed background that GNOME follows by itself (listed in Settings once installed; spanned across the monitors for --device here); wallgen-terms.timer and .service (wallgen-seasons.* for --by seasons), systemd user units that run `wallgen apply --now` at every switch and at login, for every other desktop; wallgen-terms.desktop (or wallgen-seasons.desktop), the autostart entry for the desktops that do not start the service at login; and schedule.json, which that command reads. --install puts them where your session finds them (removing the other set's, as --uninstall removes both) and prints the commands that start it and set the picture in effect at once.",
        usage: [
            "[--by terms|seasons] [--from <year>] [--years <n>] [--size <WxH>]... [--device <name>|here]... [-o <folder>] [--install | --uninstall | --at <time>]"
        ],
        options: options,
        sections: [
            .init(
                title: "EXAMPLES",
                body: """
                    wallgen schedule --size 2560x1440 --install
                    wallgen schedule --device here --install
                    wallgen apply ~/.local/share/wallgen/schedule/schedule.xml
                    wallgen schedule --by seasons --season-rule astronomical --size 1920x1080 --size 1080x1920
                    wallgen schedule --at 2026-12-21T20:50:15Z
                    """)
        ])

    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ScheduleRequest
    {
        try validate(parsed, today: context.today, environment: context.environment)
    }
}
