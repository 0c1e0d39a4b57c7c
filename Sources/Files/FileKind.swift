/// What a file's first bytes look like, in words, for a message that must not quote
/// them: `--background /etc/shadow` run as root once put "root:*:2…" in standard error
/// and in a batch's report.
enum FileKind {
    /// "a PDF document", "text", "an ELF executable", … or "no format wallgen knows".
    static func guess(_ start: [UInt8]) -> String {
        func starts(_ signature: [UInt8]) -> Bool { start.starts(with: signature) }
        if start.isEmpty { return "an empty file" }
        if starts([0x7F, 0x45, 0x4C, 0x46]) { return "an ELF executable" }
        if starts(Array("%PDF".utf8)) { return "a PDF document" }
        if starts([0x1F, 0x8B]) { return "gzip data" }
        if starts([0x50, 0x4B, 0x03, 0x04]) { return "a ZIP archive (or an office document)" }
        if starts(Array("GIF8".utf8)) { return "a GIF picture" }
        if starts(Array("BM".utf8)) { return "a BMP picture" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "a TIFF picture" }
        if starts(Array("RIFF".utf8)) { return "a RIFF file of another kind (a sound or a video)" }
        if starts(Array("#!".utf8)) { return "a script" }
        let trimmed = start.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if trimmed.first == UInt8(ascii: "<") { return "HTML or XML" }
        if trimmed.first == UInt8(ascii: "{") || trimmed.first == UInt8(ascii: "[") { return "JSON or other text" }
        let isText = start.allSatisfy { $0 >= 0x20 || [0x09, 0x0A, 0x0D].contains($0) }
        return isText ? "text" : "no format wallgen knows"
    }
}
