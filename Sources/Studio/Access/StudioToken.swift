/// The studio's secret: 128 random bits, written as 32 hexadecimal digits.
struct StudioToken: Sendable, Equatable {
    let text: String

    /// A new token from the system's random source (getrandom on Linux).
    static func random() -> StudioToken {
        var generator = SystemRandomNumberGenerator()
        let words = [generator.next(), generator.next()] as [UInt64]
        let digits = words.map { word in
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }
        return StudioToken(text: digits.joined())
    }

    /// Compares in time that does not depend on where the first difference is, so the
    /// token cannot be guessed a digit at a time by timing the answers.
    func matches(_ candidate: String) -> Bool {
        let expected = Array(text.utf8)
        let given = Array(candidate.utf8)
        guard expected.count == given.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(expected, given) { difference |= a ^ b }
        return difference == 0
    }
}
