/// Text folded for matching a term's name: lower case, without diacritics (`Lìchūn`
/// and `LICHUN` both become `lichun`).
///
/// What Foundation's `folding(options: [.diacriticInsensitive, .caseInsensitive])` did,
/// without the internationalisation library behind it: the names it has to match are
/// Chinese characters, ASCII and pinyin, whose accented letters are all Latin. So a
/// Latin letter with marks is replaced by its plain letter (its Unicode name says which:
/// LATIN SMALL LETTER U WITH DIAERESIS AND CARON is u), a combining mark is dropped,
/// and the rest is lowercased.
enum LookupFolding {
    static func fold(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII {
                folded.append(scalar)
            } else if let plain = pinyinVowels[scalar] {
                folded.append(plain)
            } else if scalar.properties.generalCategory != .nonspacingMark {
                folded.append(plainLetter(scalar) ?? scalar)
            }
        }
        return String(folded)
    }

    /// Pinyin's marked vowels, lower case (the text is lowercased first), looked up
    /// directly: asking for a scalar's Unicode name costs far more, and help and the
    /// completions fold every term's pinyin.
    private static let pinyinVowels: [Unicode.Scalar: Unicode.Scalar] = {
        var table: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (plain, marked) in [("a", "āáǎà"), ("e", "ēéěèê"), ("i", "īíǐì"), ("o", "ōóǒò"), ("u", "ūúǔùüǖǘǚǜ")] {
            for scalar in marked.unicodeScalars { table[scalar] = plain.unicodeScalars.first! }
        }
        return table
    }()

    /// The plain Latin letter of an accented one (`ǚ` is `u`), or nil.
    private static func plainLetter(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard !scalar.isASCII, let name = scalar.properties.name else { return nil }
        for prefix in ["LATIN SMALL LETTER ", "LATIN CAPITAL LETTER "] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard rest.count > 7, rest.dropFirst().hasPrefix(" WITH "), let letter = rest.first,
                letter.isASCII, letter.isLetter
            else { return nil }
            return letter.lowercased().unicodeScalars.first
        }
        return nil
    }
}
