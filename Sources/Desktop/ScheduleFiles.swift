import Almanac
import FoundationEssentials

/// Every file a schedule writes beside its pictures, assembled as one value before any of
/// it is written: each file's name in the schedule's folder and its bytes, and which of
/// them `--install` also puts where the session finds them (`installFiles(in:)`).
///
/// Two kinds: a slideshow of pictures (`slideshow`: GNOME's timed background and its
/// Settings entry, `schedule.json`, and the units and autostart entry that run
/// `wallgen apply --now --schedule`), and a timer alone that runs one command at each
/// instant (`timer`: a dynamic wallpaper's frames).
public struct ScheduleFiles: Sendable, Equatable {
    /// Where `--install` puts a copy of a file, besides the schedule's folder.
    public enum InstalledAt: Sendable, Equatable {
        /// The user's systemd unit folder, under the same name.
        case systemdUser
        /// The XDG autostart folder, under the same name.
        case autostart
        /// GNOME's background-properties folder, as the schedule's Settings entry.
        case backgroundProperties
    }

    public struct File: Sendable, Equatable {
        /// The name in the schedule's folder.
        public let name: String
        public let contents: [UInt8]
        /// Where `--install` also puts it; nil for a file that stays in the folder only.
        public let installedAt: InstalledAt?

        init(_ name: String, _ text: String, installedAt: InstalledAt? = nil) {
            self.name = name
            contents = Array(text.utf8)
            self.installedAt = installedAt
        }
    }

    /// What the units are called.
    public let names: ScheduleUnitNames
    /// What the service, the autostart entry and a compositor's start-up line run.
    public let command: [String]
    /// In the order they are written.
    public let files: [File]
    /// The GNOME slideshows the person can choose instead of the timer (light, then dark),
    /// as absolute paths; empty for a timer alone.
    public let slideshows: [String]

    /// The names a slideshow schedule writes in its folder, known before its pictures are
    /// made (so a link or folder in the way is refused before any work).
    public static func slideshowNames(_ names: ScheduleUnitNames, dark: Bool) -> [String] {
        ["schedule.xml", "schedule.json"] + names.unitFiles + ["gnome-background-properties.xml"]
            + (dark ? ["schedule-dark.xml"] : [])
    }

    /// Refuses a folder with a control character: no file of a schedule (a unit, an
    /// autostart entry, an XML) could name it.
    public static func checkFolder(_ folder: String) throws(DesktopError) {
        if folder.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            throw .unsafeScheduleFolder(path: folder)
        }
    }

    /// A dynamic schedule's copy of the file it follows, by the file's kind.
    public static let dynamicCopyNames = ["dynamic.heic", "dynamic.avif"]

    /// Every name any schedule writes in its folder besides its pictures: what
    /// `--uninstall` may take away there.
    public static var everyName: Set<String> {
        Set(ScheduleUnitNames.all.flatMap { slideshowNames($0, dark: true) })
    }

    /// A slideshow schedule in `folder`: `schedule` is what the timer follows (written as
    /// `schedule.json`), `slideshow` and `darkSlideshow` what GNOME shows (the same, or
    /// the monitors' pictures spanned), `title` the name Settings lists it under.
    /// `wallgen` is the absolute path the service runs.
    public static func slideshow(
        schedule: Schedule, slideshow: Schedule, darkSlideshow: Schedule?, zone: Zone, spanned: Bool,
        folder: String, wallgen: String, title: String, names: ScheduleUnitNames
    ) throws(DesktopError) -> ScheduleFiles {
        let schedulePath = folder + "/schedule.json"
        let command = SystemdUnits.applyCommand(wallgen: wallgen, schedule: schedulePath)
        let slideshows = [folder + "/schedule.xml"] + (darkSlideshow == nil ? [] : [folder + "/schedule-dark.xml"])
        let properties = GnomeBackgroundProperties.xml(
            name: title, filename: slideshows[0], darkFilename: slideshows.dropFirst().first, spanned: spanned)
        var files = [
            File("schedule.xml", try GnomeTimedBackground.xml(slideshow, zone: zone, spanned: spanned)),
            File("schedule.json", String(decoding: ScheduleFile.encode(schedule), as: UTF8.self)),
        ]
        files += try units(instants: schedule.switches, command: command, names: names)
        files.append(File("gnome-background-properties.xml", properties, installedAt: .backgroundProperties))
        if let darkSlideshow {
            files.append(
                File("schedule-dark.xml", try GnomeTimedBackground.xml(darkSlideshow, zone: zone, spanned: spanned)))
        }
        return ScheduleFiles(names: names, command: command, files: files, slideshows: slideshows)
    }

    /// A timer that runs `command` (its first word wallgen's absolute path) at each of
    /// `instants`, and at login.
    public static func timer(instants: [Date], command: [String], names: ScheduleUnitNames) throws(DesktopError)
        -> ScheduleFiles
    {
        ScheduleFiles(
            names: names, command: command, files: try units(instants: instants, command: command, names: names),
            slideshows: [])
    }

    /// The timer, the service and the autostart entry.
    private static func units(instants: [Date], command: [String], names: ScheduleUnitNames) throws(DesktopError)
        -> [File]
    {
        [
            File(names.timer, SystemdUnits.timer(instants: instants, names: names), installedAt: .systemdUser),
            File(names.service, try SystemdUnits.service(running: command, names: names), installedAt: .systemdUser),
            File(
                names.autostartEntry, try AutostartEntry.text(command: command, names: names),
                installedAt: .autostart),
        ]
    }

    /// The files `--install` puts in place, where `locations` says the session finds them.
    public func installFiles(in locations: UserLocations) -> [InstallFile] {
        files.compactMap { file in
            file.installedAt.map { place in
                InstallFile(
                    path: locations.installedPath(place, name: file.name, names: names), contents: Data(file.contents))
            }
        }
    }
}
