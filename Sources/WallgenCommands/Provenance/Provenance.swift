import Batch
import Desktop
import Escaping
import FoundationEssentials

/// How a picture was made, as wallgen writes it into the file (a PNG `iTXt` chunk with
/// the keyword `wallgen`): one compact JSON object,
///
///     {"wallgen":"0.2.0","command":"term","args":["冬至","--lang","en"],"hash":"9f…"}
///
/// `command` is `wallpaper` or `term`; `args` the command's arguments in canonical form
/// (`ParsedArguments.canonicalArguments`) without those that only say where the file
/// goes or what is printed (`--output`, `--apply`, `--desktop`, `--verbose`, `--quiet`,
/// `--no-metadata`); `hash` the SHA-256, in hex, of the command and each argument, each
/// followed by a NUL byte. `wallgen <command> <args…>` makes the same picture again, byte
/// for byte, with the same version of wallgen.
struct Provenance: Equatable, Sendable {
    var version: String
    var command: String
    var arguments: [String]

    /// The long names never recorded: they do not change the pixels.
    static let notInSpec: Set<String> = [
        "output", "apply", "desktop", "verbose", "quiet", "help", "version", "no-metadata",
    ]

    /// The version as recorded: `0.2.0` from `wallgen 0.2.0`.
    static var currentVersion: String {
        String(WallgenCLI.version.split(separator: " ").last ?? "")
    }

    init(version: String = Provenance.currentVersion, command: String, arguments: [String]) {
        self.version = version
        self.command = command
        self.arguments = arguments
    }

    /// The provenance of a parsed command line of `declaration`.
    init(_ declaration: CommandDeclaration, _ parsed: ParsedArguments, extra: [String] = []) {
        self.init(
            command: declaration.name ?? "wallpaper",
            arguments: parsed.canonicalArguments(order: declaration.options, excluding: Self.notInSpec) + extra)
    }

    /// What the spec hash is taken over: the command and the arguments, each NUL-ended.
    var hash: String {
        var bytes: [UInt8] = []
        for word in [command] + arguments { bytes += Array(word.utf8) + [0] }
        return SHA256.hexDigest(of: bytes)
    }

    /// The note of one of several sizes made in one run: the sizes asked for (`--size`,
    /// `--device`, `--landscape`) replaced by this picture's own `--size`, in canonical
    /// form, so its hash is that of the same picture asked for alone.
    func resized(to size: CanvasSize) -> Provenance? {
        let declaration = command == "term" ? TermCommand.declaration : WallpaperCommand.declaration
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
                order: declaration.options, excluding: Self.notInSpec))
    }

    /// The arguments that make the picture again: `term 冬至 --lang en` (the wallpaper
    /// command has no name of its own).
    var commandArguments: [String] {
        (command == "wallpaper" ? [] : [command]) + arguments
    }

    /// The compact JSON written into files.
    var json: String {
        "{\"wallgen\":\(JSONText.quoted(version)),\"command\":\(JSONText.quoted(command)),\"args\":["
            + arguments.map { JSONText.quoted($0) }.joined(separator: ",") + "],\"hash\":\(JSONText.quoted(hash))}"
    }

    /// Reads the JSON back; nil when it is not a wallgen provenance. The hash is
    /// recomputed from the spec: a stored hash that does not match is refused.
    static func parse(_ text: String) -> Provenance? {
        guard let object = (try? JSONValue.parse(Array(text.utf8)))?.object,
            let version = object["wallgen"]?.string, let command = object["command"]?.string,
            ["wallpaper", "term"].contains(command), let arguments = object["args"]?.array?.compactMap(\.string),
            arguments.count == object["args"]?.array?.count, let hash = object["hash"]?.string
        else { return nil }
        let provenance = Provenance(version: version, command: command, arguments: arguments)
        return provenance.hash == hash ? provenance : nil
    }
}
