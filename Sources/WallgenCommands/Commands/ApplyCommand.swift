import Compositor
import Desktop
import Foundation

extension ValueType where Value == String {
    /// A desktop wallgen can set, by any of its names (`plasma` is KDE); read back as
    /// its canonical name.
    static let desktop = ValueType(placeholder: "name", completion: .words(DesktopKind.validNames)) {
        text, flag throws(UsageError) in
        guard let kind = DesktopKind(name: text) else {
            let suggestion = closest(to: text, in: DesktopKind.validNames).map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError("\(flag) must be \(listed(DesktopKind.validNames)), got '\(text)'\(suggestion)")
        }
        return kind.rawValue
    }
}

/// A validated `wallgen apply` request.
public struct ApplyRequest: Equatable, Sendable {
    /// The picture to set, or nil to take the one a schedule has in effect.
    var picture: String?
    var darkPicture: String?
    /// With no picture: the schedule and the instant whose picture is set.
    var schedule: String
    var instant: Date
    var desktop: String?
    var dryRun: Bool
}

/// `wallgen apply`: puts a picture on the running desktop.
///
/// The picture is first copied under a name made from its bytes into wallgen's own
/// folder (`$XDG_DATA_HOME/wallgen/applied`): KDE Plasma does not reload a file
/// rewritten at the same path, and GNOME caches by URI, so a new picture must have a
/// new name; and the desktop never points at a file the user may move or overwrite.
enum ApplyCommand {
    static let dark = Option(
        "dark", .file,
        help:
            "A picture for the desktop's dark style (GNOME's picture-uri-dark); without it both styles get the picture."
    )
    static let desktop = Option(
        "desktop", .desktop,
        help:
            "The desktop to set, instead of the one XDG_CURRENT_DESKTOP, WAYLAND_DISPLAY and DISPLAY show: \(listed(DesktopKind.validNames))."
    )
    static let dryRun = Flag(
        "dry-run", help: "Print the commands that would set the wallpaper instead of running them.")
    static let now = Flag(
        "now", help: "Set the picture a schedule has in effect now, instead of a file (what the schedule's timer runs)."
    )
    static let at = Option(
        "at", .instant, help: "Set the picture a schedule has in effect at that instant, instead of now.")
    static let schedule = Option(
        "schedule", .file, help: "The schedule.json that --now and --at read.",
        defaultText: "$XDG_DATA_HOME/wallgen/schedule/schedule.json")

    static let options: [any OptionDeclaration] =
        [dark, desktop, dryRun, now, at, schedule] + CommonOptions.everywhere

    /// `--apply` on the commands that render (see `ApplyOptions`): set the picture once written.
    static let applyFlag = Flag(
        "apply", help: "Set the picture as the desktop's wallpaper once it is written (see wallgen apply).")

    static func validate(_ parsed: ParsedArguments, environment: [String: String]) throws(UsageError) -> ApplyRequest {
        let fromSchedule = parsed.has(now) || parsed[at] != nil
        let picture = parsed.positionals.first
        switch (picture, fromSchedule) {
        case (nil, false):
            throw UsageError("'apply' needs a picture file, or --now to take the one the schedule has in effect")
        case (_?, true):
            throw UsageError("give a picture file or --now/--at, not both")
        default:
            try CommonOptions.rejectExtra(Array(parsed.positionals.dropFirst()))
        }
        if parsed.has(now) && parsed[at] != nil { throw UsageError("--now and --at both choose the instant; give one") }
        if picture == "" { throw UsageError("'apply' needs a picture file name") }
        if !fromSchedule && parsed.isGiven(schedule) { throw UsageError("--schedule goes with --now or --at") }
        return ApplyRequest(
            picture: picture, darkPicture: parsed[dark],
            schedule: parsed[schedule] ?? defaultSchedule(environment),
            instant: parsed[at] ?? Date(), desktop: parsed[desktop], dryRun: parsed.has(dryRun))
    }

    /// Where `wallgen schedule` writes by default, and so where `--now` looks.
    static func defaultSchedule(_ environment: [String: String]) -> String {
        ScheduleCommand.defaultFolder(environment) + "/schedule.json"
    }

    static func run(_ request: ApplyRequest, _ output: StatusOutput) -> ExitCode {
        let environment = ProcessInfo.processInfo.environment
        do {
            var light: String
            var dark = request.darkPicture
            if let picture = request.picture {
                light = picture
            } else {
                let schedule = try ScheduleFile.read(path: request.schedule)
                let slide = schedule.slide(at: request.instant)
                guard let picture = slide.picture() else {
                    throw DesktopError.unreadableSchedule(path: request.schedule, reason: "its slide has no picture")
                }
                light = picture
                dark = slide.darkPictures.isEmpty ? nil : slide.picture(dark: true)
                output.status(
                    "In effect at \(ISOStamp.utcStamp(request.instant)): \(slide.subject.stem), since \(ISOStamp.utcStamp(slide.start))"
                )
            }
            for (file, flag) in [(light, "picture"), (dark, "--dark")] {
                guard let file else { continue }
                // Checked as any input is (a readable regular file, not a device), before
                // the desktop is asked; any kind of picture, and GNOME's XML, may follow.
                do {
                    try FileReader.checkReadable(file)
                } catch {
                    Console.report("Error: \(flag): \(error)")
                    return .noInput
                }
            }
            let kind = try DesktopDetection.detect(environment: environment, override: request.desktop)
            let runner = ProcessRunner(environment: environment)
            if request.dryRun {
                let plan = try WallpaperSetter.plan(desktop: kind, picture: light, darkPicture: dark, runner: runner)
                Console.print(plan.dryRun.joined(separator: "\n"))
                return .success
            }
            let stored = try AppliedStore(folder: UserLocations(environment: environment).appliedFolder)
                .store([light] + (dark.map { [$0] } ?? []))
            light = stored[0]
            dark = stored.count > 1 ? stored[1] : nil
            let plan = try WallpaperSetter.plan(desktop: kind, picture: light, darkPicture: dark, runner: runner)
            try WallpaperSetter.apply(plan, runner: runner)
            output.status("Set the \(kind.rawValue) wallpaper to \(light)")
            return .success
        } catch {
            Console.report("Error: \(error)")
            return ErrorReport.exitCode(for: error)
        }
    }
}

/// `wallgen apply` as one of wallgen's commands (see `CommandRegistry`).
extension ApplyCommand: WallgenCommand {
    static let declaration = CommandDeclaration(
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
        options: options,
        sections: [
            .init(
                title: "EXAMPLES",
                body: """
                    wallgen apply winter.png
                    wallgen --season winter --apply
                    wallgen apply --dry-run --desktop sway 22-dongzhi.png
                    """)
        ])

    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(UsageError) -> ApplyRequest {
        try validate(parsed, environment: context.environment)
    }
}
