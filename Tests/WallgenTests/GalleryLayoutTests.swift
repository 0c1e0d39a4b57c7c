import Foundation
import TestSupport
import Testing

/// The gallery pages laid out by a real browser: headless Chromium driven through
/// Selenium (`Tests/Tools/gallery-layout.py`) at a phone's viewport (390x844, laid
/// out as a phone does) and a desktop's (1280x900), with the boxes the browser gave
/// each part read back and judged here.
@Suite struct GalleryLayoutTests {
    static let seleniumPresent =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")
        && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/selenium")
        && browserPath != nil

    /// A box the browser reported, in CSS pixels.
    struct Box: CustomStringConvertible {
        let left: Double
        let top: Double
        let right: Double
        let bottom: Double

        init(_ value: Any?) throws {
            let fields = try #require(value as? [String: Any], "no box: \(String(describing: value))")
            func number(_ name: String) throws -> Double {
                try #require(fields[name] as? Double ?? (fields[name] as? Int).map(Double.init))
            }
            left = try number("left")
            top = try number("top")
            right = try number("right")
            bottom = try number("bottom")
        }

        func intersects(_ other: Box) -> Bool {
            left < other.right && other.left < right && top < other.bottom && other.top < bottom
        }

        var description: String { "(\(left), \(top))-(\(right), \(bottom))" }
    }

    /// What the tool measured of `page` at each viewport ("phone", "desk", "narrow",
    /// "landscape").
    static func measure(_ page: String, in folder: String) throws -> [String: [String: Any]] {
        // The system's fonts and the bundled ones, so that Chinese labels are measured in
        // a Chinese font (a machine without one draws narrow boxes in their place).
        let fonts = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig>
              <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
              <dir>\(repositoryRoot)/fonts</dir>
              <cachedir>\(folder)/font-cache</cachedir>
            </fontconfig>
            """
        try fonts.write(toFile: folder + "/fonts.conf", atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = folder + "/fonts.conf"
        // The tool keeps Chromium's profile and temporary files in a folder it removes.
        let run = try launch(
            [repositoryRoot + "/Tests/Tools/gallery-layout.py", page], in: folder, environment: environment,
            executable: URL(fileURLWithPath: "/usr/bin/python3"))
        try #require(run.status == 0, "the browser could not measure the page: \(run.standardError)")
        let result = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput)) as? [String: [String: Any]])
        for (name, viewport) in result {
            #expect((viewport["console"] as? [String])?.isEmpty == true, "\(name): console errors \(viewport)")
        }
        return result
    }

    /// The terms gallery at a phone's size, a desktop's, a phone's turned sideways and
    /// a very narrow one's: the four season tabs on one line (inside the tab bar, or in
    /// one that scrolls on the narrowest, with the chosen season scrolled into view);
    /// the arrows beside or below the card, never over it, and on the screen without
    /// scrolling; one row of page dots (the card's own six: the page draws none beside
    /// them); the caption on one line; nothing wider than the window; choosing a card
    /// does not move the page.
    @Test(
        .enabled(if: seleniumPresent, "no Selenium with chromedriver here (python3-selenium, chromium-driver)"),
        arguments: ["zh", "en"])
    func termsGalleryFitsAPhoneAndADesktop(language: String) throws {
        try withTemporaryFolder { folder in
            // The page from small cards (quick); the card it opens on made at a phone's
            // size, so the browser lays out a card as large as a real one.
            let made = try launch(["terms", "-o", "cards", "--size", "117x253", "--lang", language, "-q"], in: folder)
            try #require(made.status == 0, "\(made.standardError)")
            let card = try launch(
                ["term", "立春", "--size", "390x844", "--lang", language, "-o", "cards/01-lichun.png", "-q"], in: folder)
            try #require(card.status == 0, "\(card.standardError)")
            let result = try Self.measure("cards/index.html", in: folder)
            for name in ["phone", "desk", "narrow", "landscape"] {
                let page = try #require(result[name], "\(name) was not measured")
                let width = try #require(page["width"] as? Int)
                let height = try #require(page["height"] as? Int)
                // A window narrower than any phone's may scroll the tab bar and wrap the caption.
                let roomy = name != "narrow"
                #expect((page["scrollWidth"] as? Int).map { $0 <= width } == true, "\(name) scrolls sideways")

                let tabs = try #require(page["tabs"] as? [Any]).map { try Box($0) }
                #expect(tabs.count == 4)
                let tops = tabs.map(\.top)
                #expect(tops.max()! - tops.min()! < 0.5, "\(name): the season tabs are on several lines: \(tabs)")
                let tablist = try #require(page["tablist"] as? [String: Any])
                let tablistFits = (tablist["scrollWidth"] as? Int ?? .max) <= (tablist["clientWidth"] as? Int ?? 0)
                #expect(tablistFits || !roomy, "\(name): the tabs do not fit the bar: \(tablist)")
                // The Chinese labels are the wider: there the narrowest window scrolls the bar.
                #expect(
                    !tablistFits || roomy || language != "zh",
                    "\(name): the bar should scroll here, or this tests nothing")

                let image = try Box(page["card"])
                #expect(page["cardLoaded"] as? Bool == true)
                for arrow in ["previous", "next"] {
                    let box = try Box(page[arrow])
                    #expect(!box.intersects(image), "\(name): the \(arrow) arrow \(box) covers the card \(image)")
                    #expect(
                        box.left >= 0 && box.right <= Double(width) && box.bottom <= Double(height),
                        "\(name): the \(arrow) arrow \(box) is off the \(width)x\(height) screen")
                }
                // The card is shown large, not shrunk to make room.
                if roomy {
                    #expect(image.bottom - image.top >= 0.6 * Double(height), "\(name): the card is small: \(image)")
                }

                let dots = try #require(page["dots"] as? [Any]).map { try Box($0) }
                #expect(dots.isEmpty, "\(name): the page draws dots under the card's own row: \(dots)")

                let captions = try #require(page["captions"] as? [[String: Any]])
                #expect(captions.count == 1)
                for caption in captions where roomy {
                    let lines = try #require(caption["lines"] as? [String])
                    #expect(lines.count == 1, "\(name): the caption breaks: \(lines)")
                }

                // The last season chosen: its tab in view in the bar; the next card shown
                // with the page scrolled far past the tabs: the page keeps its place.
                let choosing = try #require(page["choosing"] as? [String: Any])
                #expect(
                    choosing["selected"] as? Bool == true && choosing["inView"] as? Bool == true, "\(name): \(choosing)"
                )
                let before = try #require(choosing["scrolledBefore"] as? Double)
                #expect(choosing["scrolledAfter"] as? Double == before, "\(name): the page moved: \(choosing)")
                #expect(before > 1000, "the page should have scrolled past its tabs: \(choosing)")
            }
        }
    }

    /// File names as a manifest may give them: short ones, ones with many separators
    /// and folders, and one with none at all.
    static let names = [
        "01-lichun.png", "02-yushui.png", "summer_holiday.2026-phone.png",
        "trips/2026/kyoto/arashiyama-bamboo_grove.png", "averyveryverylongfilenamewithoutanyseparatorsatall.png",
        "x.png", "y.png", "z.png", "w.png",
    ]

    /// `gather`'s captions break only after a file name's separators (`-`, `_`, `.`,
    /// `/`) or at a space, never inside a word and never between "row" and its number;
    /// a short caption keeps to one line; a name with no separator that is wider than
    /// its column still stays inside it.
    @Test(.enabled(if: seleniumPresent, "no Selenium with chromedriver here (python3-selenium, chromium-driver)"))
    func gatherCaptionsBreakOnlyBetweenWords() throws {
        try withTemporaryFolder { folder in
            let sizes = ["90x195", "160x90", "100x100", "210x90"]
            let rows = Self.names.enumerated().map { index, name in
                "{\"season\":\"spring\",\"size\":\"\(sizes[index % sizes.count])\",\"output\":\"\(name)\"}"
            }
            try (rows.joined(separator: "\n") + "\n").write(
                toFile: folder + "/m.jsonl", atomically: true, encoding: .utf8)
            let batch = try launch(["batch", "m.jsonl", "-o", "out", "-q"], in: folder)
            try #require(batch.status == 0, "\(batch.standardError)")
            let gather = try launch(["gather", "out"], in: folder)
            try #require(gather.status == 0, "\(gather.standardError)")
            let result = try Self.measure("out/index.html", in: folder)
            for name in ["phone", "desk"] {
                let page = try #require(result[name], "\(name) was not measured")
                let captions = try #require(page["captions"] as? [[String: Any]])
                let figures = try #require(page["figures"] as? [Any]).map { try Box($0) }
                #expect(captions.count == Self.names.count && figures.count == Self.names.count)
                for (index, caption) in captions.enumerated() {
                    let lines = try #require(caption["lines"] as? [String])
                    let text = try #require(caption["text"] as? String)
                    #expect(lines.joined() == text)
                    let file = Self.names[index]
                    #expect(text.replacingOccurrences(of: "\u{A0}", with: " ") == "\(file) · row \(index + 1)")
                    if file.count <= 14 {
                        #expect(lines.count == 1, "\(name): a short caption breaks: \(lines)")
                    }
                    // "· row 9" on one line, whatever its spaces are.
                    #expect(
                        lines.contains {
                            $0.replacingOccurrences(of: "\u{A0}", with: " ").contains("· row \(index + 1)")
                        },
                        "\(name): '· row \(index + 1)' is split: \(lines)")
                    let separatorFree = !file.dropLast(4).contains { "-_./".contains($0) }
                    guard !separatorFree else {
                        let box = try Box(caption["box"])
                        #expect(
                            box.left >= figures[index].left - 0.5 && box.right <= figures[index].right + 0.5,
                            "\(name): \(file)'s caption \(box) overflows its figure \(figures[index])")
                        continue
                    }
                    for (line, following) in zip(lines, lines.dropFirst()) {
                        let atSeparator = line.last.map { "-_./ ".contains($0) } == true || following.first == " "
                        #expect(atSeparator, "\(name): '\(file)' breaks inside a word: \(lines)")
                    }
                }
            }
        }
    }
}
