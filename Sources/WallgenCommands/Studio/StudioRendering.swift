import Almanac
import Compositor
import Designs
import Desktop
import Foundation
import Studio
import Synchronization

/// The page's settings made into the command line they stand for, and that command line
/// parsed and validated by the command's own parser (`Invocation.parse`) and rendered by its
/// pipeline: so the command the page shows, Save, and running that command are one thing,
/// and every range check and message is the command line's own.
///
/// Until the command layer has a render entry point taking typed settings, this is the one
/// place that goes through the argument list; a preview is the same list with the canvas
/// and format options replaced by `--size WxH` (PNG, no note).
final class StudioRendering: Sendable {
    /// Pipelines by render settings (a card's fonts are opened once per pipeline), and one
    /// cache of decoded pictures, so a slider's next preview skips the decode.
    private let wallpaperPipelines = PipelineShelf<SeasonWallpaper>()
    private let cardPipelines = PipelineShelf<TermCard>()
    private let pictures = PictureCache(capacity: 256 << 20)

    /// The options a preview leaves out: it is drawn at the page's size, as PNG.
    static let canvasAndFormat: Set<String> = ["size", "device", "landscape", "format", "quality", "compression"]

    // MARK: settings to a command line

    /// The words after `wallgen` for these settings: `term NAME` for a card, then each
    /// option the page set, in the order the command declares them. Options the page has no
    /// control for (`--output`, `--apply`, `--font`…) are refused, whoever sent them.
    static func arguments(_ settings: StudioSettings, preview: (width: Int, height: Int)? = nil) throws(StudioFailure)
        -> [String]
    {
        let declaration: CommandDeclaration
        var words: [String] = []
        switch settings.command {
        case "wallpaper":
            declaration = CommandCatalog.wallpaper
        case "term":
            declaration = CommandCatalog.term
            guard let term = settings.term.flatMap(SolarTerm.find) else {
                throw StudioFailure(option: nil, message: "unknown term '\(settings.term ?? "")'")
            }
            words = ["term", term.slug]
        default:
            throw StudioFailure(option: nil, message: "unknown command '\(settings.command)'")
        }
        let allowed = StudioControls.options(of: settings.command)
        for name in settings.options.keys where !allowed.contains(name) {
            throw StudioFailure(option: nil, message: "the studio does not set --\(name)")
        }
        var seen = Set<String>()
        for option in declaration.options where !seen.contains(option.long) {
            seen.insert(option.long)
            if preview != nil, canvasAndFormat.contains(option.long) { continue }
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

    /// `wallgen …` as a person pastes it into a shell.
    static func commandLine(_ words: [String]) -> String {
        ShellQuoting.line(["wallgen"] + words)
    }

    /// The command line parsed and validated, as `wallgen` itself does.
    static func parse(_ words: [String], _ settings: StudioSettings) throws(StudioFailure) -> Command {
        do {
            return try Invocation.parse(words, today: CivilDate.today()).command
        } catch {
            throw StudioFailure(option: flag(in: error.message, of: settings), message: error.message)
        }
    }

    /// The first `--name` in a message that names one of the page's options, so the error
    /// stands beside that control.
    static func flag(in message: String, of settings: StudioSettings) -> String? {
        let known = StudioControls.options(of: settings.command)
        var best: (String.Index, String)?
        for name in known {
            guard let range = message.range(of: "--" + name) else { continue }
            // `--text` is inside `--text-color`: the whole word only.
            let after = message[range.upperBound...].first
            if let after, after.isLetter || after == "-" { continue }
            if best == nil || range.lowerBound < best!.0 { best = (range.lowerBound, name) }
        }
        return best?.1
    }

    // MARK: describing

    func describe(_ settings: StudioSettings) -> StudioDescription {
        var description = StudioDescription(command: "wallgen")
        do {
            let words = try Self.arguments(settings)
            description.command = Self.commandLine(words)
            if case .text(let text)? = settings.options["text"], !text.isEmpty {
                description.textCount = text.count
                let limit = LabelOptions.maxCharacters.defaultValue ?? LabelText.defaultMaxCharacters
                description.textStep = "\(LabelText.Step(characterCount: min(text.count, limit)))"
            }
            switch try Self.parse(words, settings) {
            case .wallpaper(let request):
                description.fileName = request.output.fileName
                description.warnings = request.warnings
                description.season = request.spec.season.rawValue
            case .term(let request):
                description.fileName = request.output.fileName
                description.warnings = request.warnings
            default: break
            }
            let schedule = StudioDesktop.scheduleArguments(settings)
            description.scheduleCommand = Self.commandLine(schedule.words)
            description.scheduleDrops = schedule.drops
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
        if settings.options["background"] != nil, settings.backgroundFile == nil {
            throw StudioFailure(option: "background", message: "--background: the picture was not uploaded")
        }
        let words = try Self.arguments(settings, preview: preview)
        switch try Self.parse(words, settings) {
        case .wallpaper(var request):
            request.spec.backgroundPath = settings.backgroundFile ?? request.spec.backgroundPath
            let rendered = try render(request, settings, pipelines: wallpaperPipelines)
            return StudioPicture(
                bytes: rendered.encoded, fileName: request.output.fileName ?? "wallpaper.png",
                mediaType: rendered.format.mediaType)
        case .term(var request):
            request.spec.backgroundPath = settings.backgroundFile ?? request.spec.backgroundPath
            let rendered = try render(request, settings, pipelines: cardPipelines)
            return StudioPicture(
                bytes: rendered.encoded, fileName: request.output.fileName ?? "card.png",
                mediaType: rendered.format.mediaType)
        default:
            throw StudioFailure(option: nil, message: "the studio makes wallpapers and cards only")
        }
    }

    /// One picture, as `ImageCommand` makes a single size: the pipeline for the request's
    /// settings, the spec and its note.
    private func render<Design: PictureDesign>(
        _ request: ImageRequest<Design>, _ settings: StudioSettings, pipelines: PipelineShelf<Design>
    ) throws(StudioFailure) -> RenderedImage {
        do {
            let pipeline = try pipelines.pipeline(for: request.settings, pictures: pictures)
            return try pipeline.render(request.spec, provenance: request.provenance)
        } catch {
            throw Self.failure(error, settings)
        }
    }

    /// A pipeline error in the command line's words, the uploaded file called by the name the
    /// person gave it, beside the control it concerns.
    static func failure(_ error: PipelineError, _ settings: StudioSettings) -> StudioFailure {
        var message = ErrorReport.message(for: error)
        if let file = settings.backgroundFile, case .text(let name)? = settings.options["background"] {
            message = message.replacingOccurrences(of: file, with: name)
        }
        let option: String? =
            switch error {
            case .background: "background"
            case .font: "font"
            case .text: "text"
            default: nil
            }
        return StudioFailure(option: option, message: message)
    }
}

/// The pipelines of one design, by render settings: the last few kept.
private final class PipelineShelf<Design: PictureDesign>: Sendable {
    private let shelf = Mutex<[(RenderSettings, DesignPipeline<Design>)]>([])

    func pipeline(for settings: RenderSettings, pictures: PictureCache) throws(PipelineError)
        -> DesignPipeline<Design>
    {
        if let made = shelf.withLock({ $0.first { $0.0 == settings }?.1 }) { return made }
        var made: DesignPipeline<Design> = try settings.pipeline(try DataDirectory.locate())
        made.pictureCache = pictures
        shelf.withLock { list in
            list.append((settings, made))
            if list.count > 4 { list.removeFirst() }
        }
        return made
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
