import Almanac
import Compositor
import Designs
import Desktop
import Foundation

/// A validated `wallgen schedule` request.
public struct ScheduleRequest: Equatable {
    enum Action: Equatable {
        /// Render the pictures and write the schedule (and install it when asked).
        case make(install: Bool)
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
}

/// `wallgen schedule`: pictures that follow the solar terms (or the seasons) on the
/// desktop, switching at the instant each begins.
///
/// It renders every picture the span needs, then writes, beside them: a GNOME timed
/// background (`schedule.xml`, with a `gnome-background-properties` entry so Settings
/// lists it), a systemd user timer and service that run `wallgen apply --now` at each
/// instant (for every other desktop), and `schedule.json`, which that command reads.
enum ScheduleCommand {
    static let by = Option(
        "by", .choice(["terms": true, "seasons": false]),
        help: "A picture per solar term (the term's card) or per season (the season's wallpaper).", default: true,
        shown: "terms")
    static let from = Option("from", .year, help: "The first year of the span.", defaultText: "this year")
    static let years = Option(
        "years", .wholeNumber(atLeast: 1),
        help: "How many years the span covers; the slideshow starts over after the last.", default: 10)
    static let sizes = CommonOptions.size.repeatable(
        help: "A picture size in pixels, one per monitor; WxH as for --size.", defaultText: "1920x1080")
    static let devices = CommonOptions.device.repeatable(help: "A device's size; `wallgen devices` lists them.")
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
            "Also put the timer, the service and the Settings entry where the session finds them ($XDG_CONFIG_HOME/systemd/user, $XDG_DATA_HOME/gnome-background-properties), all or none."
    )
    static let uninstall = Flag("uninstall", help: "Remove what --install put in place; nothing is rendered.")
    static let at = Option(
        "at", .instant, help: "Print the picture the schedule in --output has in effect at that instant (or now).")

    static let options: [any OptionDeclaration] =
        [
            by, from, years, sizes, devices, zone, SeasonOptions.rule, SeasonOptions.hemisphere, TermOptions.language,
            CommonOptions.darkVariant, output, install, uninstall, at,
        ]
        + [
            CommonOptions.maxPixels, CommonOptions.format, CommonOptions.quality, CommonOptions.compression,
            CommonOptions.dither, TermOptions.jobs,
        ]
        + CommonOptions.everywhere

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
        case (false, false, nil): action = .make(install: false)
        case (true, false, nil): action = .make(install: true)
        case (false, true, nil): action = .uninstall
        case (false, false, let instant?): action = .show(instant)
        default: throw UsageError("--install, --uninstall and --at do different things; give one")
        }
        let first = parsed[from] ?? today.year
        let count = parsed[required: years]
        let last = SolarTermCalendar.supportedYears.upperBound
        guard first + count - 1 <= last else {
            throw UsageError("--years \(count) from \(first) goes past \(last), the last year the almanac computes")
        }
        var canvases = parsed[all: sizes] + parsed[all: devices].map { CanvasSize(width: $0.width, height: $0.height) }
        if canvases.isEmpty { canvases = [defaultSize] }
        var unique: [CanvasSize] = []
        for canvas in canvases where !unique.contains(canvas) { unique.append(canvas) }
        for canvas in unique { try CommonOptions.checkPixels(canvas, parsed) }
        let byTerms = parsed[required: by]
        if byTerms, parsed.isGiven(SeasonOptions.rule) || parsed.isGiven(SeasonOptions.hemisphere) {
            throw UsageError("--season-rule and --hemisphere go with --by seasons")
        }
        return ScheduleRequest(
            action: action, folder: parsed[output] ?? defaultFolder(environment), byTerms: byTerms, from: first,
            years: count, sizes: unique,
            zone: parsed[zone] ?? ZoneDatabase.system().localZone(),
            rule: parsed[required: SeasonOptions.rule], hemisphere: parsed[required: SeasonOptions.hemisphere],
            language: parsed[required: TermOptions.language], settings: try RenderSettings(parsed, output: nil),
            jobs: parsed[TermOptions.jobs] ?? Parallel.availableCores, dark: parsed.has(CommonOptions.darkVariant))
    }

    static func run(_ request: ScheduleRequest, _ output: StatusOutput) -> ExitCode {
        let environment = ProcessInfo.processInfo.environment
        let locations = UserLocations(environment: environment)
        do {
            switch request.action {
            case .uninstall:
                let paths = locations.scheduleFiles(timer: "", service: "", backgroundProperties: "").map(\.path)
                let removed = try UnitInstaller.uninstall(paths)
                output.status(removed.isEmpty ? "Nothing to remove" : "Removed " + removed.joined(separator: ", "))
                if !removed.isEmpty {
                    output.status("Stop the timer: systemctl --user disable --now \(SystemdUnits.timerName)")
                }
                return .success
            case .show(let instant):
                let path = request.folder + "/schedule.json"
                let schedule = try ScheduleFile.read(path: path)
                let slide = schedule.slide(at: instant)
                var lines = ["\(slide.subject.stem) since \(ISOStamp.utcStamp(slide.start))"]
                for (size, picture) in slide.pictures.sorted(by: { $0.key < $1.key }) {
                    lines.append("  \(size) \(picture)")
                }
                Console.print(lines.joined(separator: "\n"))
                return .success
            case .make(let shouldInstall):
                return try make(request, install: shouldInstall, locations: locations, output)
            }
        } catch {
            Console.report("Error: \(error)")
            return ErrorReport.exitCode(for: error)
        }
    }

    /// Renders the pictures, then writes the schedule's files; installs them when asked.
    /// Nothing of the schedule is written unless every picture was.
    static func make(_ request: ScheduleRequest, install: Bool, locations: UserLocations, _ output: StatusOutput) throws
        -> ExitCode
    {
        let clock = ContinuousClock()
        let started = clock.now
        let folder = absolutePath(request.folder)
        try AtomicFileWriter.makeFolders(folder)
        try AtomicFileWriter.checkWritableFolder(folder)
        let keys = request.sizes.map { "\($0.width)x\($0.height)" }
        let names = PictureFolder(
            folder: folder, sizes: keys, fileExtension: request.settings.encoding.format.fileExtension)
        let darkNames = request.dark ? names.darkPictures(for:) : nil
        let schedule =
            request.byTerms
            ? try Schedule.solarTerms(
                from: request.from, years: request.years, zone: request.zone, darkPictures: darkNames,
                pictures: names.pictures(for:))
            : try Schedule.seasons(
                from: request.from, years: request.years, rule: request.rule, hemisphere: request.hemisphere,
                zone: request.zone, darkPictures: darkNames, pictures: names.pictures(for:))
        let count = try renderPictures(request, folder: folder)
        let wallgen = executablePath()
        let service = SystemdUnits.service(wallgen: wallgen, schedule: folder + "/schedule.json")
        let timer = SystemdUnits.timer(instants: schedule.switches)
        let title = request.byTerms ? "二十四節氣 Solar terms (wallgen)" : "Seasons (wallgen)"
        let properties = GnomeBackgroundProperties.xml(
            name: title, filename: folder + "/schedule.xml",
            darkFilename: request.dark ? folder + "/schedule-dark.xml" : nil)
        var files: [(String, String)] = [
            ("schedule.xml", try GnomeTimedBackground.xml(schedule, zone: request.zone)),
            ("schedule.json", String(decoding: ScheduleFile.encode(schedule), as: UTF8.self)),
            (SystemdUnits.timerName, timer), (SystemdUnits.serviceName, service),
            ("gnome-background-properties.xml", properties),
        ]
        if request.dark {
            files.append(
                ("schedule-dark.xml", try GnomeTimedBackground.xml(schedule.darkStyle, zone: request.zone)))
        }
        for (name, text) in files { try AtomicFileWriter.write(Array(text.utf8), to: folder + "/" + name) }
        output.status(
            "Wrote \(count) pictures and a schedule of \(schedule.slides.count) slides (\(request.from)-\(request.from + request.years - 1)) to \(folder) in "
                + String(format: "%.1f", WallgenCLI.seconds(clock.now - started)) + " s")
        if install {
            try UnitInstaller.install(
                locations.scheduleFiles(timer: timer, service: service, backgroundProperties: properties))
            output.status("Installed \(SystemdUnits.timerName), \(SystemdUnits.serviceName) and the Settings entry.")
            let dark = request.dark ? " --dark \(folder)/schedule-dark.xml" : ""
            output.status("GNOME: choose it in Settings > Appearance, or: wallgen apply \(folder)/schedule.xml\(dark)")
            output.status("Other desktops: \(UnitInstaller.enableMessage)")
        }
        return .success
    }

    /// Every picture of the schedule, at every size: the 24 cards, or the 4 wallpapers.
    /// The first failure stops it (the schedule would point at a missing file).
    static func renderPictures(_ request: ScheduleRequest, folder: String) throws -> Int {
        let data = try DataDirectory.locate()
        var written = 0
        for size in request.sizes {
            for dark in request.dark ? [false, true] : [false] {
                written += try render(request, size: size, dark: dark, data: data, folder: folder)
            }
        }
        return written
    }

    /// One size's pictures, light or dark: `22-dongzhi-1920x1080.png`, `winter-1920x1080-dark.png`
    /// (`.jpg` or `.webp` with `--format`): the names `PictureFolder` gives the schedule.
    static func render(_ request: ScheduleRequest, size: CanvasSize, dark: Bool, data: DataDirectory, folder: String)
        throws -> Int
    {
        var written = 0
        let suffix = "-\(size.width)x\(size.height)" + (dark ? "-dark" : "")
        if request.byTerms {
            var batch = CardBatch(
                pipeline: try request.settings.pipeline(data),
                folder: folder, jobs: request.jobs, thumbnailWidth: nil)
            batch.fileSuffix = suffix
            let specs = SolarTerm.all.map {
                var spec = TermCardSpec(
                    term: $0, width: size.width, height: size.height, language: request.language)
                spec.isDark = dark
                return spec
            }
            for outcome in batch.run(specs, finished: { _ in }) {
                if case .failure(let failure) = outcome.result {
                    switch failure {
                    case .pipeline(let error): throw error
                    case .file(let error): throw error
                    }
                }
                written += 1
            }
        } else {
            let pipeline: WallpaperPipeline = try request.settings.pipeline(data)
            for season in Season.allCases {
                var spec = SeasonWallpaperSpec(season: season, width: size.width, height: size.height)
                spec.isDark = dark
                let rendered = try pipeline.render(spec)
                let fileExtension = request.settings.encoding.format.fileExtension
                try AtomicFileWriter.write(
                    rendered.encoded, to: "\(folder)/\(season.rawValue)\(suffix).\(fileExtension)")
                written += 1
            }
        }
        return written
    }

    /// Makes `folder` and any missing folders above it (the default lies deep in
    /// $XDG_DATA_HOME), naming the one that could not be made and why.
    static func absolutePath(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// The running binary, for the service to run again.
    static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? absolutePath(CommandLine.arguments[0])
    }
}
