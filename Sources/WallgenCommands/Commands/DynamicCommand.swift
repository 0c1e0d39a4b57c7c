import Almanac
import Compositor
import Designs
import Desktop
import Files
import FoundationEssentials
import Platform

/// A validated `wallgen dynamic` request.
public struct DynamicRequest: Sendable {
    /// The scene's picture under each frame's sky: a season wallpaper or a term card.
    enum Subject: Sendable {
        case season(SeasonWallpaperSpec)
        case term(TermCardSpec)

        var stem: String {
            switch self {
            case .season(let spec): spec.season.rawValue
            case .term(let spec): spec.term.fileStem
            }
        }
    }

    var subject: Subject
    var place: Place
    var placeNote: String?
    var zone: Zone
    var day: CivilDate
    var folder: String
    var settings: RenderSettings
}

/// `wallgen dynamic`: the day of a scene, painted at each moment of the Sun's day at a
/// place (`SunFrame`), with a GNOME timed background that shows each frame from the second
/// its moment comes.
enum DynamicCommand: WallgenCommand {
    static let season = Option("season", short: "s", .season, help: "The season's scene.")
    static let term = Option(
        "term", .text("term"), help: "A solar term's scene, as `term` takes it (冬至, dongzhi, 22), on its card.")
    static let date = Option(
        "date", short: "d", .day,
        help: "The day whose Sun the frames follow (today, tomorrow and yesterday too), in the place's zone.",
        defaultText: "today")
    static let label = Option(
        "label", short: "l", .onOff, help: "Show the season's name on its frames.", default: false, shown: "off")
    static let folder = Option(
        "output", short: "o", .folder,
        help:
            "The folder for the frames and the timed background, made if missing (its parent must exist). Apple's dynamic HEIC and KDE's AVIF are not made yet."
    )

    static let options: [any OptionListItem] =
        [season, term, SkyOptions.place, date, TermOptions.zone, OneCanvasOptions(), RenderOptions(), label, folder]
        + CommonOptions.everywhereItems

    static let commandName: String? = "dynamic"
    static let drawsText = true
    static let declaration = CommandDeclaration(
        name: commandName, summary: "The day of a scene, timed by the Sun of a place.",
        overview:
            "Paint a season's scene (or a term's card) at each moment of one day's Sun at a place: midnight, astronomical, nautical and civil dawn, sunrise, morning, the Sun's highest, afternoon, golden hour (the Sun 6° up), sunset and the three dusks (a moment the Sun does not make that day is left out), and write the frames into a folder with <scene>-dynamic.xml, a GNOME timed background that shows each frame from the second its moment comes, in the place's zone, every day (`gsettings set org.gnome.desktop.background picture-uri file://FOLDER/<scene>-dynamic.xml`). The canvas defaults to 1920x1080. See docs/SKY.md.",
        usage: [
            "(--season <season> | --term <name>) [--place <place>] [--date <yyyy-mm-dd>] [--size <WxH>] -o <folder>"
        ],
        options: options)

    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(UsageError) -> DynamicRequest {
        try CommonOptions.rejectExtra(parsed.positionals)
        guard let folder = parsed[folder] else {
            throw UsageError("'dynamic' needs -o FOLDER: where the frames and the timed background go")
        }
        for suffix in [".heic", ".avif"] where folder.lowercased().hasSuffix(suffix) {
            throw UsageError(
                "--output \(folder): Apple's dynamic HEIC and KDE's dynamic AVIF are not made yet; give a folder for the frames and GNOME's timed background"
            )
        }
        guard folder != "-" else { throw UsageError("--output needs a folder name for 'dynamic'") }
        let machineZone = ZoneDatabase.system().localZone()
        let zoneGiven = parsed.isGiven(TermOptions.zone) ? parsed[required: TermOptions.zone] : nil
        // The place and its zone; the day is read in that zone.
        let reading = try SkyOptions.read(
            parsed, fallbackZone: zoneGiven ?? machineZone, required: true, withInstant: false)!
        let zone = zoneGiven ?? reading.zone
        let day = parsed[date]?.day(in: zone) ?? CivilDate.on(Date(), in: zone)
        guard Sky.supportedYears.contains(day.year) else {
            throw UsageError("--date \(day) is outside the years the sky is computed for, 1900 to 2100")
        }
        // A desktop's canvas unless --size or --device says otherwise.
        let maxPixels = RenderOptions.limits(parsed).maxPixels
        var canvas = try OneCanvasOptions.read(parsed, maxPixels: maxPixels)
        if !parsed.isGiven(OneCanvasOptions.size), !parsed.isGiven(OneCanvasOptions.device) {
            canvas = CanvasSize(width: 1920, height: 1080)
            try canvas.check(maxPixels: maxPixels)
        }
        let subject: DynamicRequest.Subject
        switch (parsed[season], parsed[term]) {
        case (_?, _?): throw UsageError("--season and --term both choose the scene; give only one")
        case (nil, nil): throw UsageError("'dynamic' needs a scene: --season winter, or --term 冬至")
        case (let chosen?, nil):
            var spec = SeasonWallpaperSpec(season: chosen, width: canvas.width, height: canvas.height, alpha: 1)
            spec.showsLabel = parsed[required: label]
            subject = .season(spec)
        case (nil, let name?):
            guard !parsed.isGiven(label) else { throw UsageError("--label goes with --season; a card has its title") }
            subject = .term(
                TermCardSpec(term: try TermCommand.term(name), width: canvas.width, height: canvas.height))
        }
        let settings = try RenderOptions.read(parsed, output: nil)
        return DynamicRequest(
            subject: subject, place: reading.place, placeNote: reading.placeNote, zone: zone, day: day, folder: folder,
            settings: settings)
    }

    static func run(_ request: DynamicRequest, _ output: StatusOutput) -> ExitCode {
        if let note = request.placeNote { output.status(note) }
        let frames = SunFrame.day(request.day, in: request.zone, at: request.place)
        let outputs: OutputFolder
        let absolute: String
        do {
            try AtomicFileWriter.prepareFolder(request.folder)
            outputs = try OutputFolder(opening: request.folder)
            // GNOME reads the XML's paths as they are written: whole ones.
            absolute = PathQueries.resolved(request.folder) ?? request.folder
        } catch {
            Console.report("Error: --output: \(error)")
            return ErrorReport.exitCode(for: error)
        }
        let fileExtension = request.settings.encoding.format.fileExtension
        let names = frames.map {
            "\(request.subject.stem)-\(clock($0.instant, request.zone))-\($0.moment.rawValue).\(fileExtension)"
        }
        let xmlName = "\(request.subject.stem)-dynamic.xml"
        do {
            try outputs.checkWritable(names + [xmlName])
        } catch {
            Console.report("Error: \(error)")
            return ErrorReport.exitCode(for: error)
        }
        var slides: [Slide] = []
        do {
            let data = try DataDirectory.locate()
            for (frame, name) in zip(frames, names) {
                let reading = SkyOptions.Reading(place: request.place, instant: frame.instant, zone: request.zone)
                let rendered: RenderedImage
                switch request.subject {
                case .season(var spec):
                    spec.light = reading.light
                    let pipeline: DesignPipeline<SeasonWallpaper> = request.settings.pipeline(data, output: output)
                    rendered = try pipeline.render(spec)
                case .term(var spec):
                    spec.light = reading.light
                    let pipeline: DesignPipeline<TermCard> = request.settings.pipeline(data, output: output)
                    rendered = try pipeline.render(spec)
                }
                try outputs.write(rendered.encoded, to: name)
                let subject: SlideSubject =
                    switch request.subject {
                    case .season(let spec): .season(spec.season)
                    case .term(let spec): .term(spec.term)
                    }
                slides.append(Slide(start: frame.instant, subject: subject, pictures: ["": absolute + "/" + name]))
            }
            let next = CivilDate.on(request.day.start(in: request.zone).addingTimeInterval(30 * 3600), in: request.zone)
            let schedule = try Schedule(slides: slides, end: next.start(in: request.zone))
            let xml = try GnomeTimedBackground.xml(
                schedule, zone: request.zone,
                description:
                    "A day of the scene, each frame from the second its moment of the Sun comes at \(request.place) on \(request.day). Written by wallgen."
            )
            try outputs.write(Array(xml.utf8), to: xmlName)
        } catch let error as PipelineError {
            Console.report("Error: \(ErrorReport.message(for: error))")
            return ErrorReport.exitCode(for: error)
        } catch {
            Console.report("Error: \(error)")
            return ErrorReport.exitCode(for: error)
        }
        output.status(
            "Wrote \(request.folder): \(frames.count) frames of \(request.subject.stem) for \(request.place) on \(request.day), and \(xmlName)"
        )
        return .success
    }

    /// "0712", the frame's local time for its name.
    static func clock(_ instant: Date, _ zone: Zone) -> String {
        let reading = zone.wallClock(at: instant)
        return (reading.hour < 10 ? "0" : "") + "\(reading.hour)" + (reading.minute < 10 ? "0" : "")
            + "\(reading.minute)"
    }
}
