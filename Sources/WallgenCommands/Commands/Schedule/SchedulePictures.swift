import Almanac
import Batch
import Compositor
import Designs
import Desktop
import Files
import FoundationEssentials

/// The pictures a schedule shows: every term card or season wallpaper of the span at each
/// size, light and dark, made as one batch; and for several monitors, GNOME's spanned
/// pictures put together from them.
extension ScheduleCommand {
    /// Every spanned picture a schedule for `monitors` writes (none for one monitor).
    static func spannedNames(_ request: ScheduleRequest, monitors: [Monitor]) -> [String] {
        guard monitors.count > 1 else { return [] }
        let subjects: [SlideSubject] =
            request.byTerms ? SolarTerm.all.map { .term($0) } : Season.allCases.map { .season($0) }
        return (request.dark ? [false, true] : [false]).flatMap { dark in
            subjects.map { PictureFolder.spannedName($0, dark: dark) }
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
                let name = PictureFolder.spannedName(slide.subject, dark: dark)
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
            throw CommandFailure(
                lines: tally.failureLines + [
                    "\(tally.failed) of \(pictures.count) pictures failed; \(tally.done) written to \(outputs.path); no schedule was written"
                ], status: ExitCode(rawValue: tally.status) ?? .software)
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
}
