import Almanac
import Batch
import Compositor
import Designs

/// One wallpaper or term card, checked and ready to render: what a manifest row or the
/// studio's controls ask for, read by the same declarations, groups and checks as the
/// command line, so the picture is the one the command makes alone.
///
/// The fields are a manifest row's: `command` (`wallpaper`, the default, or `term`),
/// `term` (the card's term, any name `wallgen term` takes), each option by its long name
/// (`"alpha": "0.8"`, `"vertical": true`, `"size": ["1x1"]` for a repeated option) and
/// `output` (its extension may choose the format). Each value goes straight to its
/// option's parser; nothing is made into a command line first.
public struct PictureRequest: Sendable {
    /// What is rendered.
    enum Image: Sendable {
        case wallpaper(WallpaperRequest)
        case term(TermRequest)
    }

    let image: Image

    /// Reads and checks the fields; `today` decides a wallpaper's season when none is
    /// given. With `metadata` false the picture carries no note (`--no-metadata`).
    public init(fields: [String: ManifestValue], today: CivilDate = .today(), metadata: Bool = true)
        throws(CommandFailure)
    {
        let name: String
        switch fields["command"] {
        case nil: name = PictureCommand.wallpaper.rawValue
        case .text(let text)?: name = text
        default: throw CommandFailure("'command' must be \(PictureCommand.namesInWords)")
        }
        guard let picture = PictureCommand(named: name) else {
            throw CommandFailure(
                CommandRegistry.named(name) != nil
                    ? "command '\(name)' cannot be a row: a row makes one wallpaper or one term card"
                    : "unknown command '\(name)': a row's command is \(PictureCommand.namesInWords)")
        }
        let declaration = picture.declaration
        // Every key is checked before any value is parsed, so a misspelt key is named
        // first; then the options in the order of their keys, the output, the term.
        var given: [(option: any OptionDeclaration, value: String?)] = []
        var output: String?
        var term: String?
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) where key != "command" {
            if key == "term", picture == .term {
                guard case .text(let text) = value else { throw CommandFailure("'term' must be a term's name") }
                term = text
                continue
            }
            if key == "output" {
                guard case .text(let text) = value else { throw CommandFailure("'output' must be a file name") }
                output = text
                continue
            }
            let declared = declaration.options.first { $0.long == key }
            if let reason = declared?.role.refusedInRow { throw CommandFailure("'\(key)' \(reason)") }
            guard let option = declared else {
                let keys =
                    declaration.options.filter { $0.role.refusedInRow == nil }.map(\.long) + ["output", "command"]
                let hint = closest(to: key, in: keys).map { " (did you mean '\($0)'?)" } ?? ""
                throw CommandFailure("unknown key '\(key)' for \(name)\(hint)")
            }
            given += try Self.values(option, value).map { (option, $0) }
        }
        var parsed = ParsedArguments(declared: declaration.options)
        for (option, value) in given { try parsed.record(option, value: value) }
        // The output is read too: its extension chooses the format (card.jpg).
        if let output, let option = declaration.options.first(where: { $0.long == "output" }) {
            try parsed.record(option, value: output)
        }
        if let term { parsed.positionals = [term] }
        let context = CommandContext(today: today, environment: [:])
        if picture == .wallpaper {
            var request = try WallpaperCommand.validate(parsed, context)
            try Self.checkOneCanvas(request.canvases)
            if !metadata { request.provenance = nil }
            image = .wallpaper(request)
        } else {
            var request = try TermCommand.validate(parsed, context)
            try Self.checkOneCanvas(request.canvases)
            if !metadata { request.provenance = nil }
            image = .term(request)
        }
    }

    init(_ image: Image) {
        self.image = image
    }

    /// An option's values for a field: once per list item; a flag's nil when true (and
    /// none when false).
    private static func values(_ option: any OptionDeclaration, _ value: ManifestValue) throws(CommandFailure)
        -> [String?]
    {
        guard option.valueName != nil else {
            // A spreadsheet's cell: TRUE and FALSE as Excel writes them, True, Yes, no…
            switch value {
            case .flag(let on): return on ? [nil] : []
            case .text(let text) where ["true", "yes", "1"].contains(text.lowercased()): return [nil]
            case .text(let text) where ["false", "no", "0"].contains(text.lowercased()): return []
            default: throw CommandFailure("'\(option.long)' is a flag: true or false (yes or no, 1 or 0)")
            }
        }
        switch value {
        case .text(let text): return [text]
        case .list(let items): return items
        case .flag:
            throw CommandFailure("'\(option.long)' needs a value (<\(option.valueName ?? "")>), not true or false")
        }
    }

    private static func checkOneCanvas(_ canvases: CanvasPlan) throws(CommandFailure) {
        switch canvases {
        case .sizes(let sizes) where sizes.count <= 1: return
        case .sizes: throw CommandFailure("a row makes one picture: give each size or device a row of its own")
        case .monitors, .screens:
            throw CommandFailure(
                "a row makes one picture of a given size: --device here and --span are not for batches")
        }
    }

    // MARK: What it makes

    /// `wallpaper` or `term`.
    public var command: String {
        switch image {
        case .wallpaper: PictureCommand.wallpaper.rawValue
        case .term: PictureCommand.term.rawValue
        }
    }

    /// The canvas, in pixels.
    public var width: Int { size.width }
    public var height: Int { size.height }

    private var size: CanvasSize {
        switch image {
        case .wallpaper(let request): request.size
        case .term(let request): request.size
        }
    }

    /// The file's format.
    public var format: OutputFormat { settings.encoding.format }

    var settings: RenderSettings {
        switch image {
        case .wallpaper(let request): request.settings
        case .term(let request): request.settings
        }
    }

    /// The file the command writes: `output` as given, or its default name
    /// (`wallpaper-winter.png`, `22-dongzhi.jpg`).
    public var fileName: String {
        let target =
            switch image {
            case .wallpaper(let request): request.output
            case .term(let request): request.output
            }
        if case .file(let name) = target { return name }
        return "-"
    }

    /// Said before the picture is made: a text cut to the limit.
    public var warnings: [String] {
        switch image {
        case .wallpaper(let request): request.warnings
        case .term(let request): request.warnings
        }
    }

    /// The note written into the file (nil without metadata): see `Provenance`.
    public var note: Provenance? {
        switch image {
        case .wallpaper(let request): request.provenance
        case .term(let request): request.provenance
        }
    }

    /// The arguments after `wallgen` that make the same file, byte for byte, with `-o`
    /// and the file's name added (`term dongzhi --lang en`); nil without metadata.
    public var commandArguments: [String]? {
        note?.commandArguments
    }

    /// The same picture on another canvas, as a lossless PNG without a note: a preview,
    /// pixel for pixel what the command makes with `--size WxH --no-metadata`, the
    /// rest as asked. The canvas is checked as `--size` and `--max-pixels` check it.
    public func preview(width: Int, height: Int) throws(CommandFailure) -> PictureRequest {
        let sides = 1...CanvasSize.maxSide
        guard sides.contains(width), sides.contains(height) else {
            throw CommandFailure(
                "a preview's sides must be from 1 to \(CanvasSize.maxSide) pixels, got \(width)x\(height)")
        }
        try CanvasSize(width: width, height: height).check(maxPixels: settings.limits.maxPixels)
        var settings = settings
        settings.encoding = .png(.fast)
        switch image {
        case .wallpaper(var request):
            request.spec = SeasonWallpaper.spec(request.spec, width: width, height: height)
            (request.canvases, request.settings, request.provenance) = (.sizes([]), settings, nil)
            return PictureRequest(.wallpaper(request))
        case .term(var request):
            request.spec = TermCard.spec(request.spec, width: width, height: height)
            (request.canvases, request.settings, request.provenance) = (.sizes([]), settings, nil)
            return PictureRequest(.term(request))
        }
    }
}
