import Compositor

/// The command layer's side of the note of how a picture was made (the type and its
/// JSON live with the encoders, in Compositor): what a command records, and how.
///
/// `command` is `wallpaper` or `term`; `args` the command's arguments in canonical form
/// (`ParsedArguments.canonicalArguments`) without those that only say where the file
/// goes or what is printed (`--output`, `--apply`, `--desktop`, `--verbose`, `--quiet`,
/// `--no-metadata`). `wallgen <command> <args…>` makes the same picture again, byte for
/// byte, with the same version of wallgen.
extension Provenance {
    /// The long names `declaration` never records: they do not change the pixels (each
    /// option says so in its `OptionRole`).
    static func unrecorded(in declaration: CommandDeclaration) -> Set<String> {
        declaration.options.unrecordedNames
    }

    /// The version as recorded: `0.2.0` from `wallgen 0.2.0`.
    static var currentVersion: String {
        String(WallgenCLI.version.split(separator: " ").last ?? "")
    }

    /// A note made by this version of wallgen.
    init(command: String, arguments: [String]) {
        self.init(version: Provenance.currentVersion, command: command, arguments: arguments)
    }

    /// The provenance of a parsed command line of `declaration`.
    init(_ declaration: CommandDeclaration, _ parsed: ParsedArguments, extra: [String] = []) {
        self.init(
            command: declaration.name ?? PictureCommand.wallpaper.rawValue,
            arguments: parsed.canonicalArguments(
                order: declaration.options, excluding: Self.unrecorded(in: declaration))
                + extra)
    }

    /// The note of one of several sizes made in one run: the sizes asked for (`--size`,
    /// `--device`, `--landscape`) replaced by this picture's own `--size`, in canonical
    /// form, so its hash is that of the same picture asked for alone.
    func resized(to size: CanvasSize) -> Provenance? {
        guard let declaration = PictureCommand(named: command)?.declaration else { return nil }
        var kept: [String] = []
        var skipsValue = false
        for word in arguments {
            if skipsValue {
                skipsValue = false
                continue
            }
            if word == "--" {
                kept.append(contentsOf: arguments[arguments.firstIndex(of: "--")!...])
                break
            }
            if word == "--size" || word == "--device" {
                skipsValue = true
                continue
            }
            if word == "--landscape" || word.hasPrefix("--size=") || word.hasPrefix("--device=") { continue }
            kept.append(word)
        }
        guard
            let parsed = try? ArgumentParser.parse(
                ["--size", "\(size.width)x\(size.height)"] + kept, options: declaration.options)
        else { return nil }
        return Provenance(
            version: version, command: command,
            arguments: parsed.canonicalArguments(
                order: declaration.options, excluding: Self.unrecorded(in: declaration)))
    }

    /// The arguments that make the picture again: `term 冬至 --lang en` (the wallpaper
    /// command has no name of its own).
    var commandArguments: [String] {
        (PictureCommand(named: command)?.words ?? [command]) + arguments
    }
}
