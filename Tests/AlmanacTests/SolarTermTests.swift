import Almanac
import Testing

@Suite struct SolarTermTests {
    @Test func thereAreTwentyFourInTheAppsOrder() {
        #expect(SolarTerm.all.count == 24)
        #expect(SolarTerm.all.map(\.number) == Array(1...24))
        #expect(SolarTerm.all.first?.name == "立春" && SolarTerm.all.last?.name == "大寒")
        // The app's traditional forms.
        #expect(SolarTerm.all[2].name == "驚蟄" && SolarTerm.all[5].name == "穀雨" && SolarTerm.all[13].name == "處暑")
    }

    @Test func everyTermHasEveryField() {
        for term in SolarTerm.all {
            for field in [
                term.name, term.simplifiedName, term.pinyin, term.englishName, term.chineseDescription,
                term.englishDescription,
            ] {
                #expect(!field.isEmpty, "\(term.number) has an empty field")
            }
            #expect(term.name.count == 2 && term.simplifiedName.count == 2)
            #expect((1...12).contains(term.usualMonth) && !term.usualDays.isEmpty)
            #expect(
                term.usualDays.allSatisfy { (1...CivilDate.daysIn(month: term.usualMonth, year: 2026)).contains($0) })
            // One or two sentences, ending as a sentence does.
            #expect(term.chineseDescription.hasSuffix("。") && term.englishDescription.hasSuffix("."))
            #expect(term.chineseDescription.count >= 20 && term.englishDescription.count >= 60)
        }
    }

    @Test func longitudesRunFrom315InSteps() {
        for (index, term) in SolarTerm.all.enumerated() {
            #expect(term.longitude == (315 + 15 * index) % 360)
        }
        #expect(SolarTerm.all[3].longitude == 0 && SolarTerm.all[21].longitude == 270)
    }

    @Test func namesAndFileNamesAreUnique() {
        let all = SolarTerm.all
        for key in [\SolarTerm.name, \.simplifiedName, \.pinyin, \.englishName, \.slug, \.englishSlug, \.fileStem] {
            #expect(Set(all.map { $0[keyPath: key] }).count == 24)
        }
        #expect(all.allSatisfy { $0.fileStem.allSatisfy(\.isASCII) && $0.englishSlug.allSatisfy(\.isASCII) })
        #expect(all[0].fileStem == "01-lichun" && all[23].fileStem == "24-dahan")
        #expect(all[17].slug == "shuangjiang" && all[17].englishSlug == "frosts-descent")
    }

    @Test func sixTermsInEachSeasonWithTheirPlace() {
        for season in Season.allCases {
            let terms = SolarTerm.terms(of: season)
            #expect(terms.count == 6)
            #expect(terms.map(\.indexInSeason) == Array(0..<6))
        }
        #expect(SolarTerm.all[21].season == .winter && SolarTerm.all[21].indexInSeason == 3)
    }

    @Test(arguments: ["冬至", "dongzhi", "dōngzhì", "Dong Zhi", "winter-solstice", "Winter Solstice", "22", " 22 "])
    func findsATermByAnyName(query: String) {
        #expect(SolarTerm.find(query)?.name == "冬至")
    }

    @Test func findsSimplifiedNamesAndRefusesUnknownOnes() {
        #expect(SolarTerm.find("谷雨")?.name == "穀雨")
        #expect(SolarTerm.find("惊蛰")?.name == "驚蟄")
        #expect(SolarTerm.find("frosts-descent")?.name == "霜降")
        for bad in ["0", "25", "dongzi", "", "solstice"] { #expect(SolarTerm.find(bad) == nil, "\(bad)") }
    }

    @Test func datesReadAsTheAppWroteThem() {
        #expect(SolarTerm.all[0].usualDateText == "國曆2月3、4日")
        #expect(SolarTerm.all[21].usualDateText == "國曆12月21、22日")
        #expect(SolarTerm.all[9].usualDateText == "國曆6月20、21日")
        #expect(SolarTerm.all[0].usualEnglishDateText == "February 3 or 4")
    }
}
