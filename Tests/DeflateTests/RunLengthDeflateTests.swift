import CImaging
import CZlib
import TestSupport
import Testing

@testable import Deflate

/// wallgen's own deflate encoder, checked by inflating its output with zlib itself: the
/// bands, framed here as a zlib stream with a checksum computed here, must inflate to
/// exactly the bytes that went in, and nothing may follow the end.
@Suite struct RunLengthDeflateTests {
    static let rowWidth = 100

    /// The loops to check (`vectorized`): the portable ones, and the AVX2 and BMI2 ones
    /// where the processor has them.
    static let loops: [Bool] = wg_cpu_supports_x86_64_v3() == 1 ? [false, true] : [false]

    /// `payload` (padded with zeros to whole rows, each after a filter byte 0) through
    /// `RunLengthDeflate`, split into bands at `splits`, and back through zlib.
    func roundTrip(_ payload: [UInt8], splits: [Int] = [], vectorized: Bool = false) throws -> [UInt8] {
        let rows = max(1, (payload.count + Self.rowWidth - 1) / Self.rowWidth)
        var data: [UInt8] = []
        for row in 0..<rows {
            data.append(0)
            let start = row * Self.rowWidth
            for x in 0..<Self.rowWidth { data.append(start + x < payload.count ? payload[start + x] : 0) }
        }
        var deflated: [UInt8] = []
        let bounds = [0] + splits.map { $0 / Self.rowWidth * (Self.rowWidth + 1) } + [data.count]
        for band in 0..<(bounds.count - 1) {
            data[bounds[band]..<bounds[band + 1]].withUnsafeBufferPointer {
                deflated += RunLengthDeflate.compress($0, isFinal: band == bounds.count - 2, vectorized: vectorized)
            }
        }
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        let zlib = [0x78, 0x01] + deflated + PNGTestWriter.bigEndian(b << 16 | a)
        var output = [UInt8](repeating: 0, count: data.count + 1)
        var size = uLong(output.count)
        var consumed = uLong(zlib.count)
        let status = uncompress2(&output, &size, zlib, &consumed)
        try #require(status == Z_OK && consumed == uLong(zlib.count), "zlib refused the stream: \(status)")
        let inflated = Array(output.prefix(Int(size)))
        try #require(inflated == data, "the stream inflated to other bytes")
        // The rows' filter bytes out, the payload left.
        return (0..<rows).flatMap { row in inflated[(row * (Self.rowWidth + 1) + 1)...].prefix(Self.rowWidth) }
    }

    func padded(_ payload: [UInt8]) -> [UInt8] {
        payload + [UInt8](repeating: 0, count: (Self.rowWidth - payload.count % Self.rowWidth) % Self.rowWidth)
    }

    @Test func randomBytesRoundTrip() throws {
        var random = SplitMix64(seed: 1)
        let payload = (0..<5000).map { _ in UInt8.random(in: 0...255, using: &random) }
        #expect(try roundTrip(payload) == padded(payload))
    }

    /// Runs just below, at and above the shortest match, either side of the 8-byte steps
    /// that measure a run, the longest match (258) and beyond it, inside rows and across them.
    @Test func runsOfEveryInterestingLengthRoundTrip() throws {
        var payload: [UInt8] = []
        let lengths = [
            (7, 7), (8, 8), (9, 9), (15, 15), (16, 16), (17, 17), (23, 23), (24, 24), (25, 25), (10, 258), (11, 259),
            (12, 517), (13, 1), (14, 3000),
        ]
        for (value, length) in lengths {
            payload += [UInt8](repeating: UInt8(value), count: length + 1)
            payload.append(200)
        }
        #expect(try roundTrip(payload) == padded(payload))
    }

    /// Rarer and rarer bytes (each half as frequent as the one before) make a Huffman
    /// code deeper than deflate's 15 bits; the lengths must be capped and still decode.
    @Test func skewedBytesNeedCappedCodesAndRoundTrip() throws {
        var payload: [UInt8] = []
        for k in 0..<18 { payload += [UInt8](repeating: UInt8(k * 7 + 1), count: 1 << (17 - k)) }
        var random = SplitMix64(seed: 2)
        payload.shuffle(using: &random)
        #expect(try roundTrip(payload) == padded(payload))
    }

    /// Four literals are written together when their codes take at most 56 bits, else in
    /// two writes. Random bytes 0 to 9, each half as frequent as the one before, make up
    /// most of the payload, so that the bytes from 10 to 255, four times each, in
    /// stretches of every one in a row, get codes of 14 or 15 bits: fours of over 56 bits,
    /// the stretches starting at four alignments, between fours that fit. (With fours up
    /// to 64 bits joined, zlib refuses the stream.)
    @Test func rareBytesInARowRoundTrip() throws {
        var random = SplitMix64(seed: 4)
        var payload = (0..<150_000).map { _ in
            UInt8(UInt64.random(in: 1..<1024, using: &random).leadingZeroBitCount - 54)
        }
        let rare = (10...255).map { UInt8($0) }
        for stretch in 0..<4 {
            payload.replaceSubrange((stretch * 30_001)..<(stretch * 30_001 + rare.count), with: rare)
        }
        for vectorized in Self.loops {
            #expect(try roundTrip(payload, vectorized: vectorized) == padded(payload), "vectorized \(vectorized)")
        }
    }

    @Test func bandsCompressedApartJoinIntoOneStream() throws {
        var random = SplitMix64(seed: 3)
        let payload = (0..<6000).map { index in index % 700 < 300 ? 9 : UInt8.random(in: 0...3, using: &random) }
        #expect(try roundTrip(payload, splits: [1000, 1100, 4000]) == padded(payload))
    }

    @Test func oneValueThroughoutRoundTrips() throws {
        let payload = [UInt8](repeating: 0, count: 3000)
        #expect(try roundTrip(payload) == payload)
    }

    /// Every length 3...258 maps to the symbol and extra bits of RFC 1951's table,
    /// written out here from the specification.
    @Test func lengthSymbolsFollowTheSpecification() {
        let table: [(symbol: Int, extraBits: Int, first: Int)] = [
            (257, 0, 3), (258, 0, 4), (259, 0, 5), (260, 0, 6), (261, 0, 7), (262, 0, 8), (263, 0, 9), (264, 0, 10),
            (265, 1, 11), (266, 1, 13), (267, 1, 15), (268, 1, 17), (269, 2, 19), (270, 2, 23), (271, 2, 27),
            (272, 2, 31), (273, 3, 35), (274, 3, 43), (275, 3, 51), (276, 3, 59), (277, 4, 67), (278, 4, 83),
            (279, 4, 99), (280, 4, 115), (281, 5, 131), (282, 5, 163), (283, 5, 195), (284, 5, 227), (285, 0, 258),
        ]
        for length in 3...258 {
            let entry = table.last { $0.first <= length }!
            let (symbol, extraBits, extraValue) = RunLengthDeflate.lengthSymbol(length)
            #expect(symbol == entry.symbol && extraBits == entry.extraBits, "length \(length)")
            #expect(extraValue == length - entry.first, "length \(length)")
        }
    }

    /// Without a cap, the lengths cost exactly what Huffman's algorithm gives, computed
    /// here the textbook way (merge the two lightest, the cost is the sum of the merges);
    /// with one, the code stays complete and within the cap.
    @Test func codeLengthsAreOptimalAndComplete() {
        var random = SplitMix64(seed: 4)
        for trial in 0..<200 {
            let count = Int.random(in: 2...286, using: &random)
            let frequencies = (0..<count).map { _ in
                Bool.random(using: &random) ? 0 : Int.random(in: 1...(trial % 2 == 0 ? 100 : 100_000), using: &random)
            }
            let lengths = HuffmanCode.lengths(for: frequencies, limit: 32)
            var weights = frequencies.filter { $0 > 0 }
            guard weights.count >= 2 else { continue }
            var cost = 0
            while weights.count > 1 {
                weights.sort(by: >)
                let merged = weights.removeLast() + weights.removeLast()
                cost += merged
                weights.append(merged)
            }
            #expect(zip(lengths, frequencies).map { Int($0) * $1 }.reduce(0, +) == cost, "trial \(trial)")
        }
        let skewed = (0..<30).map { 1 << $0 }
        for limit in [7, 15] {
            let lengths = HuffmanCode.lengths(for: skewed, limit: limit)
            #expect(lengths.max()! == limit)
            #expect(lengths.map { 1.0 / Double(1 << Int($0)) }.reduce(0, +) == 1, "Kraft sum, limit \(limit)")
        }
    }

    /// Runs of 1 to 300 bytes of one of `values` planted over `data`, some touching each
    /// other and the ends.
    func plantRuns(in data: inout [UInt8], values: ClosedRange<UInt8>, using random: inout SplitMix64) {
        var position = Int.random(in: 0...20, using: &random)
        while position < data.count {
            let length = Int.random(in: 1...300, using: &random)
            let value = UInt8.random(in: values, using: &random)
            for j in position..<min(data.count, position + length) { data[j] = value }
            position += length + Int.random(in: 0...40, using: &random)
        }
    }

    /// Bytes as PNG filtering leaves them, in stretches: mostly 0, 1, 255, 2 and 254 with
    /// `others` in a hundred of any other value (0 to 100: from none to only others),
    /// the share changing every 1 to 200 bytes, so that blocks of 32 hold from none to all
    /// of their bytes outside those five.
    func filteredLikeBytes(count: Int, using random: inout SplitMix64) -> [UInt8] {
        let common: [UInt8] = [0, 0, 0, 0, 255, 255, 1, 1, 254, 2]
        var data: [UInt8] = []
        data.reserveCapacity(count)
        while data.count < count {
            let others = [0, 3, 6, 15, 30, 100].randomElement(using: &random)!
            for _ in 0..<min(count - data.count, Int.random(in: 1...200, using: &random)) {
                data.append(
                    Int.random(in: 0..<100, using: &random) < others
                        ? UInt8.random(in: 3...252, using: &random) : common.randomElement(using: &random)!)
            }
        }
        return data
    }

    /// The symbol counts the Huffman code is fitted to, by both counts (the AVX2 one where
    /// the processor has it), against counting each token the plain way: every byte
    /// outside the runs once as a literal, every run once as its length's symbol (the runs
    /// from the plain search). Runs of every length from 1 to 300 planted over random
    /// bytes 0 to 3 and over bytes like a filtered band's, and zeros throughout (each of
    /// the AVX2 count's lanes counting every block), in data from 0 to 300 bytes, 20,000
    /// and 100,000 (that count sums its lanes every 8,160 bytes).
    @Test func symbolCountsCountEachTokenOnce() {
        var random = SplitMix64(seed: 27)
        for size in Array(0...300) + [20_000, 100_000] {
            for kind in ["random 0 to 3", "filtered-like", "zeros"] {
                var data: [UInt8]
                switch kind {
                case "random 0 to 3":
                    data = (0..<size).map { _ in UInt8.random(in: 0...3, using: &random) }
                    plantRuns(in: &data, values: 0...1, using: &random)
                case "filtered-like":
                    data = filteredLikeBytes(count: size, using: &random)
                    plantRuns(in: &data, values: 0...255, using: &random)
                default:
                    data = [UInt8](repeating: 0, count: size)
                }
                let runs = data.withUnsafeBufferPointer { RunLengthDeflate.findRuns($0, vectorized: false) }
                var expected = [Int](repeating: 0, count: 286)
                var inRun = [Bool](repeating: false, count: size)
                for run in stride(from: 0, to: runs.count, by: 2) {
                    let (start, length) = (Int(runs[run]), Int(runs[run + 1]))
                    for j in start..<(start + length) { inRun[j] = true }
                    expected[RunLengthDeflate.lengthSymbol(length).symbol] += 1
                }
                for (byte, skipped) in zip(data, inRun) where !skipped { expected[Int(byte)] += 1 }
                for vectorized in Self.loops {
                    let counted = data.withUnsafeBufferPointer {
                        RunLengthDeflate.symbolCounts($0, runs: runs, vectorized: vectorized)
                    }
                    #expect(counted == expected, "size \(size), \(kind), vectorized \(vectorized)")
                }
            }
        }
    }

    /// The run search in AVX2 (57 positions a step) and one position at a time, against
    /// a plain greedy search: runs of every length from 1 to 300 planted in random bytes
    /// and in zeros, at every alignment, in data from 0 to 400 bytes and 20,000.
    @Test func bothRunSearchesFindTheGreedyRuns() {
        func greedy(_ data: [UInt8]) -> [UInt32] {
            var runs: [UInt32] = []
            var i = 1
            while i + RunLengthDeflate.shortestRun <= data.count {
                guard data[i..<(i + RunLengthDeflate.shortestRun)].allSatisfy({ $0 == data[i - 1] }) else {
                    i += 1
                    continue
                }
                let limit = min(RunLengthDeflate.longestRun, data.count - i)
                var length = RunLengthDeflate.shortestRun
                while length < limit && data[i + length] == data[i - 1] { length += 1 }
                runs += [UInt32(i), UInt32(length)]
                i += length
            }
            return runs
        }
        var random = SplitMix64(seed: 9)
        for size in Array(0...400) + [20_000] {
            for background in [UInt8(0), 1] {
                var data = (0..<size).map { _ in background == 0 ? 0 : UInt8.random(in: 0...3, using: &random) }
                plantRuns(in: &data, values: 0...255, using: &random)
                let expected = greedy(data)
                for vectorized in Self.loops {
                    let found = data.withUnsafeBufferPointer { RunLengthDeflate.findRuns($0, vectorized: vectorized) }
                    #expect(found == expected, "size \(size), vectorized \(vectorized)")
                }
                if Self.loops.count == 2 {
                    let bytes = Self.loops.map { vectorized in
                        data.withUnsafeBufferPointer {
                            RunLengthDeflate.compress($0, isFinal: true, vectorized: vectorized)
                        }
                    }
                    #expect(bytes[0] == bytes[1], "size \(size): the stream differs with the vectorized search")
                }
            }
        }
    }
}
