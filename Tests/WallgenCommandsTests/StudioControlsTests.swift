import Foundation
import Studio
import TestSupport
import Testing

@testable import WallgenCommands

/// The studio's page draws what the declarations say (`OptionRole.studio`) and says the
/// words of one catalogue (`PageWords`), served with the controls: it keeps neither a
/// layout nor a word of its own.
@Suite struct StudioControlsTests {
    static func groups(_ tab: StudioControls.Tab) -> [String] {
        var groups: [String] = []
        for control in tab.controls where groups.last != control.group { groups.append(control.group) }
        return groups
    }

    /// The tabs, written out: each group once, in the page's order, and in each the
    /// command's own order of its options (the page draws the place before its hour, as
    /// one widget).
    @Test func theTabsAreTheDeclarations() {
        let wallpaper = StudioControls.wallpaper
        #expect(Self.groups(wallpaper) == ["when", "picture", "words", "sky", "canvas"])
        #expect(
            wallpaper.controls.map(\.id) == [
                "season", "date", "season-rule", "hemisphere", "alpha", "background", "base", "dark", "label", "text",
                "text-color", "position", "vertical", "hour", "place", "size", "device", "format", "quality",
            ])
        let term = StudioControls.term
        #expect(Self.groups(term) == ["picture", "words", "sky", "canvas"])
        #expect(
            term.controls.map(\.id) == [
                "background", "dark", "alpha", "base", "card-lang", "text", "vertical", "text-color", "hour", "place",
                "size", "device", "format", "quality",
            ])
        // A card's --text is its title; an id that is not the option's name sets that option.
        #expect(term.controls.first { $0.id == "text" }?.label == "title")
        #expect(term.controls.first { $0.id == "card-lang" }?.option == "lang")
        #expect(wallpaper.controls.first { $0.id == "hour" }?.option == "at")
        // What the page may send is what it shows (the term's name comes apart).
        #expect(StudioControls.options(of: "term") == Set(term.controls.map(\.option)))
        #expect(StudioControls.options(of: "almanac").isEmpty)
    }

    /// Every word the page can ask for is in both languages: the words its script and its
    /// HTML name, every control's label, group and choices, the seasons, their labels and
    /// the text's size steps.
    @Test func everyWordThePageSaysIsInBothLanguages() throws {
        let script = try String(
            contentsOfFile: OptionsTableTests.root.path + "/Sources/Studio/Page/studio.js", encoding: .utf8)
        let html = try String(
            contentsOfFile: OptionsTableTests.root.path + "/Sources/Studio/Page/studio.html", encoding: .utf8)
        // A key the script completes (`"label-" + season`) is counted below, whole.
        var keys = Set(script.matches(of: /say\("([^"]+)"/).map { String($0.output.1) }.filter { !$0.hasSuffix("-") })
        keys.formUnion(html.matches(of: /data-text="([^"]+)"/).map { String($0.output.1) })
        #expect(keys.count > 30, "\(keys.sorted())")
        let document = StudioControls.document(today: .init(year: 2026, month: 12, day: 5)!)
        for control in document.wallpaper.controls + document.term.controls {
            keys.formUnion([control.label, control.group])
            if [.choice, .onOff].contains(control.kind) { keys.formUnion(control.choices ?? []) }
        }
        for season in document.seasons { keys.formUnion([season, "label-" + season]) }
        keys.formUnion(document.textSteps.map(\.step))
        // The two words of the scheme's boxes, and the custom size and this screen of the device menu.
        keys.formUnion(["light", "darkScheme", "choosePicture", "changePicture"])
        for language in PageWords.languages {
            let words = try #require(document.words[language])
            let missing = keys.filter { (words[$0] ?? "").isEmpty }
            #expect(missing.isEmpty, "\(language) lacks \(missing.sorted())")
        }
    }

    /// One word per key, none empty, and the page's script holds none: no word table, and
    /// no Chinese anywhere in it.
    @Test func theCatalogueIsTheOnlyWordList() throws {
        let keys = PageWords.entries.map(\.key)
        #expect(
            Set(keys).count == keys.count, "a key twice: \(keys.filter { key in keys.filter { $0 == key }.count > 1 })")
        #expect(PageWords.entries.allSatisfy { !$0.english.isEmpty && !$0.chinese.isEmpty })
        let script = try String(
            contentsOfFile: OptionsTableTests.root.path + "/Sources/Studio/Page/studio.js", encoding: .utf8)
        #expect(!script.contains("WORDS"))
        let chinese = script.unicodeScalars.filter { (0x3400...0x9FFF).contains($0.value) }
        #expect(chinese.isEmpty, "the script holds words: \(String(String.UnicodeScalarView(chinese)))")
    }
}
