import Compositor

extension Provenance {
    /// A format chosen by the output's extension (`-o card.jpg`) is recorded as `--format`,
    /// since the output is not recorded: so the note says what the file is, its hash tells
    /// a JPEG from a PNG of the same spec, and the command `inspect` prints makes the same
    /// format again.
    static func formatChosenByName(_ parsed: ParsedArguments, _ settings: RenderSettings) -> [Addition] {
        let format = settings.encoding.format
        return format == .png || parsed.isGiven(RenderOptions.format) ? [] : [(RenderOptions.format, format.rawValue)]
    }

    /// An option the note records that was not given, with its value.
    typealias Addition = (option: any OptionDeclaration, value: String)

    /// The options as recorded: those given, and `additions`, taken as if given too.
    static func recorded(_ parsed: ParsedArguments, adding additions: [Addition]) throws(CommandFailure)
        -> ParsedArguments
    {
        var recorded = parsed
        for addition in additions { try recorded.record(addition.option, value: addition.value) }
        return recorded
    }
}
