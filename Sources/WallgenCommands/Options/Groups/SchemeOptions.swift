import Almanac

/// `--scheme DIR` and `--scheme-both` on the commands that make pictures: the picture's
/// colour scheme written beside it (`wallgen scheme`'s files), read into `SchemeChoice`.
struct SchemeOptions: OptionGroup {
    static let scheme = Option(
        "scheme", .folder,
        help:
            "Also write the picture's colour scheme into this folder (made if missing): pywal's colors.json, Xresources, kitty, alacritty, foot, GTK, shell and Material 3 files, built from the design's own colours (see wallgen scheme). Light, or dark with --dark."
    ).role(writesNoScheme)
    static let both = Flag(
        "scheme-both", help: "Write the light and the dark scheme, into light/ and dark/ of the scheme's folder.",
        role: writesNoScheme)
    private static let writesNoScheme = OptionRole.notInARow(
        "a batch writes no scheme (make one from a picture afterwards with wallgen scheme)")

    var name: String { "scheme" }
    var declarations: [any OptionDeclaration] { [Self.scheme, Self.both] }

    /// The folder and the variants, or nil when no scheme was asked for; refused with
    /// `-o -`, where there is no picture on disk to name and read.
    static func read(_ parsed: ParsedArguments, output: OutputTarget?, season: Season, isDark: Bool)
        throws(CommandFailure) -> SchemeChoice?
    {
        guard let folder = parsed[scheme] else {
            if parsed.has(both) { throw CommandFailure("--scheme-both needs --scheme <folder>", option: "scheme-both") }
            return nil
        }
        if output == .standardOutput {
            throw CommandFailure(
                "--scheme needs the picture in a file; -o - writes it to standard output", option: "scheme")
        }
        return SchemeChoice(
            folder: folder, variants: parsed.has(both) ? .both : (isDark ? .dark : .light), season: season)
    }
}

/// Where a scheme goes and which of its variants.
struct SchemeChoice: Equatable, Sendable {
    enum Variants: Equatable, Sendable {
        case light, dark, both
        /// One variant in a folder of this name beneath the scheme's (a dynamic wallpaper's frame).
        case named(String, dark: Bool)
    }

    var folder: String
    var variants: Variants
    /// The season whose theme gives the roles, for a picture wallgen makes.
    var season: Season? = nil
}
