import Almanac
import Compositor
import FoundationEssentials
import Schemes

/// A validated `wallgen scheme`.
public struct SchemeRequest: Equatable, Sendable {
    var picture: String
    var folder: String
    /// nil: the picture's own (its note's --dark, else whether it looks dark).
    var variants: SchemeChoice.Variants?
}

/// `wallgen scheme PICTURE -o DIR`: a picture's colour scheme, in the files terminals,
/// X, GTK, pywal and Material read. From a picture wallgen made its roles are its design's
/// own colours (the note says which); from any other, its main colours.
enum SchemeCommand {
    static let output = Option(
        "output", short: "o", .folder, help: "The folder for the scheme's files (made if missing).")
    static let dark = Flag("dark", help: "The dark scheme (dark background, light text).")
    static let light = Flag("light", help: "The light scheme (light background, dark text).")
    static let both = Flag("both", help: "Both schemes, into light/ and dark/ of the folder.")
    static let options: [any OptionDeclaration] = [output, dark, light, both] + CommonOptions.everywhere

    static func validate(_ parsed: ParsedArguments) throws(CommandFailure) -> SchemeRequest {
        guard let picture = parsed.positionals.first else { throw CommandFailure("'scheme' needs a picture") }
        try CommonOptions.rejectExtra(Array(parsed.positionals.dropFirst()))
        guard let folder = parsed[output] else { throw CommandFailure("'scheme' needs -o <folder> for its files") }
        let chosen = [(dark, SchemeChoice.Variants.dark), (light, .light), (both, .both)].filter { parsed.has($0.0) }
        guard chosen.count <= 1 else {
            throw CommandFailure(
                "give one of --dark, --light and --both, not \(chosen.map { "--" + $0.0.long }.joined(separator: " and "))"
            )
        }
        return SchemeRequest(picture: picture, folder: folder, variants: chosen.first?.1)
    }

    static func run(_ request: SchemeRequest, _ output: StatusOutput) throws(CommandFailure) {
        let picture = try PictureInput.decoded(request.picture)
        let written = try SchemeWriting.writeOwn(
            request.picture, picture, into: request.folder, variants: request.variants, scope: "output")
        output.status(
            "Wrote \(written.folders.joined(separator: " and ")): the \(written.variants == .both ? "light and dark schemes" : "\(written.variants) scheme") of \(request.picture)"
                + (written.season.map { " from \($0.rawValue)'s own colours" } ?? " from its colours")
                + ", seed \(written.seed.hex)")
    }

    /// The season and darkness of a picture wallgen made, from its note; nil for any
    /// other picture. The note is data: only a wallpaper's or a card's request, parsed by
    /// the command's own parser, is read, and only for its season and --dark.
    static func design(of path: String) -> (season: Season, isDark: Bool)? {
        guard let note = try? PictureNote.read(path),
            let invocation = try? Invocation.parse(
                note.commandArguments, today: CivilDate.today(), environment: [:])
        else { return nil }
        switch PictureCommand(named: note.command) {
        case .wallpaper?:
            guard let request = invocation.request(of: WallpaperCommand.self) else { return nil }
            return (request.spec.season, request.spec.isDark)
        case .term?:
            guard let request = invocation.request(of: TermCommand.self) else { return nil }
            return (request.spec.term.season, request.spec.isDark)
        case nil: return nil
        }
    }
}

/// `wallgen scheme` as one of wallgen's commands (see `CommandRegistry`).
extension SchemeCommand: WallgenCommand {
    static let commandName: String? = "scheme"
    static let declaration = CommandDeclaration(
        name: commandName, summary: "A picture's colour scheme for terminals and desktops.",
        overview:
            "Write a picture's colour scheme as the programs read it: pywal's colors.json (wal --theme), colors.Xresources (xrdb -merge), kitty.conf, alacritty.toml and foot.ini (each to include), gtk.css (@define-color), colors.sh, and material.json (Material 3's light and dark roles from the seed, as material-color-utilities' tonal spot makes them). For a picture wallgen made the roles are its design's own colours, found from its note: the season's ink is the seed and the light scheme's text, the dark variant's base the dark background, the accent the dark text. For any other picture they come from its main colours, found by k-means in Oklab. Every scheme keeps its rules: text at least 7:1 on the background, the other colours at least 3:1, each bright colour lighter than its pair, the six hues in ANSI's order, leaning toward the picture's. Nothing is applied: see wallgen apply --scheme.",
        usage: ["<picture> -o <folder> [--dark | --light | --both]"],
        arguments: [.init(name: "picture", help: "A JPEG, PNG, WebP, HEIC or AVIF.", completion: .file)],
        options: options,
        sections: [
            .init(
                title: "EXAMPLES",
                body: """
                    wallgen scheme wallpaper-winter.png -o winter-scheme
                    wal --theme winter-scheme/colors.json
                    wallgen scheme photo.jpg -o photo-scheme --both
                    wallgen --season autumn --dark -o autumn.png --scheme autumn-scheme
                    """)
        ])

    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> SchemeRequest {
        try validate(parsed)
    }
}
