import Almanac
import Desktop
import Foundation
import Testing

/// A schedule's files assembled as one value (`ScheduleFiles`), put in place by
/// `ScheduleInstaller`, and taken away from its folder by `ScheduleFolderCleanup`.
@Suite struct ScheduleFilesTests {
    static let wallgen = "/usr/bin/wallgen"

    static func slideshow(in folder: String, dark: Bool) throws -> ScheduleFiles {
        let pictures = PictureFolder(folder: folder, sizes: ["1920x1080"])
        var darkPictures: ((SlideSubject) -> [String: String])?
        if dark { darkPictures = { pictures.darkPictures(for: $0) } }
        let schedule = try Schedule.solarTerms(
            from: 2026, years: 1, darkPictures: darkPictures, pictures: { pictures.pictures(for: $0) })
        return try ScheduleFiles.slideshow(
            schedule: schedule, slideshow: schedule, darkSlideshow: dark ? schedule.darkStyle : nil,
            zone: SolarTermCalendar.calendarZone, spanned: false, folder: folder, wallgen: wallgen,
            title: "Solar terms", names: .terms)
    }

    /// Every file the slideshow writes is one `slideshowNames` listed before the pictures
    /// were made; the timer switches at each of the year's 24 terms; `schedule.json` reads
    /// back as the schedule; the service and the autostart entry run apply on it.
    @Test func aSlideshowListsItsFiles() throws {
        for dark in [false, true] {
            let files = try Self.slideshow(in: "/data/schedule", dark: dark)
            #expect(files.files.map(\.name) == ScheduleFiles.slideshowNames(.terms, dark: dark))
            #expect(Set(files.files.map(\.name)).isSubset(of: ScheduleFiles.everyName))
            let text = { (name: String) in
                String(decoding: try #require(files.files.first { $0.name == name }).contents, as: UTF8.self)
            }
            let timer = try text("wallgen-terms.timer")
            #expect(timer.split(separator: "\n").filter { $0.hasPrefix("OnCalendar=") }.count == 24)
            #expect(
                try text("wallgen-terms.service").contains(
                    #"ExecStart="/usr/bin/wallgen" "apply" "--now" "--schedule" "/data/schedule/schedule.json""#))
            let json = try ScheduleFile.decode(Data(try text("schedule.json").utf8))
            // The term in effect as the span begins (the year before's 冬至), then the year's 24.
            #expect(json.slides.count == 25)
            #expect(
                json.slides.allSatisfy { $0.pictures["1920x1080"] == "/data/schedule/\($0.subject.stem)-1920x1080.png" }
            )
            #expect(
                files.slideshows == ["/data/schedule/schedule.xml"] + (dark ? ["/data/schedule/schedule-dark.xml"] : [])
            )
            #expect(try text("gnome-background-properties.xml").contains("schedule-dark.xml") == dark)
        }
    }

    /// `--install` puts the units, the entry and the Settings entry where the session
    /// looks, and nothing that stays in the folder (the XML, the JSON).
    @Test func installFilesGoWhereTheSessionLooks() throws {
        let files = try Self.slideshow(in: "/data/schedule", dark: true)
        let locations = UserLocations(environment: ["HOME": "/home/mia"])
        #expect(
            files.installFiles(in: locations).map(\.path) == [
                "/home/mia/.config/systemd/user/wallgen-terms.timer",
                "/home/mia/.config/systemd/user/wallgen-terms.service",
                "/home/mia/.config/autostart/wallgen-terms.desktop",
                "/home/mia/.local/share/gnome-background-properties/wallgen-terms.xml",
            ])
        let timerOnly = try ScheduleFiles.timer(
            instants: [Date(timeIntervalSince1970: 1_800_000_000)],
            command: [Self.wallgen, "apply", "/data/schedule/dynamic.heic"], names: .dynamic)
        #expect(
            timerOnly.files.map(\.name) == [
                "wallgen-dynamic.timer", "wallgen-dynamic.service", "wallgen-dynamic.desktop",
            ])
        #expect(timerOnly.installFiles(in: locations).count == 3)
        #expect(timerOnly.slideshows.isEmpty)
    }

    /// Installing one schedule takes the other's units away, and `--enable` where the
    /// user's systemd cannot be reached says so with the command to run, the schedule
    /// installed all the same.
    @Test func installingReplacesTheOtherScheduleAndSaysWhatDidNotStart() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let locations = UserLocations(environment: ["HOME": folder.path])
        try UnitInstaller.install(
            locations.scheduleFiles(.seasons, timer: "T", service: "S", autostart: "A", backgroundProperties: "P"))
        _ = try folder.write(
            "bin/systemctl",
            "#!/bin/sh\necho \"$@\" >> '\(folder.file("log"))'\n[ \"$2\" = disable ] && exit 0\nexit 1\n",
            executable: true)
        let runner = ProcessRunner(environment: ["PATH": folder.file("bin")])
        let files = try Self.slideshow(in: folder.file("schedule"), dark: false)
        let notices = try ScheduleInstaller.install(files, locations: locations, runner: runner, enable: true)
        for path in locations.schedulePaths(.terms) { #expect(FileManager.default.fileExists(atPath: path)) }
        for path in locations.schedulePaths(.seasons) { #expect(!FileManager.default.fileExists(atPath: path)) }
        #expect(
            notices.first
                == .status(
                    "Installed wallgen-terms.timer, wallgen-terms.service, the autostart entry and the Settings entry.")
        )
        let warnings = notices.compactMap { if case .warning(let line) = $0 { line } else { nil } }
        #expect(warnings.count == 1)
        #expect(
            warnings.first?.hasSuffix(
                "systemctl --user daemon-reload && systemctl --user enable --now wallgen-terms.timer wallgen-terms.service"
            ) == true)
        #expect(
            notices.contains(
                .status(
                    "GNOME can instead follow the slideshow itself (no timer needed): choose it in Settings > Appearance, or: /usr/bin/wallgen apply \(folder.file("schedule"))/schedule.xml"
                )))
        let log = try String(contentsOfFile: folder.file("log"), encoding: .utf8)
        #expect(
            log.hasPrefix("--user disable --now wallgen-seasons.timer wallgen-seasons.service\n--user daemon-reload\n"))
    }

    /// `--uninstall` in the folder takes only what the schedule made there: the pictures
    /// `schedule.json` names, its files, a dynamic schedule's copy; a file of the
    /// person's stays, and so does the folder then.
    @Test func cleanupTakesOnlyTheSchedulesFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let schedule = folder.file("schedule")
        let files = try Self.slideshow(in: schedule, dark: false)
        for file in files.files {
            _ = try folder.write("schedule/" + file.name, String(decoding: file.contents, as: UTF8.self))
        }
        _ = try folder.write("schedule/22-dongzhi-1920x1080.png", "picture")
        _ = try folder.write("schedule/22-dongzhi-spanned.png", "spanned")
        _ = try folder.write("schedule/dynamic.heic", "copy")
        _ = try folder.write("schedule/mine.txt", "the person's own")
        let cleanup = try ScheduleFolderCleanup.run(in: schedule)
        #expect(cleanup.found == .slideshow)
        #expect(cleanup.slideshowFiles == files.files.count + 2)
        #expect(cleanup.dynamicFiles == 1)
        #expect(!cleanup.folderRemoved)
        #expect(try FileManager.default.contentsOfDirectory(atPath: schedule) == ["mine.txt"])

        try FileManager.default.removeItem(atPath: schedule + "/mine.txt")
        _ = try folder.write("schedule/wallgen-dynamic.timer", "timer")
        let dynamicOnly = try ScheduleFolderCleanup.run(in: schedule)
        #expect(dynamicOnly.found == .noSlideshow)
        #expect(dynamicOnly.dynamicFiles == 1)
        #expect(dynamicOnly.folderRemoved)
        #expect(!FileManager.default.fileExists(atPath: schedule))
        #expect(try ScheduleFolderCleanup.run(in: schedule).found == .noFolder)
    }
}
