internal import CImaging

/// A deflate encoder (RFC 1951) for filtered PNG rows that trades LZ77's match search
/// for speed.
///
/// After PNG filtering, a photograph's bytes are mostly small residuals and a flat
/// area's are runs of one value; almost all of what deflate gains on them comes from
/// Huffman coding the residuals and from the runs. So this encoder looks for nothing
/// else: every byte is a literal unless it repeats the byte before, and repeats become
/// matches at distance 1. One dynamic Huffman block is fitted to each band. On a dithered
/// wallpaper this wrote a smaller file than zlib level 1 with its run-length strategy
/// (2.07 against 2.20 MB) in half the time, when it was written; on wallgen's images it
/// is now about as small as zlib level 6 (the benchmark prints the presets).
public enum RunLengthDeflate {
    /// The shortest repeat written as a match. Filtered residuals are mostly small, so
    /// their literal codes are short, and a rare length code is long: 8 gave the
    /// smallest files of 3 (zlib's choice) to 20 on dithered and plain wallpapers.
    /// deflate_runs.c, which finds the runs, holds the same two numbers (its vector search
    /// is built for 8).
    public static let shortestRun = 8
    public static let longestRun = 258

    /// `data` as one dynamic block: the final one of its stream when `isFinal`,
    /// otherwise followed by an empty stored block, which ends the band on a byte
    /// boundary (as zlib's sync flush does), so bands compressed apart simply concatenate.
    /// `vectorized` looks for runs 57 positions a step in AVX2, counts the commonest bytes
    /// 32 at a time, and writes the codes with BMI2's shifts (the caller decides, from the
    /// processor, as for the Adler-32); the bytes are the same either way.
    public static func compress(_ data: UnsafeBufferPointer<UInt8>, isFinal: Bool, vectorized: Bool = false)
        -> [UInt8]
    {
        let runs = findRuns(data, vectorized: vectorized)
        var frequencies = symbolCounts(data, runs: runs, vectorized: vectorized)
        frequencies[endOfBlock] = 1

        let literalLengths = HuffmanCode.lengths(for: frequencies, limit: 15)
        // Only distance 1 is used; two one-bit codes make a complete code, which every
        // inflater accepts (a lone code is legal but some decoders reject it).
        let distanceLengths: [UInt8] = [1, 1]

        // Literals, then lengths 3...258 each with its extra bits and the distance code
        // (one zero bit) already appended: one table entry per token, the
        // bits in the low 24 bits of the entry (a token has at most 21) and their count
        // in the high 8.
        let literalCode = HuffmanCode(lengths: literalLengths)
        var tokenCodes = [UInt32](repeating: 0, count: 256 + longestRun - 2)
        for byte in 0..<256 {
            tokenCodes[byte] = UInt32(literalCode.codes[byte]) | UInt32(literalLengths[byte]) << 24
        }
        for length in 3...longestRun {
            let (symbol, extraBits, extraValue) = lengthSymbol(length)
            let codeLength = Int(literalLengths[symbol])
            let bits = UInt32(literalCode.codes[symbol]) | UInt32(extraValue) << codeLength
            tokenCodes[256 + length - 3] = bits | UInt32(codeLength + extraBits + 1) << 24
        }

        // Literals take at most 15 bits and a match at most 21 for at least four bytes.
        var writer = BitWriter(capacity: data.count * 2 + 1024)
        writer.write(isFinal ? 1 : 0, count: 1)
        writer.write(2, count: 2)  // dynamic Huffman codes
        writeCodeLengths(literalLengths, distanceLengths, to: &writer)
        // The bytes between runs are literals, several codes joined per write (see
        // deflate_codes.c).
        writer.continueWriting { next, pending, pendingCount in
            wg_deflate_write_tokens(
                data.baseAddress, data.count, runs, runs.count / 2, tokenCodes, next, &pending, &pendingCount,
                vectorized ? 1 : 0)
        }
        writer.write(UInt32(literalCode.codes[endOfBlock]), count: Int(literalLengths[endOfBlock]))
        if !isFinal {
            writer.write(0, count: 3)  // not final, stored
            writer.alignToByte()
            writer.write(0xFFFF_0000, count: 32)  // LEN 0, NLEN 0xFFFF
        }
        writer.alignToByte()
        return writer.finish()
    }

    static let endOfBlock = 256

    /// Where `data` repeats its previous byte for at least `shortestRun` (8) bytes, in
    /// order, as pairs: a run's start, then its length (up to 258); every other byte is a
    /// literal. (In C: `wg_deflate_find_runs`.)
    static func findRuns(_ data: UnsafeBufferPointer<UInt8>, vectorized: Bool) -> [UInt32] {
        // Room for the most runs there can be, left unwritten: zeroing it would cost as
        // much as a quarter of the search.
        [UInt32](unsafeUninitializedCapacity: 2 * (data.count / shortestRun + 1)) { buffer, written in
            written = 2 * wg_deflate_find_runs(data.baseAddress, data.count, buffer.baseAddress!, vectorized ? 1 : 0)
        }
    }

    /// How often each literal/length symbol occurs: the bytes outside the runs as
    /// literals, and each run as its length's symbol. (The counting is in C:
    /// `wg_deflate_token_counts`; `vectorized` counts the commonest bytes in AVX2.)
    static func symbolCounts(_ data: UnsafeBufferPointer<UInt8>, runs: [UInt32], vectorized: Bool) -> [Int] {
        var literals = [UInt32](repeating: 0, count: 256)
        var lengths = [UInt32](repeating: 0, count: longestRun + 1)
        literals.withUnsafeMutableBufferPointer { literals in
            lengths.withUnsafeMutableBufferPointer { lengths in
                wg_deflate_token_counts(
                    data.baseAddress, data.count, runs, runs.count / 2, literals.baseAddress!, lengths.baseAddress!,
                    vectorized ? 1 : 0)
            }
        }
        var frequencies = [Int](repeating: 0, count: 286)
        for byte in 0..<256 { frequencies[byte] = Int(literals[byte]) }
        for length in shortestRun...longestRun where lengths[length] > 0 {
            frequencies[lengthSymbol(length).symbol] += Int(lengths[length])
        }
        return frequencies
    }

    /// The length symbol (257...285) for a match length, with its extra bits.
    public static func lengthSymbol(_ length: Int) -> (symbol: Int, extraBits: Int, extraValue: Int) {
        if length == 258 { return (285, 0, 0) }
        if length < 11 { return (254 + length, 0, 0) }
        // From 11 on, each group of four symbols doubles the span its extra bits cover.
        let extraBits = (Int.bitWidth - (length - 3).leadingZeroBitCount) - 3
        let groupBase = (4 << extraBits) + 3
        let step = 1 << extraBits
        let symbol = 265 + 4 * (extraBits - 1) + (length - groupBase) / step
        return (symbol, extraBits, (length - groupBase) % step)
    }

    /// The block header after BTYPE: the counts, then both code-length tables, run-length
    /// coded with the code-length alphabet (16 repeats the previous length, 17 and 18 zeros).
    private static func writeCodeLengths(_ literal: [UInt8], _ distance: [UInt8], to writer: inout BitWriter) {
        var literalCount = 286
        while literalCount > 257 && literal[literalCount - 1] == 0 { literalCount -= 1 }
        let lengths = Array(literal[0..<literalCount]) + distance
        var symbols: [(symbol: Int, extra: Int)] = []
        var i = 0
        while i < lengths.count {
            let length = lengths[i]
            var run = 1
            while i + run < lengths.count && lengths[i + run] == length { run += 1 }
            if length == 0 && run >= 11 {
                let taken = min(run, 138)
                symbols.append((18, taken - 11))
                i += taken
            } else if length == 0 && run >= 3 {
                symbols.append((17, run - 3))
                i += run
            } else if length != 0 && run >= 4 {
                symbols.append((Int(length), 0))
                let taken = min(run - 1, 6)
                symbols.append((16, taken - 3))
                i += 1 + taken
            } else {
                symbols.append((Int(length), 0))
                i += 1
            }
        }
        var frequencies = [Int](repeating: 0, count: 19)
        for entry in symbols { frequencies[entry.symbol] += 1 }
        let codeLengthLengths = HuffmanCode.lengths(for: frequencies, limit: 7)
        let code = HuffmanCode(lengths: codeLengthLengths)
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var orderCount = 19
        while orderCount > 4 && codeLengthLengths[order[orderCount - 1]] == 0 { orderCount -= 1 }

        writer.write(UInt32(literalCount - 257), count: 5)
        writer.write(UInt32(distance.count - 1), count: 5)
        writer.write(UInt32(orderCount - 4), count: 4)
        for index in 0..<orderCount { writer.write(UInt32(codeLengthLengths[order[index]]), count: 3) }
        let extraBits = [16: 2, 17: 3, 18: 7]
        for entry in symbols {
            writer.write(UInt32(code.codes[entry.symbol]), count: Int(codeLengthLengths[entry.symbol]))
            if let bits = extraBits[entry.symbol] { writer.write(UInt32(entry.extra), count: bits) }
        }
    }
}
