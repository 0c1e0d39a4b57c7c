import Almanac
import Compositor
import Designs
import Desktop
import Escaping
import Files
import FoundationEssentials

/// A validated `wallgen kde-package` request: a season wallpaper or a term card, at
/// several sizes, light and dark, into a KDE Plasma wallpaper package.
public struct KDEPackageRequest: Equatable, Sendable {
    enum Picture: Equatable, Sendable {
        case wallpaper(WallpaperRequest)
        case card(TermRequest)
    }

    var picture: Picture
    var folder: String
    var name: String
    var sizes: [CanvasSize]
}

/// `wallgen kde-package`: the command line declares, then reuses the wallpaper's or the
/// card's own options and checks (the arguments are parsed again by that command's
/// declarations); `KDEWallpaperPackage` (Desktop) says what goes where.
enum KDEPackageCommand {
    static let output = Option(
        "output", short: "o", .folder, help: "The package's folder, made if missing (its parent must exist).")
    static let name = Option(
        "name", .text("name"), help: "The name Plasma's wallpaper settings show.",
        defaultText: "the season's or the term's name, and (wallgen)")
    static let term = Option(
        "term", .text("name"),
        help: "Package this solar term's card (a name as `wallgen term` takes) instead of a season wallpaper.")

    static let own: [any OptionDeclaration] = [output, name, term]

    /// The wallpaper's options and the card's, without their own `--output` and without
    /// `--no-metadata` (a package's pictures carry no note: Plasma shows them, nothing
    /// reads them back): what the package may be asked to hold.
    static let options: [any OptionDeclaration] = {
        var seen = Set(own.map(\.long) + [CommonOptions.noMetadata.long])
        var list = own
        for option in WallpaperCommand.declaration.options + TermCommand.declaration.options
        where seen.insert(option.long).inserted {
            list.append(option)
        }
        return list
    }()

    /// Parses `arguments` (the words of `parsed`, its own options left out) again as the
    /// wallpaper or the card (by `--term`) and checks them there, so every option means
    /// what it means in that command; what that command read counts as read here.
    static func validate(_ arguments: [String], _ parsed: ParsedArguments, today: CivilDate) throws(CommandFailure)
        -> KDEPackageRequest
    {
        try CommonOptions.rejectExtra(parsed.positionals)
        guard let folder = parsed[output] else { throw CommandFailure("'kde-package' needs -o FOLDER for the package") }
        for flag in [ApplyCommand.applyFlag, CommonOptions.version] where parsed.has(flag) {
            throw CommandFailure(
                "\(flag.flagName) does not go with kde-package; apply the package with plasma-apply-wallpaperimage FOLDER"
            )
        }
        if parsed.isGiven(ApplyCommand.desktop) {
            throw CommandFailure("--desktop does not go with kde-package", option: "desktop")
        }
        if parsed.isGiven(SchemeOptions.scheme) || parsed.has(SchemeOptions.both) {
            throw CommandFailure(
                "--scheme does not go with kde-package; make the scheme from one of its pictures with wallgen scheme",
                option: "scheme")
        }
        let picture: KDEPackageRequest.Picture
        let defaultName: String
        let settings: RenderSettings
        if let termName = parsed[term] {
            let list = own + TermCommand.declaration.options.filter { $0.long != "output" }
            let cardWords = try ArgumentParser.parse([termName] + arguments, options: list)
            let card = try TermCommand.request(cardWords)
            parsed.noteReads(of: cardWords)
            picture = .card(card)
            defaultName = "\(card.spec.term.name) \(card.spec.term.englishName) (wallgen)"
            settings = card.settings
            try checkCanvases(card.canvases)
        } else {
            let list = own + WallpaperCommand.declaration.options.filter { $0.long != "output" }
            let wallpaperWords = try ArgumentParser.parse(arguments, options: list)
            let wallpaper = try WallpaperCommand.request(wallpaperWords, today: today)
            parsed.noteReads(of: wallpaperWords)
            picture = .wallpaper(wallpaper)
            defaultName = "\(wallpaper.spec.season.displayName) (wallgen)"
            settings = wallpaper.settings
            try checkCanvases(wallpaper.canvases)
        }
        guard [.png, .jpeg].contains(settings.encoding.format) else {
            throw CommandFailure(
                "--format \(settings.encoding.format.rawValue): Plasma reads it only with an extra Qt plugin; a package holds PNG or JPEG pictures",
                option: "format")
        }
        var sizes: [CanvasSize] = []
        if case .sizes(let canvases) = picture.canvases,
            parsed.isGiven(CanvasOptions.sizes) || parsed.isGiven(CanvasOptions.devices)
        {
            sizes = canvases.map(\.size)
        } else {
            sizes = KDEWallpaperPackage.presetNames.compactMap(DevicePreset.named).map(\.canvas)
        }
        return KDEPackageRequest(picture: picture, folder: folder, name: parsed[name] ?? defaultName, sizes: sizes)
    }

    private static func checkCanvases(_ canvases: CanvasPlan) throws(CommandFailure) {
        if case .monitors = canvases {
            throw CommandFailure(
                "kde-package makes the sizes Plasma picks from: give --size or --device presets, not here or --span")
        }
    }

    static func run(_ request: KDEPackageRequest, _ output: StatusOutput) throws(CommandFailure) {
        let folder = ScheduleCommand.absolutePath(request.folder)
        do {
            let pictures: [(path: String, bytes: [UInt8])]
            let license: String
            switch request.picture {
            case .wallpaper(let wallpaper):
                pictures = try render(wallpaper, request.sizes) {
                    var dark = $0
                    dark.isDark = true
                    return dark
                }
                license = wallpaper.spec.backgroundPath == nil ? "MIT" : "NOASSERTION"
            case .card(let card):
                pictures = try render(card, request.sizes) {
                    var dark = $0
                    dark.isDark = true
                    return dark
                }
                license = card.spec.backgroundPath == nil ? "MIT" : "NOASSERTION"
            }
            // The folder is the person's (a link to it is followed); what wallgen names
            // inside it is written beneath it, and a link at any of those names is refused
            // before the first file is written.
            try AtomicFileWriter.makeFolders(folder)
            let outputs = try OutputFolder(opening: folder)
            try outputs.checkWritable(pictures.map(\.path) + ["metadata.json"])
            for picture in pictures { try outputs.write(picture.bytes, to: picture.path) }
            let metadata = KDEWallpaperPackage.metadata(
                id: KDEWallpaperPackage.id(for: request.name), name: request.name,
                author: license == "MIT" ? "the wallgen authors" : "wallgen", license: license)
            try outputs.write(Array(metadata.utf8), to: "metadata.json")
            output.status(
                "Wrote a KDE wallpaper package to \(folder): \(request.sizes.count) sizes, light and dark; "
                    + "apply it with plasma-apply-wallpaperimage \(ShellQuoting.quote(folder))")
        } catch {
            throw .writing(error)
        }
    }

    /// Every size light, then dark, each from one decode of the picture, encoded before
    /// anything is written.
    private static func render<Design>(
        _ request: ImageRequest<Design>, _ sizes: [CanvasSize], dark: (Design.Spec) -> Design.Spec
    ) throws -> [(path: String, bytes: [UInt8])] {
        let pipeline: DesignPipeline<Design> = request.settings.pipeline(try DataDirectory.locate())
        let fileExtension = request.settings.encoding.format.fileExtension
        var pictures: [(path: String, bytes: [UInt8])] = []
        for (spec, isDark) in [(request.spec, false), (dark(request.spec), true)] {
            try pipeline.render(spec, canvases: sizes.map { ($0.width, $0.height) }) { index, rendered in
                let size = sizes[index]
                pictures.append(
                    (
                        KDEWallpaperPackage.imagePath(
                            width: size.width, height: size.height, dark: isDark, fileExtension: fileExtension),
                        rendered.encoded
                    ))
            }
        }
        return pictures
    }
}

extension KDEPackageRequest.Picture {
    var canvases: CanvasPlan {
        switch self {
        case .wallpaper(let request): request.canvases
        case .card(let request): request.canvases
        }
    }
}

/// `wallgen kde-package` as one of wallgen's commands (see `CommandRegistry`).
extension KDEPackageCommand: WallgenCommand {
    static let commandName: String? = "kde-package"
    static let drawsText = true
    static let declaration = CommandDeclaration(
        name: commandName, summary: "A KDE Plasma wallpaper package of a season or a term card.",
        overview:
            "Write a KDE Plasma wallpaper package into a folder: metadata.json, and the picture in contents/images/WxH.png at each size (the common monitor and laptop presets, or those given with --size and --device), with the dark style's in contents/images_dark/. Plasma picks the size nearest each screen and the dark pictures for a dark colour scheme. Takes the wallpaper's options, or --term NAME and the card's. plasma-apply-wallpaperimage FOLDER applies it; copied into ~/.local/share/wallpapers it is listed in Plasma's wallpaper settings.",
        usage: [
            "-o <folder> [--name <name>] [--term <name>] [--size <WxH>]... [--device <name>]... [<the picture's options>]"
        ],
        options: options,
        sections: [
            .init(
                title: "EXAMPLES",
                body: """
                    wallgen kde-package -o ~/.local/share/wallpapers/winter --season winter
                    wallgen kde-package -o dongzhi --term 冬至 --lang en
                    plasma-apply-wallpaperimage ~/.local/share/wallpapers/winter
                    """)
        ])

    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandFailure)
        -> KDEPackageRequest
    {
        let words = parsed.canonicalArguments(order: declaration.options, excluding: Set(own.map(\.long)))
        return try validate(words, parsed, today: context.today)
    }
}
