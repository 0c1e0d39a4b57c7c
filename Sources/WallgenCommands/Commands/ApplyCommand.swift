import Almanac
import Compositor
import Desktop
import FoundationEssentials
import Platform

extension ValueType where Value == String {
    /// A desktop wallgen can set, by any of its names (`plasma` is KDE); read back as
    /// its canonical name.
    static let desktop = ValueType(placeholder: "name", completion: .words(DesktopKind.validNames)) {
        text, flag throws(CommandFailure) in
        guard let kind = DesktopKind(name: text) else {
            let suggestion = closest(to: text, in: DesktopKind.validNames).map { " (did you mean '\($0)'?)" } ?? ""
            throw CommandFailure("\(flag) must be \(listed(DesktopKind.validNames)), got '\(text)'\(suggestion)")
        }
        return kind.rawValue
    }
}

extension ValueType where Value == MonitorFile {
    /// `NAME=FILE`: a monitor's output name and its picture.
    static let monitorFile = ValueType(placeholder: "name=file", completion: .file) {
        text, flag throws(CommandFailure) in
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex,
            text.index(after: equals) != text.endIndex
        else {
            throw CommandFailure(
                "\(flag) must be a monitor's name, = and a picture file (DP-1=winter.png), got '\(text)'")
        }
        return MonitorFile(name: String(text[..<equals]), path: String(text[text.index(after: equals)...]))
    }
}

/// A validated `wallgen apply` request.
public struct ApplyRequest: Equatable, Sendable {
    /// The picture to set on the whole desktop; nil with `monitorPictures`, or to take the
    /// one a schedule has in effect.
    var picture: String?
    var darkPicture: String?
    /// A picture per monitor (`--monitor NAME=FILE`).
    var monitorPictures: [MonitorFile] = []
    /// The monitors, read from this file instead of the session (`--monitors`).
    var monitorsFile: String?
    /// The monitors already found (those a render command just made pictures for).
    var monitors: [Monitor]?
    /// With neither a picture nor monitors' pictures: the schedule and the instant whose
    /// picture is set.
    var schedule: String
    var instant: Date
    var desktop: String?
    var dryRun: Bool
    var lockScreen = false
    /// Where a dynamic wallpaper's frame in effect is read for (`--place`, else this
    /// machine's zone's place); the failure is said only if a dynamic wallpaper is met.
    var sky: Result<SkyOptions.Reading, CommandFailure>? = nil
    /// Also write the picture's colour scheme under $XDG_CONFIG_HOME/wallgen/scheme (`--scheme`).
    var scheme = false

    /// Setting one file the command just wrote (`--apply`).
    static func file(_ path: String, desktop: String?) -> ApplyRequest {
        ApplyRequest(picture: path, schedule: "", instant: Date(), desktop: desktop, dryRun: false)
    }

    /// Setting each monitor the file just written for it (`--device here --apply`).
    static func monitors(_ pictures: [MonitorFile], of monitors: [Monitor], desktop: String?) -> ApplyRequest {
        ApplyRequest(
            monitorPictures: pictures, monitors: monitors, schedule: "", instant: Date(), desktop: desktop,
            dryRun: false)
    }

    var takesSchedule: Bool { picture == nil && monitorPictures.isEmpty }
}

/// `wallgen apply`: puts a picture on the running desktop, or a picture on each monitor.
///
/// The command line only declares and checks; `WallpaperChange` (Desktop) reads and
/// checks the pictures, plans the desktop's commands and runs them, with the pixel work
/// done by `ApplyPictures`. Every picture is first copied under a name made from its
/// bytes into wallgen's own folder (`$XDG_DATA_HOME/wallgen/applied`): KDE Plasma does
/// not reload a file rewritten at the same path, and GNOME caches by URI, so a new
/// picture must have a new name; and the desktop never points at a file the user may
/// move or overwrite.
enum ApplyCommand {
    static let dark = Option(
        "dark", .file,
        help:
            "A picture for the desktop's dark style (GNOME's picture-uri-dark); without it both styles get the picture."
    )
    static let monitor = Option(
        "monitor", .monitorFile,
        help:
            "Set this monitor its own picture: its output name (wallgen devices --here lists them), = and the file. Repeat for each monitor; GNOME, Cinnamon, MATE and plain X11 need one for every monitor, set as one spanned picture."
    ).repeatable()
    static let monitors = Option(
        "monitors", .file,
        help:
            "Read the monitors for --monitor (and a per-monitor schedule's --now) from this file, as for --device here, instead of asking the session."
    )
    static let desktop = Option(
        "desktop", .desktop,
        help:
            "The desktop to set, instead of the one XDG_CURRENT_DESKTOP, WAYLAND_DISPLAY and DISPLAY show: \(listed(DesktopKind.validNames))."
    ).role(ApplyOptions.setsNoWallpaperInABatch)
    static let lockScreen = Flag(
        "lock-screen",
        help:
            "Also set the lock screen where the desktop has one of its own (KDE Plasma); GNOME and Cinnamon show the desktop's picture there already."
    )
    static let dryRun = Flag(
        "dry-run",
        help:
            "Print the commands that would set the wallpaper, with the paths of the copies they would set, instead of running them; needs no setter installed."
    )
    static let now = Flag(
        "now", help: "Set the picture a schedule has in effect now, instead of a file (what the schedule's timer runs)."
    )
    static let at = Option(
        "at", .instant,
        help:
            "Set the picture a schedule has in effect at that instant, instead of now; with a dynamic wallpaper, its frame in effect then."
    )
    static let schedule = Option(
        "schedule", .file, help: "The schedule.json that --now and --at read.",
        defaultText: "$XDG_DATA_HOME/wallgen/schedule/schedule.json")

    static let scheme = Flag(
        "scheme",
        help:
            "Also write the picture's colour scheme (wallgen scheme's files) into $XDG_CONFIG_HOME/wallgen/scheme, and print the line each program needs to read it; no configuration file of yours is edited."
    )

    static let options: [any OptionDeclaration] =
        [dark, monitor, monitors, desktop, lockScreen, dryRun, now, at, schedule, SkyOptions.place, scheme]
        + CommonOptions.everywhere

    /// `--apply` on the commands that render (see `ApplyOptions`): set the picture once written.
    static let applyFlag = Flag(
        "apply",
        help:
            "Set the picture as the desktop's wallpaper once it is written. With no --size or --device it is made at the screen's own size (each monitor's, when they differ); with --device here or --span, each monitor its own (see wallgen apply).",
        role: ApplyOptions.setsNoWallpaperInABatch
    )

    static func validate(_ parsed: ParsedArguments, environment: [String: String]) throws(CommandFailure)
        -> ApplyRequest
    {
        let picture = parsed.positionals.first
        // --at with a picture is the instant a dynamic wallpaper is read at.
        let fromSchedule = parsed.has(now) || (parsed[at] != nil && picture == nil && parsed[all: monitor].isEmpty)
        let perMonitor = parsed[all: monitor]
        let sources = [picture != nil, !perMonitor.isEmpty, fromSchedule].filter { $0 }.count
        guard sources > 0 else {
            throw CommandFailure(
                "'apply' needs a picture file, --monitor NAME=FILE, or --now to take the one the schedule has in effect"
            )
        }
        guard sources == 1 else {
            throw CommandFailure("give a picture file, --monitor or --now/--at, only one of them")
        }
        try CommonOptions.rejectExtra(Array(parsed.positionals.dropFirst()))
        if parsed.has(now) && parsed[at] != nil {
            throw CommandFailure("--now and --at both choose the instant; give one", option: "now")
        }
        if picture == "" { throw CommandFailure("'apply' needs a picture file name") }
        if !fromSchedule && parsed.isGiven(schedule) {
            throw CommandFailure("--schedule goes with --now or --at", option: "schedule")
        }
        if !perMonitor.isEmpty && parsed.isGiven(dark) {
            throw CommandFailure(
                "--dark goes with one picture for the whole desktop, not with --monitor", option: "dark")
        }
        if picture != nil && parsed.isGiven(monitors) {
            throw CommandFailure(
                "--monitors goes with --monitor or --now, not with one picture for the whole desktop",
                option: "monitors")
        }
        var names: Set<String> = []
        for file in perMonitor where !names.insert(file.name).inserted {
            throw CommandFailure(
                "--monitor \(file.name) is given twice; give each monitor one picture", option: "monitor")
        }
        if fromSchedule && parsed.isGiven(SkyOptions.place) {
            throw CommandFailure("--place goes with a dynamic wallpaper's file, not with a schedule", option: "place")
        }
        let sky: Result<SkyOptions.Reading, CommandFailure>
        do throws(CommandFailure) {
            let reading = try SkyOptions.read(
                parsed, fallbackZone: ZoneDatabase.system().localZone(), required: true, withInstant: false)!
            sky = .success(reading)
        } catch {
            // A place given and wrong is the request's error now; the machine's unknown place
            // matters only if a dynamic wallpaper is met.
            if parsed.isGiven(SkyOptions.place) { throw error }
            sky = .failure(error)
        }
        return ApplyRequest(
            picture: picture, darkPicture: parsed[dark], monitorPictures: perMonitor, monitorsFile: parsed[monitors],
            schedule: parsed[schedule] ?? defaultSchedule(environment), instant: parsed[at] ?? Date(),
            desktop: parsed[desktop], dryRun: parsed.has(dryRun), lockScreen: parsed.has(lockScreen), sky: sky,
            scheme: parsed.has(scheme))
    }

    /// Where `wallgen schedule` writes by default, and so where `--now` looks.
    static func defaultSchedule(_ environment: [String: String]) -> String {
        ScheduleCommand.defaultFolder(environment) + "/schedule.json"
    }

    static func run(_ request: ApplyRequest, _ output: StatusOutput) throws(CommandFailure) {
        let environment = ProcessEnvironment.variables
        let runner = ProcessRunner(environment: environment)
        do {
            var monitors = request.monitors ?? []
            let pictures: WallpaperChange.Pictures
            var files: [(path: String, role: String)]
            if let picture = request.picture {
                pictures = .whole(light: picture, dark: request.darkPicture)
                files = [(picture, "picture")] + (request.darkPicture.map { [($0, "--dark")] } ?? [])
            } else if !request.monitorPictures.isEmpty {
                pictures = .perMonitor(request.monitorPictures)
                files = request.monitorPictures.map { ($0.path, "--monitor \($0.name)") }
                if monitors.isEmpty { monitors = try connectedMonitors(request, environment, runner) }
            } else {
                let schedule = try ScheduleFile.read(path: request.schedule)
                let slide = try schedule.slide(at: request.instant, path: request.schedule)
                output.status(
                    "In effect at \(ISOStamp.utcStamp(request.instant)): \(slide.subject.stem), since \(ISOStamp.utcStamp(slide.start))"
                )
                (pictures, monitors) = try scheduledPictures(schedule, slide, request, environment, runner)
                files = pictureFiles(pictures).map { ($0, "picture") }
            }
            for (file, role) in files {
                // Checked as any input is (a readable regular file, not a device), before
                // the desktop is asked.
                do {
                    try FileReader.checkReadable(file)
                } catch {
                    throw CommandFailure("\(role): \(error)", status: .noInput)
                }
            }
            let kind = try DesktopDetection.detect(environment: environment, override: request.desktop)
            if let picture = request.picture, !request.dryRun {
                for warning in shapeWarnings(picture, request, environment, runner) { Console.report(warning) }
            }
            let store = AppliedStore(folder: UserLocations(environment: environment).appliedFolder)
            let change = WallpaperChange(
                desktop: kind, pictures: pictures, monitors: monitors, lockScreen: request.lockScreen)
            let work = ApplyPictures(sky: request.sky, instant: request.instant) { output.status($0) }
            let prepared = try change.prepare(work: work, store: store, runner: runner)
            let schemeFolder = UserLocations(environment: environment).schemeFolder
            if request.dryRun {
                Console.print(prepared.dryRunLines.joined(separator: "\n"))
                if request.scheme, let first = files.first {
                    Console.print("# and the colour scheme of \(first.path) into \(schemeFolder)")
                }
                return
            }
            for note in prepared.notes { output.status(note) }
            try prepared.run(store: store, runner: runner)
            output.status(prepared.summary)
            if request.scheme, let first = files.first {
                try SchemeWriting.writeApplied(first.path, into: schemeFolder, output)
            }
        } catch {
            throw .from(error)
        }
    }

    /// How far a picture's shape may be from a monitor's (width to height, either way)
    /// before the desktop's cropping or stretching shows: a 16:10 picture on 16:9 is fine,
    /// a phone's on a desktop is not.
    static let shapeTolerance = 1.2

    /// One line for each monitor whose shape the picture (set on the whole desktop) is far
    /// from, naming both sizes and how to make it at the monitor's; none when the monitors
    /// cannot be found or the file is no picture wallgen reads the size of (a slideshow).
    static func shapeWarnings(
        _ picture: String, _ request: ApplyRequest, _ environment: [String: String], _ runner: ProcessRunner
    ) -> [String] {
        guard let bytes = try? FileReader.mapped(picture, use: .headers), let size = WholePicture.size(of: bytes),
            size.width > 0, size.height > 0,
            let monitors = try? connectedMonitors(request, environment, runner)
        else { return [] }
        let shape = Double(size.width) / Double(size.height)
        return monitors.compactMap { monitor in
            guard monitor.width > 0, monitor.height > 0 else { return nil }
            let ratio = shape / (Double(monitor.width) / Double(monitor.height))
            guard max(ratio, 1 / ratio) > shapeTolerance else { return nil }
            return
                "Warning: the picture is \(size.width)x\(size.height) and \(monitor.name) is \(monitor.width)x\(monitor.height): the desktop will crop it to the monitor's shape (make one at its size with --device here, or --size \(monitor.width)x\(monitor.height))"
        }
    }

    /// The monitors `--monitor` names are checked against: from `--monitors`, or the
    /// session's.
    private static func connectedMonitors(
        _ request: ApplyRequest, _ environment: [String: String], _ runner: ProcessRunner
    ) throws(DesktopError) -> [Monitor] {
        if let file = request.monitorsFile { return try MonitorDetection.read(path: file) }
        return try MonitorDetection.detect(environment: environment, runner: runner).1
    }

    /// What a schedule's slide sets: its picture on the whole desktop, or, for a schedule
    /// made per monitor, each monitor's own by its size, for the monitors connected now
    /// (as recorded when they cannot be read).
    private static func scheduledPictures(
        _ schedule: Schedule, _ slide: Slide, _ request: ApplyRequest, _ environment: [String: String],
        _ runner: ProcessRunner
    ) throws(DesktopError) -> (WallpaperChange.Pictures, [Monitor]) {
        guard !schedule.monitors.isEmpty else {
            guard let light = slide.picture() else {
                throw .unreadableSchedule(path: request.schedule, reason: "its slide has no picture")
            }
            return (.whole(light: light, dark: slide.darkPictures.isEmpty ? nil : slide.picture(dark: true)), [])
        }
        let monitors = (try? connectedMonitors(request, environment, runner)) ?? schedule.monitors
        var files: [MonitorFile] = []
        for monitor in monitors {
            guard let path = slide.picture(size: "\(monitor.width)x\(monitor.height)") else {
                throw .unreadableSchedule(path: request.schedule, reason: "its slide has no picture")
            }
            files.append(MonitorFile(name: monitor.name, path: path))
        }
        return (.perMonitor(files), monitors)
    }

    private static func pictureFiles(_ pictures: WallpaperChange.Pictures) -> [String] {
        switch pictures {
        case .whole(let light, let dark): [light] + (dark.map { [$0] } ?? [])
        case .perMonitor(let files): files.map(\.path)
        }
    }
}

/// `wallgen apply` as one of wallgen's commands (see `CommandRegistry`).
extension ApplyCommand: WallgenCommand {
    static let commandName: String? = "apply"
    static let declaration = CommandDeclaration(
        name: commandName, summary: "Set a picture as the desktop's wallpaper, or each monitor its own.",
        overview:
            "Set a picture as the wallpaper of the running desktop: GNOME and Unity (both the light and the dark style), Cinnamon, MATE, KDE Plasma, XFCE (every monitor and workspace), sway, Hyprland (hyprpaper), or plain X11 (xwallpaper, feh or hsetroot, the first installed). With --monitor NAME=FILE, each monitor its own: sway, Hyprland, KDE and XFCE set each monitor; GNOME, Cinnamon, MATE and X11, which show one picture across all monitors, get the monitors' pictures put together and spanned. The picture is first checked (it must be a picture wallgen reads, or a GNOME slideshow where the desktop reads one) and copied under a name made from its bytes into $XDG_DATA_HOME/wallgen/applied, as a PNG when the desktop's setter cannot read its format; pictures a desktop still shows are kept there. With --now, the picture a schedule has in effect, as its timer runs it.",
        usage: [
            "(<picture> | --monitor <name=file>... | --now)",
            "[--dark <file>] [--monitors <file>] [--desktop <name>] [--lock-screen] [--dry-run]",
        ],
        arguments: [
            .init(
                name: "picture",
                help:
                    "A picture: JPEG, PNG, WebP or HEIC (stored as a PNG for a setter that cannot read it); a dynamic HEIC or AVIF with Apple's metadata (its frame in effect at --place and --at, else this machine's place and now); or, for GNOME, Cinnamon and MATE, a schedule.xml slideshow.",
                completion: .file)
        ],
        options: options,
        sections: [
            .init(
                title: "EXAMPLES",
                body: """
                    wallgen apply winter.png
                    wallgen --season winter --apply
                    wallgen --device here --apply
                    wallgen apply --monitor DP-1=winter.png --monitor HDMI-A-1=22-dongzhi.png
                    wallgen apply --dry-run --desktop sway 22-dongzhi.png
                    wallgen apply --lock-screen winter.png
                    wallgen apply --place Taipei winter.heic
                    wallgen apply --scheme winter.png
                    """)
        ])

    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ApplyRequest {
        try validate(parsed, environment: context.environment)
    }
}
