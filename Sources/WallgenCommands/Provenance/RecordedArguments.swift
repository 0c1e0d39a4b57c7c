import Compositor

extension Provenance {
    /// A format chosen by the output's extension (`-o card.jpg`) is recorded as `--format`,
    /// since the output is not recorded: so the note says what the file is, its hash tells
    /// a JPEG from a PNG of the same spec, and the command `inspect` prints makes the same
    /// format again.
    static func formatWords(_ parsed: ParsedArguments, _ settings: RenderSettings) -> [String] {
        let format = settings.encoding.format
        return format == .png || parsed.isGiven(CommonOptions.format) ? [] : ["--format", format.rawValue]
    }

    /// The arguments as recorded: those given, with `words` the note adds (parsed again
    /// only when there are any).
    static func recorded(
        _ arguments: [String], _ parsed: ParsedArguments, adding words: [String], _ declaration: CommandDeclaration
    ) throws(UsageError) -> ParsedArguments {
        guard !words.isEmpty else { return parsed }
        // In front: after a `--` every word is a positional.
        return try ArgumentParser.parse(words + arguments, options: declaration.options)
    }
}
