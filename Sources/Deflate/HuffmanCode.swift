/// A canonical Huffman code (RFC 1951, 3.2.2) with its codes bit-reversed, since
/// deflate packs Huffman codes most significant bit first into a stream it fills from
/// the least significant bit.
public struct HuffmanCode {
    let codes: [UInt16]

    init(lengths: [UInt8]) {
        var lengthCounts = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { lengthCounts[Int(length)] += 1 }
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for bits in 1...15 {
            code = (code + lengthCounts[bits - 1]) << 1
            nextCode[bits] = code
        }
        var codes = [UInt16](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            let value = nextCode[Int(length)]
            nextCode[Int(length)] += 1
            var reversed = 0
            for bit in 0..<Int(length) where value & (1 << bit) != 0 { reversed |= 1 << (Int(length) - 1 - bit) }
            codes[symbol] = UInt16(reversed)
        }
        self.codes = codes
    }

    /// Optimal code lengths for `frequencies`, none longer than `limit` bits; zero for
    /// unused symbols. A lone used symbol gets a partner, since a one-symbol code is
    /// not complete.
    public static func lengths(for frequencies: [Int], limit: Int) -> [UInt8] {
        var used = frequencies.indices.filter { frequencies[$0] > 0 }
        if used.count == 1 { used.append(used[0] == 0 ? 1 : 0) }
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        guard used.count > 1 else { return lengths }
        // Rarest first, ties by symbol, so the result does not depend on the sort's stability.
        used.sort { (frequencies[$0], $0) < (frequencies[$1], $1) }
        var weights = used.map { max(frequencies[$0], 1) }
        minimumRedundancyLengths(&weights)
        // `weights` now holds lengths, longest first. Cap them, keeping the Kraft sum at one.
        var lengthCounts = [Int](repeating: 0, count: max(limit, weights[0]) + 1)
        for length in weights { lengthCounts[length] += 1 }
        if weights[0] > limit {
            for length in (limit + 1)..<lengthCounts.count {
                lengthCounts[limit] += lengthCounts[length]
                lengthCounts[length] = 0
            }
            var kraft = 0
            for length in 1...limit { kraft += lengthCounts[length] << (limit - length) }
            while kraft > 1 << limit {
                // Drop a leaf from the deepest level and split a shallower leaf in two:
                // the same number of leaves, the sum one unit lower.
                lengthCounts[limit] -= 1
                for length in stride(from: limit - 1, through: 1, by: -1) where lengthCounts[length] > 0 {
                    lengthCounts[length] -= 1
                    lengthCounts[length + 1] += 2
                    break
                }
                kraft -= 1
            }
        }
        var index = 0
        for length in stride(from: lengthCounts.count - 1, through: 1, by: -1) {
            for _ in 0..<lengthCounts[length] {
                lengths[used[index]] = UInt8(length)
                index += 1
            }
        }
        return lengths
    }

    /// Moffat and Katajainen's in-place computation of minimum-redundancy code lengths:
    /// `weights`, sorted ascending with at least two entries, become the code lengths of
    /// those symbols (non-increasing).
    static func minimumRedundancyLengths(_ a: inout [Int]) {
        let n = a.count
        // Phase 1: build the tree; internal nodes overwrite the weights with parent links.
        a[0] += a[1]
        var root = 0
        var leaf = 2
        for next in 1..<(n - 1) {
            if leaf >= n || a[root] < a[leaf] {
                a[next] = a[root]
                a[root] = next
                root += 1
            } else {
                a[next] = a[leaf]
                leaf += 1
            }
            if leaf >= n || (root < next && a[root] < a[leaf]) {
                a[next] += a[root]
                a[root] = next
                root += 1
            } else {
                a[next] += a[leaf]
                leaf += 1
            }
        }
        // Phase 2: internal node depths.
        a[n - 2] = 0
        if n >= 3 {
            for next in stride(from: n - 3, through: 0, by: -1) { a[next] = a[a[next]] + 1 }
        }
        // Phase 3: leaf depths, from the internal node counts per depth.
        var available = 1
        var usedAtDepth = 0
        var depth = 0
        root = n - 2
        var next = n - 1
        while available > 0 {
            while root >= 0 && a[root] == depth {
                usedAtDepth += 1
                root -= 1
            }
            while available > usedAtDepth {
                a[next] = depth
                next -= 1
                available -= 1
            }
            available = 2 * usedAtDepth
            depth += 1
            usedAtDepth = 0
        }
    }
}
