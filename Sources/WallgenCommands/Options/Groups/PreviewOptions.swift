/// `--preview` on the commands that make pictures: show each picture in the terminal
/// once it is written (`wallgen show`'s way), read into the request's `preview`.
struct PreviewOptions: OptionGroup {
    static let preview = Flag(
        "preview",
        help:
            "Show each picture in the terminal once it is written, in the best way the terminal has (see wallgen show); where standard output is no terminal, one line says so.",
        role: .fileOnly)

    var name: String { "preview" }
    var declarations: [any OptionDeclaration] { [Self.preview] }

    /// Whether it was asked for; refused with `-o -`, whose standard output is the picture.
    static func read(_ parsed: ParsedArguments, output: OutputTarget?) throws(CommandFailure) -> Bool {
        guard parsed.has(preview) else { return false }
        if output == .standardOutput {
            throw CommandFailure(
                "--preview needs a file to show; -o - writes the picture to standard output", option: "preview")
        }
        return true
    }
}
