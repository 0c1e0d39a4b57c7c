import Almanac
import Compositor
import Desktop
import Files
import FoundationEssentials
import Platform

/// `wallgen schedule --dynamic FILE`: a dynamic wallpaper (Apple's metadata in a HEIC or
/// AVIF, wallgen's or another's) followed through the days on any desktop. The file is
/// copied into the schedule's folder; a user timer fires at each frame's start, day by
/// day for a year at the place (each day's own Sun: the frames follow sunrise through
/// the seasons), and at login, and runs `wallgen apply COPY --place P`, which sets the
/// frame then in effect.
///
/// GNOME can instead follow a folder `wallgen dynamic -o FOLDER` made, through its timed
/// background; this timer works there too, and on every desktop `apply` knows.
enum DynamicSchedule {
    /// How many days ahead the timer lists: a year. `schedule --dynamic --install` again
    /// (or at any time) lists the next.
    static let days = 366

    /// What `--dynamic` brings to a schedule request.
    struct Request: Equatable, Sendable {
        var file: String
        var place: Place
        var placeNote: String?
        var zone: Zone
    }

    /// The copy's name in the schedule's folder.
    static func copyName(of file: String) -> String {
        ScheduleFiles.dynamicCopyNames[RenderOptions.fileExtension(of: file)?.lowercased() == "avif" ? 1 : 0]
    }

    static func make(
        _ request: ScheduleRequest, _ dynamic: Request, install: Bool, enable: Bool, locations: UserLocations,
        _ output: StatusOutput
    ) throws {
        if let note = dynamic.placeNote { output.status(note) }
        let folder = ScheduleCommand.absolutePath(request.folder)
        let wallgen = ScheduleCommand.executablePath()
        try SystemdUnits.checkExecutable(wallgen)
        try ScheduleFiles.checkFolder(folder)
        let bytes = try FileReader.read(dynamic.file)
        let timing = try readTiming(bytes, path: dynamic.file)
        let names = ScheduleUnitNames.dynamic
        try AtomicFileWriter.makeFolders(folder)
        let outputs = try OutputFolder(opening: folder)
        let copy = copyName(of: dynamic.file)
        try outputs.checkWritable([copy] + names.unitFiles)
        try outputs.write(bytes, to: copy)
        let instants = starts(timing, from: Date(), zone: dynamic.zone, place: dynamic.place)
        // The place as apply reads it again: its zone's name when it has one, else its
        // coordinates to a metre or so.
        let place =
            dynamic.place.zoneName
            ?? PrintfNumber.format("%.5f", dynamic.place.latitude) + ","
            + PrintfNumber.format("%.5f", dynamic.place.longitude)
        let command = [wallgen, "apply", folder + "/" + copy, "--place", place]
        let files = try ScheduleFiles.timer(instants: instants, command: command, names: names)
        for file in files.files { try outputs.write(file.contents, to: file.name) }
        output.status(
            "Wrote \(folder): \(copy) and a timer at each of its \(timing.solar.isEmpty ? timing.times.count : timing.solar.count) frames' starts for \(days) days at \(dynamic.place), \(instants.count) in all"
        )
        if install { try ScheduleCommand.installFiles(files, locations: locations, enable: enable, output) }
    }

    /// The file's frames as its metadata times them (Apple's or KDE's); a file without
    /// any is refused (65), naming it.
    static func readTiming(_ bytes: [UInt8], path: String) throws -> AppleDynamicDesktop.Timing {
        let file: DynamicWallpaperFile?
        do {
            file = try DynamicWallpaperFile.read(bytes)
        } catch .libraryUnavailable(let library) {
            throw DesktopError.pictureLibraryUnavailable(path: path, library: library)
        } catch {
            throw DesktopError.notAPicture(path: path, reason: "\(error)")
        }
        guard let timing = file?.timing, !(timing.solar.isEmpty && timing.times.isEmpty) else {
            throw DesktopError.notAPicture(
                path: path,
                reason:
                    "it has no dynamic-wallpaper timing (Apple's apple_desktop:solar or h24, KDE's plasma:dynamic-wallpaper-solar); wallgen dynamic -o NAME.heic makes one"
            )
        }
        return timing
    }

    /// Every frame's start from today for `days` days, at the place, in order; a start
    /// already past is kept only when it is today's (the timer's `Persistent=` applies it
    /// at once).
    static func starts(_ timing: AppleDynamicDesktop.Timing, from now: Date, zone: Zone, place: Place) -> [Date] {
        let today = CivilDate.on(now, in: zone).start(in: zone)
        var instants: [Date] = []
        for offset in 0..<days {
            // Noon of each day names it whatever the day's length.
            let day = CivilDate.on(today.addingTimeInterval(Double(offset) * 86_400 + 43_200), in: zone)
            instants += DynamicFrameChoice.starts(timing, day: day, zone: zone, place: place).map(\.instant)
        }
        var seen = Set<Int>()
        return instants.sorted().filter { seen.insert(Int($0.timeIntervalSince1970.rounded())).inserted }
    }
}
