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
        /// The frames of a dynamic wallpaper someone has (`--from`), put at the times their
        /// Sun has at the place on the day.
        case converted(path: String)

        var stem: String {
            switch self {
            case .season(let spec): spec.season.rawValue
            case .term(let spec): spec.term.fileStem
            case .converted(let path):
                String(
                    FilePath.name(of: path).split(separator: ".", omittingEmptySubsequences: false).first ?? "dynamic")
            }
        }
    }

    var canvas: CanvasSize? {
        switch subject {
        case .season(let spec): CanvasSize(width: spec.width, height: spec.height)
        case .term(let spec): CanvasSize(width: spec.width, height: spec.height)
        case .converted: nil
        }
    }

    /// Where the day goes, by the output's name.
    enum Output: Sendable, Equatable {
        /// A folder of frames and GNOME's timed background.
        case gnomeFolder(String)
        /// Apple's dynamic HEIC: every frame in one file, HEVC at a quality.
        case appleHEIC(String, quality: Int)
        /// KDE's dynamic AVIF: every frame in one image sequence, AV1 at a quality.
        case kdeAVIF(String, quality: Int)

        var path: String {
            switch self {
            case .gnomeFolder(let path), .appleHEIC(let path, _), .kdeAVIF(let path, _): path
            }
        }
    }

    var subject: Subject
    var place: Place
    var placeNote: String?
    var zone: Zone
    var day: CivilDate
    var output: Output
    var settings: RenderSettings
    /// A colour scheme for each frame, into this folder (`--scheme`).
    var scheme: String? = nil
    /// Show the day's picture in the terminal once written (`--preview`).
    var preview = false

    /// The season whose theme gives a scheme's roles; none for frames converted from a file.
    var season: Season? {
        switch subject {
        case .season(let spec): spec.season
        case .term(let spec): spec.term.season
        case .converted: nil
        }
    }
}

/// `wallgen dynamic`: the day of a scene, painted at each moment of the Sun's day at a
/// place (`SunFrame`), written as a desktop reads it: a folder of frames with a GNOME timed
/// background that shows each from the second its moment comes, or Apple's dynamic HEIC,
/// whose frames macOS chooses by the Sun's place (`AppleDynamicDesktop`).
enum DynamicCommand: WallgenCommand {
    static let season = Option("season", short: "s", .season, help: "The season's scene.")
    static let term = Option(
        "term", .text("term"), help: "A solar term's scene, as `term` takes it (冬至, dongzhi, 22), on its card.")
    static let date = Option(
        "date", short: "d", .day,
        help: "The day whose Sun the frames follow (today, tomorrow and yesterday too), in the place's zone.",
        defaultText: "today")
    static let from = Option(
        "from", .file,
        help:
            "Convert a dynamic wallpaper (Apple's HEIC or KDE's AVIF, wallgen's or another's) to the output's form instead of painting a scene: each frame put at the time its Sun has at --place on --date."
    )
    static let label = Option(
        "label", short: "l", .onOff, help: "Show the season's name on its frames.", default: false, shown: "off")
    static let folder = Option(
        "output", short: "o", .folder,
        help:
            "Where the day goes: NAME.heic, Apple's dynamic HEIC (every frame in one file, chosen by the Sun's place on macOS); NAME.avif, KDE's dynamic AVIF (for the plasma-wallpapers-dynamic plugin); or a folder for the frames and GNOME's timed background, made if missing (its parent must exist)."
    )

    static let scheme = Option(
        "scheme", .folder,
        help:
            "Also write a colour scheme for each frame (wallgen scheme's files, dark for the night's frames) into FOLDER/HHMM-moment/, with FOLDER/frames.json saying when each begins, so a terminal can follow the day."
    )

    static let options: [any OptionListItem] =
        [
            season, term, from, SkyOptions.place, date, TermOptions.zone, OneCanvasOptions(), RenderOptions(), label,
            folder, scheme, PreviewOptions(),
        ]
        + CommonOptions.everywhereItems

    static let commandName: String? = "dynamic"
    static let drawsText = true
    static let declaration = CommandDeclaration(
        name: commandName, summary: "The day of a scene, timed by the Sun of a place.",
        overview:
            "Paint a season's scene (or a term's card) at each moment of one day's Sun at a place: midnight, astronomical, nautical and civil dawn, sunrise, morning, the Sun's highest, afternoon, golden hour (the Sun 6° up), sunset and the three dusks (a moment the Sun does not make that day is left out), and write them as the desktop reads them. -o NAME.heic: Apple's dynamic HEIC, each frame marked with its Sun's altitude and azimuth and its time of day, the night frames for the dark appearance (macOS: System Settings, Wallpaper, Add Photo). -o NAME.avif: KDE's dynamic AVIF, an image sequence whose frames the plasma-wallpapers-dynamic plugin times by the Sun. -o FOLDER: the frames and <scene>-dynamic.xml, a GNOME timed background that shows each frame from the second its moment comes, in the place's zone, every day (`gsettings set org.gnome.desktop.background picture-uri file://FOLDER/<scene>-dynamic.xml`). The canvas defaults to 1920x1080. See docs/SKY.md.",
        usage: [
            "(--season <season> | --term <name>) [--place <place>] [--date <yyyy-mm-dd>] [--size <WxH>] -o <folder>|<name.heic>|<name.avif>"
        ],
        options: options)

    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> DynamicRequest
    {
        try CommonOptions.rejectExtra(parsed.positionals)
        guard let path = parsed[folder] else {
            throw CommandFailure("'dynamic' needs -o FOLDER, -o NAME.heic or -o NAME.avif: where the day goes")
        }
        guard path != "-" else {
            throw CommandFailure("--output needs a folder, a .heic or an .avif name for 'dynamic'", option: "output")
        }
        let output = try output(path, parsed)
        let machineZone = ZoneDatabase.system().localZone()
        let zoneGiven = parsed.isGiven(TermOptions.zone) ? parsed[required: TermOptions.zone] : nil
        // The place and its zone; the day is read in that zone.
        let reading = try SkyOptions.read(
            parsed, fallbackZone: zoneGiven ?? machineZone, required: true, withInstant: false)!
        let zone = zoneGiven ?? reading.zone
        let day = parsed[date]?.day(in: zone) ?? CivilDate.on(Date(), in: zone)
        guard Sky.supportedYears.contains(day.year) else {
            throw CommandFailure(
                "--date \(day) is outside the years the sky is computed for, 1900 to 2100", option: "date")
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
        case _ where parsed.isGiven(from):
            let painting: [any OptionDeclaration] = [
                season, term, label, OneCanvasOptions.size, OneCanvasOptions.device,
            ]
            if let given = painting.first(where: { parsed.isGiven($0) }) {
                throw CommandFailure("--\(given.long) paints a scene; --from converts the frames the file has")
            }
            subject = .converted(path: parsed[required: from])
        case (_?, _?):
            throw CommandFailure("--season and --term both choose the scene; give only one", option: "season")
        case (nil, nil):
            throw CommandFailure(
                "'dynamic' needs a scene: --season winter, or --term 冬至 (or --from FILE to convert one)")
        case (let chosen?, nil):
            var spec = SeasonWallpaperSpec(season: chosen, width: canvas.width, height: canvas.height, alpha: 1)
            spec.showsLabel = parsed[required: label]
            subject = .season(spec)
        case (nil, let name?):
            guard !parsed.isGiven(label) else {
                throw CommandFailure("--label goes with --season; a card has its title", option: "label")
            }
            subject = .term(
                TermCardSpec(term: try TermCommand.term(name), width: canvas.width, height: canvas.height))
        }
        let settings = try RenderOptions.read(parsed, output: nil)
        return DynamicRequest(
            subject: subject, place: reading.place, placeNote: reading.placeNote, zone: zone, day: day, output: output,
            settings: settings, scheme: parsed[scheme], preview: try PreviewOptions.read(parsed, output: nil))
    }

    /// What the output's name asks for. A HEIC's or an AVIF's frames take `--quality`
    /// (a HEIC's 1 to 99: HEVC here is lossy) but no `--format`, which is the folder's frames'.
    static func output(_ path: String, _ parsed: ParsedArguments) throws(CommandFailure) -> DynamicRequest.Output {
        let suffix = RenderOptions.fileExtension(of: path)?.lowercased()
        guard suffix == "heic" || suffix == "avif" else { return .gnomeFolder(path) }
        let kind = suffix == "heic" ? "a .heic holds HEVC pictures" : "an .avif holds AV1 pictures"
        if parsed.isGiven(RenderOptions.format) {
            throw CommandFailure("--format is for a folder's frames; \(kind)", option: "format")
        }
        if parsed.isGiven(RenderOptions.compression) {
            throw CommandFailure("--compression is for PNG; \(kind) and takes --quality", option: "compression")
        }
        let quality = parsed[RenderOptions.quality] ?? OutputEncoding.defaultQuality
        if suffix == "heic", quality == 100 {
            throw CommandFailure(
                "--quality 100: a .heic is lossy, 1 to 99 (macOS reads no lossless HEVC)", option: "quality")
        }
        do {
            try AtomicFileWriter.checkDestination(path)
        } catch {
            throw CommandFailure("--output '\(path)': \(error)", option: "output")
        }
        return suffix == "heic" ? .appleHEIC(path, quality: quality) : .kdeAVIF(path, quality: quality)
    }

    static func run(_ request: DynamicRequest, _ output: StatusOutput) throws(CommandFailure) {
        if let note = request.placeNote { output.status(note) }
        do {
            var frames: [DayFrame]
            if case .converted(let path) = request.subject {
                frames = try converted(path, request, output)
            } else {
                frames = painted(request, try DataDirectory.locate(), output)
            }
            let schemes = request.scheme.map { _ in FrameSchemes(season: request.season) }
            if let folder = request.scheme, let schemes {
                try SchemeWriting.check(SchemeChoice(folder: folder, variants: .light))
                frames = frames.map(schemes.watching)
            }
            // What --preview shows: the file, or a folder's frame of the Sun's highest.
            let shown: String
            switch request.output {
            case .gnomeFolder(let folder):
                let written = try writeGnomeFolder(folder, frames, request, output)
                shown = (frames.firstIndex { $0.isLight }).map { written[$0] } ?? written[0]
            case .appleHEIC(let path, let quality):
                try writeAppleHEIC(path, quality: quality, frames, request, output)
                shown = path
            case .kdeAVIF(let path, let quality):
                try writeKDEAVIF(path, quality: quality, frames, request, output)
                shown = path
            }
            if let folder = request.scheme, let schemes {
                try AtomicFileWriter.prepareFolder(folder)
                let darkness = describe(frames.map(\.instant), request).map(\.isDark)
                let count = try schemes.write(
                    into: folder, frames, darkness: darkness, zone: request.zone, picture: request.output.path)
                output.status("Wrote \(count) frames' colour schemes into \(folder), and frames.json")
            }
            if request.preview { ShowCommand.preview([shown]) }
        } catch {
            throw .writing(error)
        }
    }

    /// One frame of the day being written: when it starts, the word that names it, and
    /// its picture, made only when the writer asks (so one canvas is held at a time).
    struct DayFrame {
        let instant: Date
        let label: String
        /// The picture for a light appearance (the Sun's highest) or a dark one (midnight).
        var isLight = false
        var isDark = false
        /// The file's bytes in the folder's format, for a GNOME folder.
        let encoded: () throws -> [UInt8]
        /// The pixels, for a file of several pictures.
        let picture: () throws -> Image
    }

    /// The scene painted at each moment of the day's Sun (`SunFrame`).
    static func painted(_ request: DynamicRequest, _ data: DataDirectory, _ output: StatusOutput) -> [DayFrame] {
        let moments = SunFrame.day(request.day, in: request.zone, at: request.place)
        // Each frame's sky is its own painting: said once here, not by every frame's pipeline.
        if let canvas = request.canvas {
            output.status(
                "Painting \(moments.count) frames of \(request.subject.stem) at \(canvas.width)x\(canvas.height) under the Sun of \(request.place) on \(request.day)"
            )
        }
        return moments.map { frame in
            DayFrame(
                instant: frame.instant, label: frame.moment.rawValue, isLight: frame.moment == .noon,
                isDark: frame.moment == .midnight,
                encoded: {
                    try paint(frame, request, data) { (pipeline, spec) throws(PipelineError) in
                        try pipeline.render(spec).encoded
                    } term: { (pipeline, spec) throws(PipelineError) in
                        try pipeline.render(spec).encoded
                    }
                },
                picture: {
                    try paint(frame, request, data) { (pipeline, spec) throws(PipelineError) in
                        try pipeline.renderPixels(spec)
                    } term: { (pipeline, spec) throws(PipelineError) in
                        try pipeline.renderPixels(spec)
                    }
                })
        }
    }

    /// A dynamic wallpaper's frames (Apple's or KDE's), each starting when its Sun comes
    /// nearest at the place on the day (or at its time of day), in that order.
    static func converted(_ path: String, _ request: DynamicRequest, _ output: StatusOutput) throws -> [DayFrame] {
        let file: DynamicWallpaperFile
        do {
            guard let found = try DynamicWallpaperFile.read(try FileReader.read(path), limits: request.settings.limits)
            else {
                throw DesktopError.notAPicture(
                    path: path, reason: "it is no dynamic wallpaper (no Apple or KDE timing in a HEIC or AVIF)")
            }
            file = found
        } catch let problem as DynamicWallpaperFile.Problem {
            if case .libraryUnavailable(let library) = problem {
                throw DesktopError.pictureLibraryUnavailable(path: path, library: library)
            }
            throw DesktopError.notAPicture(path: path, reason: "\(problem)")
        }
        let starts = DynamicFrameChoice.starts(file.timing, day: request.day, zone: request.zone, place: request.place)
        if let far = starts.first(where: { $0.miss > 1 }) {
            output.status(
                "\(path): the Sun does not reach frame \(far.index + 1)'s position at \(request.place) on \(request.day) (it comes within \(Int(far.miss.rounded()))°); the nearest time was taken"
            )
        }
        output.status(
            "Converting \(path), \(file.kind.rawValue) dynamic wallpaper of \(file.count) pictures, for \(request.place) on \(request.day)"
        )
        let limits = request.settings.limits
        func picture(_ index: Int) throws -> Image {
            do {
                return try file.frame(index, limits: limits)
            } catch {
                throw DesktopError.notAPicture(path: path, reason: "frame \(index + 1): \(error)")
            }
        }
        return starts.map { start in
            DayFrame(
                instant: start.instant, label: "frame\(start.index + 1)", isLight: start.index == file.timing.light,
                isDark: start.index == file.timing.dark,
                encoded: {
                    let image = try picture(start.index)
                    return try encoding { () throws(ImageEncodingError) in try request.settings.encoding.encode(image) }
                },
                picture: { try picture(start.index) })
        }
    }

    /// The scene's spec under `frame`'s sky, drawn by `draw` (a season's pipeline or a term's).
    static func paint<Result>(
        _ frame: SunFrame, _ request: DynamicRequest, _ data: DataDirectory,
        season: (DesignPipeline<SeasonWallpaper>, SeasonWallpaperSpec) throws(PipelineError) -> Result,
        term: (DesignPipeline<TermCard>, TermCardSpec) throws(PipelineError) -> Result
    ) throws(PipelineError) -> Result {
        let light = SkyOptions.Reading(place: request.place, instant: frame.instant, zone: request.zone).light
        switch request.subject {
        case .season(var spec):
            spec.light = light
            return try season(request.settings.pipeline(data), spec)
        case .term(var spec):
            spec.light = light
            return try term(request.settings.pipeline(data), spec)
        case .converted:
            preconditionFailure("a converted frame is not painted")
        }
    }

    /// The frames as files in `folder`, and GNOME's timed background over them; the frames'
    /// paths, in order.
    static func writeGnomeFolder(
        _ folder: String, _ frames: [DayFrame], _ request: DynamicRequest, _ output: StatusOutput
    ) throws -> [String] {
        try AtomicFileWriter.prepareFolder(folder)
        let outputs = try OutputFolder(opening: folder)
        // GNOME reads the XML's paths as they are written: whole ones.
        let absolute = PathQueries.resolved(folder) ?? folder
        let fileExtension = request.settings.encoding.format.fileExtension
        let names = frames.map {
            "\(request.subject.stem)-\(clock($0.instant, request.zone))-\($0.label).\(fileExtension)"
        }
        let xmlName = "\(request.subject.stem)-dynamic.xml"
        try outputs.checkWritable(names + [xmlName])
        var slides: [Slide] = []
        for (frame, name) in zip(frames, names) {
            try outputs.write(try frame.encoded(), to: name)
            // The XML says nothing of the subject but in its description, given below.
            let subject: SlideSubject =
                switch request.subject {
                case .season(let spec): .season(spec.season)
                case .term(let spec): .term(spec.term)
                case .converted: .season(.winter)
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
        output.status(
            "Wrote \(folder): \(frames.count) frames of \(request.subject.stem) for \(request.place) on \(request.day), and \(xmlName)"
        )
        return names.map { folder + "/" + $0 }
    }

    /// Every frame in one HEIC, in order of time, the light frame primary (what a file
    /// manager shows), with Apple's metadata: each frame's Sun and time of day, the
    /// night frames dark.
    static func writeAppleHEIC(
        _ path: String, quality: Int, _ frames: [DayFrame], _ request: DynamicRequest, _ output: StatusOutput
    ) throws {
        let described = describe(frames.map(\.instant), request)
        let light = frames.firstIndex { $0.isLight } ?? described.firstIndex { !$0.isDark } ?? 0
        let dark = frames.firstIndex { $0.isDark } ?? described.lastIndex { $0.isDark } ?? 0
        let encoder = try encoding { () throws(ImageEncodingError) in
            try HEIFCollectionEncoder(codec: .hevc, quality: quality)
        }
        try writeCollection(
            path, frames, request, output, for: "macOS",
            add: { image, index throws(ImageEncodingError) in try encoder.add(image, primary: index == light) },
            finish: { () throws(ImageEncodingError) in
                try encoder.finish(xmp: AppleDynamicDesktop.xmp(described, light: light, dark: dark))
            })
    }

    /// KDE's dynamic AVIF: every frame in one image sequence, in order of time, the
    /// first carrying the XMP with each frame's Sun and time of day.
    static func writeKDEAVIF(
        _ path: String, quality: Int, _ frames: [DayFrame], _ request: DynamicRequest, _ output: StatusOutput
    ) throws {
        let xmp = KDEDynamicWallpaper.xmp(describe(frames.map(\.instant), request))
        let encoder = try encoding { () throws(ImageEncodingError) in try AVIFSequenceEncoder(quality: quality) }
        try writeCollection(
            path, frames, request, output, for: "KDE's dynamic wallpaper plugin",
            add: { image, index throws(ImageEncodingError) in try encoder.add(image, xmp: index == 0 ? xmp : nil) },
            finish: { () throws(ImageEncodingError) in try encoder.finish() })
    }

    /// A file of several pictures: each frame's, made one at a time and handed to `add`
    /// in order of time, then the file's bytes from `finish`, written to `path`.
    private static func writeCollection(
        _ path: String, _ frames: [DayFrame], _ request: DynamicRequest, _ output: StatusOutput,
        for desktop: String, add: (Image, Int) throws(ImageEncodingError) -> Void,
        finish: () throws(ImageEncodingError) -> [UInt8]
    ) throws {
        for (index, frame) in frames.enumerated() {
            let image = try frame.picture()
            try encoding { () throws(ImageEncodingError) in try add(image, index) }
        }
        try AtomicFileWriter.write(try encoding(finish), to: path)
        output.status(
            "Wrote \(path): \(frames.count) frames of \(request.subject.stem) for \(request.place) on \(request.day), timed by the Sun for \(desktop)"
        )
    }

    /// An encoder's step, its failure as the pipeline's.
    static func encoding<Result>(_ step: () throws(ImageEncodingError) -> Result) throws(PipelineError) -> Result {
        do { return try step() } catch { throw .encoding(error) }
    }

    /// The frames as the desktops' formats describe them: the Sun's place, the local time
    /// of day, and night or not. A frame shows until the next one starts, so it is a night
    /// picture when the Sun is below civil twilight halfway through its time: the civil
    /// dawn's frame (the Sun rising from -6° to the horizon) is not, the civil dusk's is.
    static func describe(_ instants: [Date], _ request: DynamicRequest) -> [DynamicFrame] {
        let midnight = request.day.start(in: request.zone)
        // The day's length in seconds may not be 86400 (a clock change): measure it.
        let next = CivilDate.on(midnight.addingTimeInterval(30 * 3600), in: request.zone).start(in: request.zone)
        return instants.enumerated().map { index, instant in
            let sun = Sky.sun(at: instant, from: request.place)
            let ends = index + 1 < instants.count ? instants[index + 1] : next
            let halfway = Sky.sun(at: SunFrame.midway(instant, ends), from: request.place)
            let fraction = instant.timeIntervalSince(midnight) / next.timeIntervalSince(midnight)
            return DynamicFrame(
                index: index, altitude: sun.trueAltitude, azimuth: sun.azimuth, dayFraction: min(max(fraction, 0), 1),
                isDark: halfway.trueAltitude < DynamicFrame.darkBelow)
        }
    }

    /// "0712", the frame's local time for its name.
    static func clock(_ instant: Date, _ zone: Zone) -> String {
        let reading = zone.wallClock(at: instant)
        return (reading.hour < 10 ? "0" : "") + "\(reading.hour)" + (reading.minute < 10 ? "0" : "")
            + "\(reading.minute)"
    }
}
