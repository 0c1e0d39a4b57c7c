import Almanac
import Foundation
import Testing

/// Term lookups fold case and tone marks without Foundation's internationalisation;
/// Foundation's own folding (linked into the tests only) is the reference.
struct LookupFoldingTests {
    static func foundationKey(_ text: String) -> String {
        text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).filter { !" -'’_".contains($0) }
    }

    /// Every spelling of every term, as written and upper-cased, folds as Foundation folded it,
    /// and the slugs (file names of the term cards) are unchanged.
    @Test func everyTermFoldsAsFoundationDid() {
        for term in SolarTerm.all {
            for text in [term.name, term.simplifiedName, term.pinyin, term.englishName] {
                for variant in [text, text.uppercased(), text.lowercased()] {
                    #expect(SolarTerm.lookupKey(variant) == Self.foundationKey(variant), "\(variant)")
                }
            }
            let foundationSlug = term.pinyin.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
                .filter { $0.isASCII && $0.isLetter }
            #expect(term.slug == foundationSlug)
            #expect(SolarTerm.find(term.pinyin.uppercased()) == term)
        }
    }

    /// Tone marks typed as combining characters, and the pinyin vowels with two marks.
    @Test func combiningMarksAndDoubleMarksFold() {
        for text in ["Li\u{300}chu\u{304}n", "XIǍOXUĚ", "lǜ ǘ ǚ ǜ Ü", "Jīngzhé", "ÀÉÎÕÜ çñ"] {
            #expect(SolarTerm.lookupKey(text) == Self.foundationKey(text), "\(text)")
        }
        #expect(SolarTerm.find("Li\u{300}chu\u{304}n")?.number == 1)
    }
}
