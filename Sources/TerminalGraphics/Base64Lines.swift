import Escaping

/// The Base64 the image protocols carry, cut into chunks of at most `size` bytes.
enum Base64Chunks {
    static func chunks(_ bytes: [UInt8], size: Int) -> [Substring] {
        let text = Base64.encode(bytes)
        var chunks: [Substring] = []
        var start = text.startIndex
        while start < text.endIndex {
            let end = text.index(start, offsetBy: size, limitedBy: text.endIndex) ?? text.endIndex
            chunks.append(text[start..<end])
            start = end
        }
        return chunks
    }
}
