import Almanac
import Compositor
import Designs
import Testing

/// No card's description ends on a lone character or word, on any device.
@Suite struct TermCardLastLineTests {
    /// What a reader counts, worked out here apart from the line breaker: each
    /// ideograph, and each run of Latin letters or digits.
    static func counted(_ line: String) -> Int {
        var count = 0
        var inWord = false
        for scalar in line.unicodeScalars {
            let value = scalar.value
            if (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value) {
                count += 1
                inWord = false
            } else if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if !inWord { count += 1 }
                inWord = true
            } else if scalar != "'" && scalar != "’" && scalar != "-" {
                inWord = false
            }
        }
        return count
    }

    @Test(arguments: DevicePreset.all.map(\.name))
    func descriptionEndsOnTwoCharactersOrWords(device: String) throws {
        let preset = try #require(DevicePreset.named(device))
        var widows: [String] = []
        for term in SolarTerm.all {
            for language in CardLanguage.allCases {
                let spec = TermCardSpec(term: term, width: preset.width, height: preset.height, language: language)
                let scene = try TermCard.scene(
                    spec, picture: DecodedPicture(Image(width: 8, height: 8)), fonts: TermCardTests.fonts)
                let description = language == .english ? term.englishDescription : term.chineseDescription
                // The description's lines: body-face layers whose words come from the description.
                let lines = scene.layers.compactMap { layer -> (String, Double)? in
                    guard case .text(let text) = layer, text.fonts.fonts.first === TermCardTests.fonts.body,
                        description.contains(text.text), case .baseline(_, let y, _) = text.placement
                    else { return nil }
                    return (text.text, y)
                }.sorted { $0.1 < $1.1 }
                #expect(lines.map(\.0).joined().filter { !$0.isWhitespace } == description.filter { !$0.isWhitespace })
                guard lines.count >= 2, let last = lines.last?.0 else { continue }
                if Self.counted(last) < 2 { widows.append("\(term.name) \(language.rawValue): …\(last)") }
            }
        }
        #expect(widows.isEmpty, "\(device): \(widows)")
    }
}
