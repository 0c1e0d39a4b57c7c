import Almanac
import Compositor
import Designs

/// Options several commands share, declared once.
enum CommonOptions {
    static let help = Flag("help", short: "h", help: "Show this help.", role: notRendering)
    /// The wallpaper command's: `wallgen --version`.
    static let version = Flag("version", help: "Show the version.", role: notRendering)
    static let verbose = Flag(
        "verbose", help: "Print stage times and peak memory on standard error.", role: ofTheBatch)
    static let quiet = Flag(
        "quiet", short: "q", help: "Print nothing on success (errors and warnings still go to standard error).",
        role: ofTheBatch)
    /// What `--help` and `--version` are to a picture and a batch's row.
    private static let notRendering = OptionRole.notInARow("is not a rendering option")
    /// What `--verbose` and `--quiet` are to a batch's row.
    private static let ofTheBatch = OptionRole.notInARow("is an option of the batch, not of a row")

    /// Every command takes these.
    static let everywhere: [any OptionDeclaration] = [verbose, quiet, help]
    /// `everywhere` as items of a command's list: converted by the compiler, where adding
    /// it to an `[any OptionListItem]` as it is would be an array cast the runtime makes,
    /// looking up each option's conformance at every start.
    static let everywhereItems: [any OptionListItem] = everywhere.map { $0 }
    /// These may also stand before the command's name.
    static let leading = [verbose, quiet]

    static let darkVariant = Flag(
        "dark",
        help:
            "Make the variant for a desktop's dark style (a deeper, dimmer picture; -dark is added to default file names)."
    ).inStudio(.picture)

    static let noMetadata = Flag(
        "no-metadata",
        help:
            "Leave out the note of how the picture was made (the command, its options, wallgen's version and a hash of them, in "
            + OutputFormat.listed(OutputFormat.allCases.map(\.declaration.note.description))
            + "; see wallgen inspect).",
        role: .fileOnly)

    /// `--background`: the person's own picture in place of the bundled one.
    static func background(replacing bundled: String) -> Option<String> {
        Option(
            "background", short: "b", .file,
            help: "Your own picture (JPEG, PNG, WebP, HEIC or AVIF) instead of \(bundled).")
    }

    /// Words left over after the options are a mistake; the likeliest one is named.
    static func rejectExtra(_ positionals: [String]) throws(CommandFailure) {
        guard let extra = positionals.first else { return }
        let suggestion = closest(to: extra, in: CommandRegistry.names).map { " (did you mean '\($0)'?)" }
        throw CommandFailure("unexpected argument '\(extra)'\(suggestion ?? "")")
    }

}
