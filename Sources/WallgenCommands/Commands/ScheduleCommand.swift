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

    static func validate(_ parsed: ParsedArguments, today: CivilDate, environment: [String: String]) throws(UsageError)
        -> ScheduleRequest
    {
        try CommonOptions.rejectExtra(parsed.positionals)
        let action: ScheduleRequest.Action
        switch (parsed.has(install), parsed.has(uninstall), parsed[at]) {
        case (false, false, nil): action = .make(install: false, enable: false)
        case (true, false, nil): action = .make(install: true, enable: parsed.has(enable))
        case (false, true, nil): action = .uninstall
        case (false, false, let instant?): action = .show(instant)
        default: throw UsageError("--install, --uninstall and --at do different things; give one", option: "install")
        }
        if parsed.has(enable), action != .make(install: true, enable: true) {
            throw UsageError("--enable starts what --install puts in place; give it with --install", option: "enable")
        }
        let first = parsed[from] ?? today.year
        let count = parsed[required: years]
        let last = SolarTermCalendar.supportedYears.upperBound
        guard first + count - 1 <= last else {
            throw UsageError(
                "--years \(count) from \(first) goes past \(last), the last year the almanac computes", option: "years")
        }
        let choices = parsed[all: devices]
        let perMonitor = choices.contains(.here) || parsed.isGiven(monitors)
        if perMonitor, !parsed[all: sizes].isEmpty || choices.contains(where: { $0 != .here }) {
            throw UsageError(
                "--device here takes its sizes from the monitors; give no --size or other --device with it",
                option: "device")
        }
        var canvases = parsed[all: sizes]
        for choice in choices {
            switch choice {
            case .preset(let preset): canvases.append(CanvasSize(width: preset.width, height: preset.height))
            case .all:
                throw UsageError(
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
            throw UsageError("--season-rule and --hemisphere go with --by seasons", option: "season-rule")
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
    static func dynamicRequest(_ parsed: ParsedArguments, action: ScheduleRequest.Action) throws(UsageError)
        -> DynamicSchedule.Request?
    {
        guard let file = parsed[dynamic] else {
            if parsed.isGiven(SkyOptions.place) { throw UsageError("--place goes with --dynamic", option: "place") }
            return nil
        }
        if case .make = action {
        } else {
            throw UsageError("--dynamic makes a schedule; --uninstall and --at take none", option: "dynamic")
        }
        let picturing: [any OptionDeclaration] = [by, from, years, sizes, devices, monitors, CommonOptions.darkVariant]
        if let given = picturing.first(where: { parsed.isGiven($0) }) {
            throw UsageError("--\(given.long) makes pictures; --dynamic follows the frames the file already has")
        }
        let zoneGiven = parsed[zone]
        let reading = try SkyOptions.read(
            parsed, fallbackZone: zoneGiven ?? ZoneDatabase.system().localZone(), required: true, withInstant: false)!
        return DynamicSchedule.Request(
            file: file, place: reading.place, placeNote: reading.placeNote, zone: zoneGiven ?? reading.zone)
    }

    static func run(_ request: ScheduleRequest, _ output: StatusOutput) -> ExitCode {
        let environment = ProcessEnvironment.variables
        let locations = UserLocations(environment: environment)
        do {
            switch request.action {
            case .uninstall:
                let report = try ScheduleRemoval.run(
                    locations: locations, runner: ProcessRunner(environment: environment))
                for line in report { output.status(line) }
                let removed = try removeMadeFiles(in: absolutePath(request.folder))
                output.status(removed)
                let dynamicFiles = try DynamicSchedule.removeMadeFiles(in: absolutePath(request.folder))
                if dynamicFiles > 0 {
                    output.status("Removed the dynamic wallpaper's copy and units (\(dynamicFiles) files)")
                }
                return .success
            case .show(let instant):
                let path = request.folder + "/schedule.json"
                let schedule = try ScheduleFile.read(path: path)
                let slide = try schedule.slide(at: instant, path: path)
                var lines = ["\(slide.subject.stem) since \(ISOStamp.utcStamp(slide.start))"]
                for (size, picture) in slide.pictures.sorted(by: { $0.key < $1.key }) {
                    lines.append("  \(size) \(picture)")
                }
                Console.print(lines.joined(separator: "\n"))
                return .success
            case .make(let shouldInstall, let shouldEnable):
                if let dynamic = request.dynamic {
                    return try DynamicSchedule.make(
                        request, dynamic, install: shouldInstall, enable: shouldEnable, locations: locations, output)
                }
                return try make(request, install: shouldInstall, enable: shouldEnable, locations: locations, output)
            }
        } catch let error as PicturesFailed {
            Console.report("Error: \(error)")
            return error.status
        } catch {
            Console.report("Error: \(error)")
            return ErrorReport.exitCode(for: error)
        }
    }

    /// The schedule's years as the summary says them: 2026, or 2026-2035.
    static func yearsText(_ request: ScheduleRequest) -> String {
        let last = request.from + request.years - 1
        return last == request.from ? "\(last)" : "\(request.from)-\(last)"
    }

    /// Renders the pictures, then writes the schedule's files; installs them when asked.
    /// Nothing of the schedule is written unless every picture was.
    static func make(
        _ request: ScheduleRequest, install: Bool, enable: Bool = false, locations: UserLocations,
        _ output: StatusOutput
    ) throws -> ExitCode {
        let clock = ContinuousClock()
        let started = clock.now
        let folder = absolutePath(request.folder)
        // Before any work: systemd would never start a service naming this program, and
        // no file of the schedule could name a folder with a control character.
        let wallgen = executablePath()
        try SystemdUnits.checkExecutable(wallgen)
        try checkScheduleFolder(folder)
        var request = request
        var monitors = request.perMonitor ? try scheduleMonitors(request) : []
        if request.sizesFromScreens {
            // The pictures are for this desktop: its monitors' own sizes, not a guess.
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
        try AtomicFileWriter.makeFolders(folder)
        try AtomicFileWriter.checkWritableFolder(folder)
        // Every file the schedule writes is named by wallgen and written beneath the
        // folder: a link, folder or FIFO at any of those names is refused before the
        // first picture is rendered.
        let outputs = try OutputFolder(opening: folder)
        let pictures = SchedulePicture.all(request, folder: folder)
        let unitNames = ScheduleUnitNames.following(terms: request.byTerms)
        try outputs.checkWritable(
            pictures.map { FilePath.name(of: $0.path) }
                + spannedNames(request, monitors: monitors) + fileNames(request, unitNames))
        let keys = request.sizes.map { "\($0.width)x\($0.height)" }
        let fileExtension = request.settings.encoding.format.fileExtension
        let names = PictureFolder(folder: folder, sizes: keys, fileExtension: fileExtension)
        let darkNames = request.dark ? names.darkPictures(for:) : nil
        var schedule =
            request.byTerms
            ? try Schedule.solarTerms(
                from: request.from, years: request.years, zone: request.zone, darkPictures: darkNames,
                pictures: names.pictures(for:))
            : try Schedule.seasons(
                from: request.from, years: request.years, rule: request.rule, hemisphere: request.hemisphere,
                zone: request.zone, darkPictures: darkNames, pictures: names.pictures(for:))
        schedule.monitors = monitors
        var count = try renderPictures(pictures, request, into: outputs, quiet: output.quiet)
        // GNOME has one picture for all monitors: its slideshow shows each slide's
        // monitors' pictures put together, spanned.
        var slideshow = schedule
        var darkSlideshow = schedule.darkStyle
        let spanned = monitors.count > 1
        if spanned {
            slideshow = try spannedSchedule(schedule, monitors: monitors, into: outputs, dark: false)
            count += Set(schedule.slides.map(\.subject)).count
            if request.dark {
                darkSlideshow = try spannedSchedule(schedule, monitors: monitors, into: outputs, dark: true)
                count += Set(schedule.slides.map(\.subject)).count
            }
        }
        let schedulePath = folder + "/schedule.json"
        let service = try SystemdUnits.service(wallgen: wallgen, schedule: schedulePath, names: unitNames)
        let autostart = try AutostartEntry.text(
            command: SystemdUnits.applyCommand(wallgen: wallgen, schedule: schedulePath), names: unitNames)
        let timer = SystemdUnits.timer(instants: schedule.switches, names: unitNames)
        let title = request.byTerms ? "二十四節氣 Solar terms (wallgen)" : "Seasons (wallgen)"
        let properties = GnomeBackgroundProperties.xml(
            name: title, filename: folder + "/schedule.xml",
            darkFilename: request.dark ? folder + "/schedule-dark.xml" : nil, spanned: spanned)
        var files: [(String, String)] = [
            ("schedule.xml", try GnomeTimedBackground.xml(slideshow, zone: request.zone, spanned: spanned)),
            ("schedule.json", String(decoding: ScheduleFile.encode(schedule), as: UTF8.self)),
            (unitNames.timer, timer), (unitNames.service, service),
            (unitNames.autostartEntry, autostart), ("gnome-background-properties.xml", properties),
        ]
        if request.dark {
            files.append(
                (
                    "schedule-dark.xml",
                    try GnomeTimedBackground.xml(darkSlideshow, zone: request.zone, spanned: spanned)
                ))
        }
        for (name, text) in files { try outputs.write(Array(text.utf8), to: name) }
        output.status(
            "Wrote \(count) pictures and a schedule of \(schedule.slides.count) slides (\(yearsText(request))) to \(folder) in "
                + PrintfNumber.format("%.1f", WallgenCLI.seconds(clock.now - started)) + " s")
        if request.settings.encoding.format == .webp && !spanned {
            output.status(
                "GNOME's own slideshow shows WebP only with webp-pixbuf-loader installed; wallgen apply (what the timer runs) converts it for any desktop"
            )
        }
        if install {
            try UnitInstaller.install(
                locations.scheduleFiles(
                    unitNames, timer: timer, service: service, autostart: autostart, backgroundProperties: properties))
            output.status(
                "Installed \(unitNames.timer), \(unitNames.service), the autostart entry and the Settings entry.")
            // One schedule at a time: the other's units go (and a seasons schedule an
            // earlier wallgen installed as wallgen-terms.*), so no second timer is left.
            let others = ScheduleUnitNames.all.filter { $0 != unitNames }
            let runner = ProcessRunner(environment: ProcessEnvironment.variables)
            if ScheduleRemoval.isInstalled(locations: locations, names: others) {
                for line in try ScheduleRemoval.run(locations: locations, runner: runner, names: others) {
                    output.status(line)
                }
            }
            if enable { start(unitNames, runner: runner, output) }
            let lines = LoginTriggers.instructions(
                wallgen: wallgen, schedule: schedulePath, slideshow: folder + "/schedule.xml",
                darkSlideshow: request.dark ? folder + "/schedule-dark.xml" : nil, names: unitNames)
            for line in lines { output.status(line) }
        }
        return .success
    }

    /// `--enable`: the user's systemd reloads the units and starts the timer and the
    /// service (which sets the picture in effect). Where it does not answer (no user
    /// session, a container), that is said plainly with the one command to run: the
    /// schedule is installed all the same.
    static func start(_ names: ScheduleUnitNames, runner: ProcessRunner, _ output: StatusOutput) {
        do {
            _ = try runner.run(["systemctl", "--user", "daemon-reload"])
            _ = try runner.run(["systemctl", "--user", "enable", "--now"] + names.units)
            output.status("Started \(names.timer): the wallpaper follows from now on.")
        } catch {
            Console.report(
                "Warning: nothing runs yet: systemctl --user did not start it (\(error)). Start it in your session with: "
                    + "systemctl --user daemon-reload && systemctl --user enable --now \(names.units.joined(separator: " "))"
            )
        }
    }

    /// The monitors a per-monitor schedule is made for, each within the canvas limits, as
    /// the picture commands check them (`ImageCommand.checkMonitors`).
    static func scheduleMonitors(_ request: ScheduleRequest) throws -> [Monitor] {
        let monitors = try ImageCommand.findMonitors(
            file: request.monitorsFile, environment: ProcessEnvironment.variables)
        try ImageCommand.checkMonitors(monitors, source: request.monitorsFile, request.settings)
        return monitors
    }

    /// `--uninstall` takes away what the schedule made in its folder too: every picture its
    /// `schedule.json` names (light, dark, spanned) and the schedule's own files, each a
    /// regular file directly in the folder, removed beneath it (no link followed); nothing
    /// else (the folder may be the person's own), and the folder once it is empty. Pictures
    /// a desktop shows now are kept apart in the applied store, which keeps them.
    static func removeMadeFiles(in folder: String) throws -> String {
        let outputs: OutputFolder
        do {
            outputs = try OutputFolder(opening: folder)
        } catch .folderMissing {
            return "No schedule's pictures to remove (\(folder) does not exist)"
        }
        guard let schedule = try? ScheduleFile.read(path: folder + "/schedule.json") else {
            return "No schedule's pictures to remove in \(folder) (no schedule.json there)"
        }
        var names = Set(["schedule.json", "schedule.xml", "schedule-dark.xml", "gnome-background-properties.xml"])
        for unitNames in ScheduleUnitNames.all {
            names.formUnion([unitNames.timer, unitNames.service, unitNames.autostartEntry])
        }
        for slide in schedule.slides {
            for path in Array(slide.pictures.values) + Array(slide.darkPictures.values)
            where FilePath.folder(of: path) == folder {
                names.insert(FilePath.name(of: path))
            }
            names.formUnion([spannedName(slide.subject, dark: false), spannedName(slide.subject, dark: true)])
        }
        var count = 0
        var bytes = 0
        for name in names.sorted() {
            guard let size = try outputs.removeFile(name) else { continue }
            count += 1
            bytes += size
        }
        let gone = outputs.removeIfEmpty() ? "; the folder, now empty, is gone" : ""
        return "Removed \(count) files of the schedule (\(WallgenCLI.formatBytes(bytes))) from \(folder)\(gone)"
    }

    /// The files besides the pictures a schedule writes in its folder.
    static func fileNames(_ request: ScheduleRequest, _ unitNames: ScheduleUnitNames) -> [String] {
        ["schedule.xml", "schedule.json", unitNames.timer, unitNames.service, unitNames.autostartEntry]
            + ["gnome-background-properties.xml"] + (request.dark ? ["schedule-dark.xml"] : [])
    }

    /// The name of a subject's monitors' pictures put together, for GNOME's slideshow.
    static func spannedName(_ subject: SlideSubject, dark: Bool) -> String {
        "\(subject.stem)-spanned\(dark ? "-dark" : "").png"
    }

    /// Every spanned picture a schedule for `monitors` writes (none for one monitor).
    static func spannedNames(_ request: ScheduleRequest, monitors: [Monitor]) -> [String] {
        guard monitors.count > 1 else { return [] }
        let subjects: [SlideSubject] =
            request.byTerms ? SolarTerm.all.map { .term($0) } : Season.allCases.map { .season($0) }
        return (request.dark ? [false, true] : [false]).flatMap { dark in
            subjects.map { spannedName($0, dark: dark) }
        }
    }

    /// The schedule GNOME's slideshow shows for several monitors: each subject's pictures
    /// for the monitors put together (`NN-stem-spanned.png`), the one picture of each slide.
    static func spannedSchedule(_ schedule: Schedule, monitors: [Monitor], into outputs: OutputFolder, dark: Bool)
        throws -> Schedule
    {
        guard let layout = SpanLayout(monitors) else { return schedule }
        let work = ApplyPictures()
        let key = "\(layout.canvasWidth)x\(layout.canvasHeight)"
        var made: [SlideSubject: String] = [:]
        var slides: [Slide] = []
        for slide in schedule.slides {
            if made[slide.subject] == nil {
                var tiles: [CompositeTile] = []
                for (monitor, rect) in zip(monitors, layout.tiles) {
                    guard let path = slide.picture(size: "\(monitor.width)x\(monitor.height)", dark: dark) else {
                        throw DesktopError.emptySchedule
                    }
                    tiles.append(CompositeTile(bytes: try work.read(path, role: "picture"), path: path, rect: rect))
                }
                let name = spannedName(slide.subject, dark: dark)
                try outputs.write(
                    try work.composite(tiles, width: layout.canvasWidth, height: layout.canvasHeight), to: name)
                made[slide.subject] = outputs.path + "/" + name
            }
            slides.append(Slide(start: slide.start, subject: slide.subject, pictures: [key: made[slide.subject]!]))
        }
        return try Schedule(slides: slides, end: schedule.end)
    }

    /// Every picture of the schedule, at every size, light and dark: the 24 cards, or the
    /// 4 wallpapers, made as one batch (`BatchEngine`, `--jobs` at once). Any picture
    /// failing fails the schedule, after the others were made: it would point at a
    /// missing file.
    static func renderPictures(
        _ pictures: [SchedulePicture], _ request: ScheduleRequest, into outputs: OutputFolder, quiet: Bool
    ) throws -> Int {
        let engine = BatchEngine(jobs: request.jobs, cpus: Parallel.availableCores)
        let data = try DataDirectory.locate()
        // No picture cache: no two pictures share a background (see `PictureMaker(data:batch:pictureCache:)`).
        let maker = PictureMaker(data: data, batch: engine, pictureCache: nil)
        if request.byTerms {
            try maker.prepareCards(request.settings)
        } else {
            try maker.prepareWallpapers(request.settings)
        }
        let settings = request.settings
        let tally = engine.run(
            pictures, make: { picture, slot in picture.make(maker, settings: settings, into: outputs, slot: slot) },
            progress: BatchProgress.onStandardError(total: pictures.count, unit: "pictures", quiet: quiet),
            label: { FilePath.name(of: $0.path) })
        guard tally.failed == 0 else {
            throw PicturesFailed(tally: tally, total: pictures.count, folder: outputs.path)
        }
        return tally.done
    }

    /// One picture of a schedule and its file: `22-dongzhi-1920x1080.png`,
    /// `winter-1920x1080-dark.png` (`.jpg` or `.webp` with `--format`), the names
    /// `PictureFolder` gives the schedule.
    struct SchedulePicture: Sendable {
        enum Subject: Sendable {
            case card(TermCardSpec)
            case wallpaper(SeasonWallpaperSpec)
        }
        let subject: Subject
        let path: String

        /// Every picture of the schedule: each size's, light and (with --dark) dark.
        static func all(_ request: ScheduleRequest, folder: String) -> [SchedulePicture] {
            request.sizes.flatMap { size in
                (request.dark ? [false, true] : [false]).flatMap { dark in
                    all(request, size: size, dark: dark, folder: folder)
                }
            }
        }

        /// One size's pictures, light or dark.
        static func all(_ request: ScheduleRequest, size: CanvasSize, dark: Bool, folder: String) -> [SchedulePicture] {
            let key = "\(size.width)x\(size.height)"
            let names = PictureFolder(
                folder: folder, sizes: [key], fileExtension: request.settings.encoding.format.fileExtension)
            func path(_ subject: SlideSubject) -> String {
                (dark ? names.darkPictures(for: subject) : names.pictures(for: subject))[key]!
            }
            if request.byTerms {
                return SolarTerm.all.map {
                    var spec = TermCardSpec(
                        term: $0, width: size.width, height: size.height, language: request.language)
                    spec.isDark = dark
                    return SchedulePicture(subject: .card(spec), path: path(.term($0)))
                }
            }
            return Season.allCases.map {
                var spec = SeasonWallpaperSpec(season: $0, width: size.width, height: size.height)
                spec.isDark = dark
                return SchedulePicture(subject: .wallpaper(spec), path: path(.season($0)))
            }
        }

        /// Renders the picture and writes it, giving its place to the next one while it
        /// writes (`BatchSlot`).
        func make(_ maker: PictureMaker, settings: RenderSettings, into outputs: OutputFolder, slot: BatchSlot)
            -> BatchOutcome<Void>
        {
            let subject = FilePath.name(of: path)
            do {
                let encoded =
                    switch self.subject {
                    case .card(let spec): try maker.render(spec, settings: settings, provenance: nil).encoded
                    case .wallpaper(let spec): try maker.render(spec, settings: settings, provenance: nil).encoded
                    }
                slot.writing()
                try outputs.write(encoded, to: FilePath.name(of: path))
                return .done(())
            } catch {
                return .failed(.from(error, subject: subject))
            }
        }
    }

    /// Pictures of the schedule that could not be made: each named, and the batch's status.
    struct PicturesFailed: Error, CustomStringConvertible {
        let tally: BatchTally
        let total: Int
        let folder: String

        var status: ExitCode { ExitCode(rawValue: tally.status) ?? .software }

        var description: String {
            (tally.failureLines
                + [
                    "\(tally.failed) of \(total) pictures failed; \(tally.done) written to \(folder); no schedule was written"
                ]).joined(separator: "\nError: ")
        }
    }

    /// Refuses a folder with a control character: no file of a schedule (a unit, an
    /// autostart entry, an XML) could name it.
    static func checkScheduleFolder(_ folder: String) throws(DesktopError) {
        if folder.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            throw .unsafeScheduleFolder(path: folder)
        }
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

    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(UsageError) -> ScheduleRequest {
        try validate(parsed, today: context.today, environment: context.environment)
    }
}
