/// The studio's Save scheme: a scheme's files as one POSIX tar archive (ustar), the one
/// download a browser takes without asking, and what every unpacker reads.
enum SchemeArchive {
    static let blockSize = 512

    /// `files` (relative names, at most 100 bytes each) with mode 0644 at `modified`
    /// (seconds since 1970).
    static func tar(_ files: [(name: String, text: String)], modified: Int) -> [UInt8] {
        var archive: [UInt8] = []
        for file in files {
            let content = Array(file.text.utf8)
            archive += header(name: file.name, size: content.count, modified: modified)
            archive += content
            archive += [UInt8](repeating: 0, count: (blockSize - content.count % blockSize) % blockSize)
        }
        // The end: two empty blocks.
        return archive + [UInt8](repeating: 0, count: 2 * blockSize)
    }

    private static func header(name: String, size: Int, modified: Int) -> [UInt8] {
        var block = [UInt8](repeating: 0, count: blockSize)
        func put(_ text: String, at offset: Int) {
            for (index, byte) in text.utf8.enumerated() { block[offset + index] = byte }
        }
        /// A number in octal, zero-padded to `width - 1` digits and ended by a NUL.
        func octal(_ value: Int, width: Int) -> String {
            let digits = String(value, radix: 8)
            return String(repeating: "0", count: max(0, width - 1 - digits.count)) + digits
        }
        put(name, at: 0)
        put(octal(0o644, width: 8), at: 100)
        put(octal(0, width: 8), at: 108)
        put(octal(0, width: 8), at: 116)
        put(octal(size, width: 12), at: 124)
        put(octal(modified, width: 12), at: 136)
        put("0", at: 156)
        put("ustar", at: 257)
        put("00", at: 263)
        // The checksum: the header's bytes summed with its own field as eight spaces.
        put("        ", at: 148)
        let sum = block.reduce(0) { $0 + Int($1) }
        put(octal(sum, width: 7), at: 148)
        block[155] = 0x20
        return block
    }
}
