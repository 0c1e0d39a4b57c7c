import Escaping

/// How a picture was made, as wallgen writes it into the file: one compact JSON object,
///
///     {"wallgen":"0.2.0","command":"term","args":["冬至","--lang","en"],"hash":"9f…"}
///
/// `command` is the command that made it (`wallpaper` or `term`); `args` its arguments in
/// canonical form; `hash` the SHA-256, in hex, of the command and each argument, each
/// followed by a NUL byte. The command layer fills it in (see its `Provenance` extension);
/// it travels typed to the encoder, which writes `json` where the format's declaration
/// says (`NotePlace`); the readers (`inspect`, `batch --resume`) read the text back with
/// `init?(json:)`. What is read is data: nothing in it is run.
public struct Provenance: Equatable, Sendable {
    /// The version of wallgen that made the picture: `0.2.0`.
    public var version: String
    public var command: String
    public var arguments: [String]

    public init(version: String, command: String, arguments: [String]) {
        self.version = version
        self.command = command
        self.arguments = arguments
    }

    /// What the spec hash is taken over: the command and the arguments, each NUL-ended.
    public var hash: String {
        var bytes: [UInt8] = []
        for word in [command] + arguments { bytes += Array(word.utf8) + [0] }
        return SHA256.hexDigest(of: bytes)
    }

    /// The compact JSON written into files: the one place the note becomes text.
    public var json: String {
        "{\"wallgen\":\(JSONText.quoted(version)),\"command\":\(JSONText.quoted(command)),\"args\":["
            + arguments.map { JSONText.quoted($0) }.joined(separator: ",") + "],\"hash\":\(JSONText.quoted(hash))}"
    }

    /// The note in `text`, or nil when it is not one: not a JSON object with the four
    /// members (read by `JSONValue`, wallgen's one JSON reader), or a stored hash that does
    /// not match the spec (recomputed here). Which commands a note may name is the command
    /// line's to say (`PictureNote`).
    public init?(json text: String) {
        guard let object = (try? JSONValue.parse(Array(text.utf8)))?.object,
            let version = object["wallgen"]?.string, let command = object["command"]?.string,
            let members = object["args"]?.array,
            let hash = object["hash"]?.string
        else { return nil }
        let arguments = members.compactMap(\.string)
        guard arguments.count == members.count else { return nil }
        self.init(version: version, command: command, arguments: arguments)
        guard self.hash == hash else { return nil }
    }
}
