import Almanac
import Batch
import Compositor
import Designs
import Escaping
import FoundationEssentials
import Schemes
import Studio
import Synchronization

/// The page's settings read as a `PictureRequest` (each value through its option's own
/// parser and the command's own validation, as a manifest row is) and rendered by a
/// `PictureMaker`: so the command the page shows, Save, and running that command are one
/// thing, and every range check and message is the command line's own.
///
/// The command line the page shows is made from the same settings, in the order the
/// command declares its options; a preview is the same request on the page's canvas,
/// `PictureRequest.preview` (PNG, no note), leaving out the canvas and format options.
final class StudioRendering: Sendable {
    /// The maker keeps a pipeline per render settings (a card's fonts are opened once),
    /// and its cache of decoded pictures lets a slider's next preview skip the decode.
    /// Nil with the reason when wallgen's pictures and fonts cannot be found.
    private let maker: Result<PictureMaker, PipelineError>
    /// The last preview drawn and what it was drawn for. The page asks for its preview,
    /// then for that preview's colour schemes (`/api/scheme`) with the same settings: the
    /// second is answered from the first's pixels, not from a second render. An upload is
    /// stored under a new file each time, so the same settings are the same picture.
    private let lastPreview = Mutex<KeptPreview?>(nil)
    /// How many previews were rendered (not found kept): for the tests.
    let previewsRendered = Atomic<Int>(0)

    private struct KeptPreview: Sendable {
        let settings: StudioSettings
        let width: Int
        let height: Int
        let request: PictureRequest
        let rendered: RenderedImage
    }

    init() {
        maker = Result { () throws(PipelineError) in
            PictureMaker(data: try DataDirectory.locate(), pictureCache: PictureCache(capacity: 256 << 20))
        }
    }

    /// The command the page's settings name, and its declaration.
    private static func pictureCommand(_ settings: StudioSettings) throws(StudioFailure) -> PictureCommand {
        guard let command = PictureCommand(named: settings.command) else {
            throw StudioFailure(option: nil, message: "unknown command '\(settings.command)'")
        }
        return command
    }

    /// The term the page's settings name, for a card.
    private static func term(_ settings: StudioSettings) throws(StudioFailure) -> SolarTerm {
        guard let term = settings.term.flatMap(SolarTerm.find) else {
            throw StudioFailure(option: nil, message: "unknown term '\(settings.term ?? "")'")
        }
        return term
    }

    // MARK: settings to a command line

    /// The words after `wallgen` for these settings: `term NAME` for a card, then each
    /// option the page set, in the order the command declares them. The settings passed the
    /// studio's allow-list (`StudioControls.allowList`): no option the page has no control
    /// for (`--output`, `--apply`, `--font`…) reaches here.
    static func arguments(
        _ settings: StudioSettings, preview: (width: Int, height: Int)? = nil, leaving left: Set<String> = []
    ) throws(StudioFailure) -> [String] {
        let command = try pictureCommand(settings)
        let declaration = command.declaration
        var words = command.words
        if command == .term { words.append(try term(settings).slug) }
        var seen = Set<String>()
        for option in declaration.options where !seen.contains(option.long) {
            seen.insert(option.long)
            // A preview is drawn at the page's size, as PNG.
            if preview != nil, option.role.isCanvasOrFormat { continue }
            if left.contains(option.long) { continue }
            switch settings.options[option.long] {
            case .flag(true)?: words.append(option.flagName)
            case .text(let value)? where !value.isEmpty:
                // A value starting with `-` is joined to its flag, so it is never read as an option.
                words += value.hasPrefix("-") ? ["\(option.flagName)=\(value)"] : [option.flagName, value]
            default: break
            }
        }
        if let preview { words += ["--size", "\(preview.width)x\(preview.height)", "--no-metadata"] }
        return words
    }

    /// The settings as a picture's fields (`command`, `term`, each option set by its long
    /// name), read and checked by the command's own declarations. A preview leaves out the
    /// canvas and the format: it is drawn at the page's size, as PNG.
    static func request(_ settings: StudioSettings, preview: (width: Int, height: Int)? = nil) throws(StudioFailure)
        -> PictureRequest
    {
        let command = try pictureCommand(settings)
        var fields: [String: ManifestValue] = ["command": .text(command.rawValue)]
        if command == .term { fields["term"] = .text(try term(settings).slug) }
        let leftOut = Set(command.declaration.options.filter(\.role.isCanvasOrFormat).map(\.long))
        for (name, value) in settings.options {
            if preview != nil, leftOut.contains(name) { continue }
            switch value {
            case .flag(true): fields[name] = .flag(true)
            case .text(let text) where !text.isEmpty: fields[name] = .text(text)
            default: break
            }
        }
        do {
            let request = try PictureRequest(fields: fields, today: CivilDate.today(), metadata: preview == nil)
            guard let preview else { return request }
            return try request.preview(width: preview.width, height: preview.height)
        } catch {
            throw StudioFailure(option: control(for: error, of: settings), message: error.message)
        }
    }

    /// `wallgen …` as a person pastes it into a shell.
    static func commandLine(_ words: [String]) -> String {
        ShellQuoting.line(["wallgen"] + words)
    }

    /// The page's control an error stands beside: the option the error is in
    /// (`CommandFailure.option`), when the page has it; none, and the error stands above the
    /// controls, otherwise.
    static func control(for error: CommandFailure, of settings: StudioSettings) -> String? {
        error.option.flatMap { StudioControls.options(of: settings.command).contains($0) ? $0 : nil }
    }

    // MARK: describing

    func describe(_ settings: StudioSettings) -> StudioDescription {
        var description = StudioDescription(command: "wallgen")
        do {
            let words = try Self.arguments(settings)
            description.command = Self.commandLine(words)
            if case .text(let text)? = settings.options["text"], !text.isEmpty {
                // The label as it is drawn: past the limit it is cut at its last whole word,
                // and its size step is the drawn text's, not the typed one's.
                let limit = LabelOptions.maxCharacters.defaultValue ?? LabelText.defaultMaxCharacters
                let drawn = LabelText.limited(text, maxCharacters: limit).text
                description.textCount = text.count
                description.textShown = drawn
                description.textStep = "\(LabelText.Step(characterCount: drawn.count))"
            }
            let request = try Self.request(settings)
            description.fileName = request.fileName == "-" ? nil : request.fileName
            description.warnings = request.warnings
            if case .wallpaper(let wallpaper) = request.image { description.season = wallpaper.spec.season.rawValue }
            let schedule = StudioDesktop.scheduleArguments(settings)
            description.scheduleCommand = Self.commandLine(schedule.words)
            description.scheduleDrops = schedule.drops
            description.applyCommand = Self.commandLine(try StudioDesktop.applyArguments(settings))
        } catch {
            description.errors = [error]
        }
        return description
    }

    // MARK: rendering

    /// The settings rendered: at `preview`'s size as PNG, or whole, as the command writes it.
    func render(_ settings: StudioSettings, preview: (width: Int, height: Int)? = nil) throws(StudioFailure)
        -> StudioPicture
    {
        let (request, rendered) = try drawn(settings, preview: preview)
        let name = request.fileName == "-" ? "\(request.command).\(request.format.rawValue)" : request.fileName
        return StudioPicture(bytes: rendered.encoded, fileName: name, mediaType: rendered.format.mediaType)
    }

    /// The settings' request and its picture, rendered (its pixels kept).
    private func drawn(_ settings: StudioSettings, preview: (width: Int, height: Int)?) throws(StudioFailure) -> (
        request: PictureRequest, rendered: RenderedImage
    ) {
        if settings.options["background"] != nil, settings.backgroundFile == nil {
            throw StudioFailure(option: "background", message: "--background: the picture was not uploaded")
        }
        if let preview,
            let kept = lastPreview.withLock({ kept in
                kept.flatMap { $0.settings == settings && ($0.width, $0.height) == preview ? $0 : nil }
            })
        {
            return (kept.request, kept.rendered)
        }
        let request = try Self.uploaded(Self.request(settings, preview: preview), settings)
        let rendered: RenderedImage
        do {
            rendered = try maker.get().render(request)
        } catch {
            throw Self.failure(error, settings)
        }
        if let preview {
            previewsRendered.add(1, ordering: .relaxed)
            let kept = KeptPreview(
                settings: settings, width: preview.width, height: preview.height, request: request, rendered: rendered)
            lastPreview.withLock { $0 = kept }
        }
        return (request, rendered)
    }

    // MARK: colour schemes

    /// The source of the settings' scheme, from the picture's pixels as rendered (at
    /// `preview`'s size, or whole), its roles the season's; and the request it was made for.
    private func schemeSource(_ settings: StudioSettings, preview: (width: Int, height: Int)? = nil)
        throws(StudioFailure) -> (source: SchemeSource, request: PictureRequest)
    {
        let (request, rendered) = try drawn(settings, preview: preview)
        let season: Season =
            switch request.image {
            case .wallpaper(let wallpaper): wallpaper.spec.season
            case .term(let card): card.spec.term.season
            }
        return (SchemeWriting.source(of: rendered.image, season: season), request)
    }

    /// Both schemes as the page's swatches read them.
    func schemeJSON(_ settings: StudioSettings, preview: (width: Int, height: Int)) throws(StudioFailure) -> [UInt8] {
        let source = try schemeSource(settings, preview: preview).source
        func variant(_ dark: Bool) -> String {
            let scheme = TerminalScheme(source, dark: dark)
            let colours = scheme.colours.map { JSONText.quoted($0.hex) }.joined(separator: ",")
            return
                "{\"background\":\(JSONText.quoted(scheme.background.hex)),\"foreground\":\(JSONText.quoted(scheme.foreground.hex)),\"cursor\":\(JSONText.quoted(scheme.cursor.hex)),\"colors\":[\(colours)]}"
        }
        let json =
            "{\"seed\":\(JSONText.quoted(source.seed.hex)),\"light\":\(variant(false)),\"dark\":\(variant(true))}"
        return Array(json.utf8)
    }

    /// The whole picture's scheme, both variants (`light/`, `dark/`), as a tar named after
    /// the picture's file: what `--scheme DIR --scheme-both` writes into DIR.
    func schemeArchive(_ settings: StudioSettings) throws(StudioFailure) -> StudioPicture {
        let (source, request) = try schemeSource(settings)
        let name = request.fileName
        let stem = name == "-" ? settings.command : String(name.split(separator: ".").first ?? "wallgen")
        let material = MaterialScheme(seed: source.seed)
        let files = [("light/", false), ("dark/", true)].flatMap { folder, dark in
            SchemeFiles.files(TerminalScheme(source, dark: dark), material: material, picture: name)
                .map { (name: folder + $0.name, text: $0.text) }
        }
        let now = Int(Date().timeIntervalSince1970)
        return StudioPicture(
            bytes: SchemeArchive.tar(files, modified: now), fileName: stem + "-scheme.tar",
            mediaType: "application/x-tar")
    }

    /// The request with the picture read from where the upload lies, not the name the
    /// person gave it (which the command line and the note keep).
    private static func uploaded(_ request: PictureRequest, _ settings: StudioSettings) -> PictureRequest {
        guard let file = settings.backgroundFile else { return request }
        switch request.image {
        case .wallpaper(var wallpaper):
            wallpaper.spec.backgroundPath = file
            return PictureRequest(.wallpaper(wallpaper))
        case .term(var term):
            term.spec.backgroundPath = file
            return PictureRequest(.term(term))
        }
    }

    /// A pipeline error in the command line's words, the uploaded file called by the name the
    /// person gave it, beside the control it concerns.
    static func failure(_ error: PipelineError, _ settings: StudioSettings) -> StudioFailure {
        let failure = CommandFailure(error)
        var message = failure.message
        if let file = settings.backgroundFile, case .text(let name)? = settings.options["background"] {
            message = message.replacing(file, with: name)
        }
        return StudioFailure(option: failure.option, message: message)
    }
}

extension OutputTarget {
    /// The file's name, nil for standard output.
    var fileName: String? {
        if case .file(let path) = self { return path }
        return nil
    }
}

extension OutputFormat {
    /// The media type a browser is told: each format's name is its IANA subtype
    /// (image/png, image/jpeg, image/webp).
    var mediaType: String { "image/" + rawValue }
}
