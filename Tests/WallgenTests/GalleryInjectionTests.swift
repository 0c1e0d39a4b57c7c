import Foundation
import TestSupport
import Testing

/// The batch gallery `gather` writes, opened in headless Chromium with outputs named as
/// a hostile manifest would name them: no name runs script, every link is a file beside
/// the page, every caption and alt text is the name as written, and the page carries its
/// policy.
@Suite struct GalleryInjectionTests {
    /// Names that ended an attribute (a quote under a combining mark), opened an element,
    /// or made a link a script.
    static let hostileNames = [
        "x\"\u{301} onload=document.title=42 y.png",
        "javascript:alert(1)//x.png",
        "<img src=x onerror=document.title=44>.png",
        "'\u{301} onmouseover='document.title=45' z.png",
        "data:text/html,<script>document.title=46</script>.png",
        "a&quot;b`\u{301} onfocus=document.title=47 autofocus `.png",
        // Shown as `exe.png` if the override were applied; every reordering control is shown.
        "invoice\u{202E}gnp.exe\u{2066}x\u{2069}.png",
    ]

    /// A name as the page must show it: the controls that reorder text made visible.
    static func shown(_ name: String) -> String {
        name.replacing("\u{202E}", with: "[U+202E]").replacing("\u{2066}", with: "[U+2066]")
            .replacing("\u{2069}", with: "[U+2069]")
    }

    static let checker = """
        <!DOCTYPE html>
        <html><body>
        <iframe id="frame" src="index.html" width="1200" height="3000"></iframe>
        <script>
        const frame = document.getElementById("frame");
        frame.addEventListener("load", function () {
          setTimeout(function () {
            const page = frame.contentDocument;
            const names = function (element) { return element.getAttributeNames().sort().join(","); };
            const result = {
              title: page.title,
              policy: (page.querySelector("meta[http-equiv='Content-Security-Policy']") || {}).content || null,
              images: Array.from(page.images).map(function (image) {
                return { attributes: names(image), alt: image.alt, loaded: image.naturalWidth > 0 };
              }),
              links: Array.from(page.links).map(function (link) {
                return { attributes: names(link), protocol: new URL(link.href).protocol, path: decodeURIComponent(new URL(link.href).pathname) };
              }),
              captions: Array.from(page.querySelectorAll("figcaption")).map(function (c) { return c.textContent; }),
              elements: page.body.querySelectorAll("*:not(wbr)").length,
              breaks: Array.from(page.querySelectorAll("wbr")).map(function (w) { return w.parentElement.tagName + ":" + names(w); })
            };
            document.body.setAttribute("data-result", encodeURIComponent(JSON.stringify(result)));
          }, 500);
        });
        </script>
        </body></html>
        """

    @Test(
        .enabled(
            if: browserPath != nil, "no Chromium browser here (Scripts/test installs Debian's chromium when it can)"))
    func hostileOutputNamesRunNoScript() throws {
        try withTemporaryFolder { folder in
            let rows = Self.hostileNames.map { name in
                "{\"season\":\"winter\",\"size\":\"24x16\",\"output\":" + jsonString(name) + "}"
            }
            try (rows.joined(separator: "\n") + "\n").write(
                toFile: folder + "/m.jsonl", atomically: true, encoding: .utf8)
            let batch = try launch(["batch", "m.jsonl", "-o", "out", "-q"], in: folder)
            #expect(batch.status == 0, "\(batch.standardError)")
            let gather = try launch(["gather", "out"], in: folder)
            #expect(gather.status == 0, "\(gather.standardError)")
            let result = try GalleryBrowserTests.runChecker(Self.checker, in: folder + "/out")
            #expect(result["title"] as? String == "7 pictures", "a name ran script: \(result)")
            let policy = try #require(result["policy"] as? String)
            #expect(policy.hasPrefix("default-src 'none'") && policy.contains("script-src 'none'"), "\(policy)")
            let images = try #require(result["images"] as? [[String: Any]])
            let links = try #require(result["links"] as? [[String: Any]])
            let captions = try #require(result["captions"] as? [String])
            #expect(images.count == 7 && links.count == 7 && captions.count == 7)
            // Grid, figures, links, images, captions and the names isolated in them: nothing
            // a name could have added; and the bare line-break opportunities the captions
            // put after each separator.
            #expect(result["elements"] as? Int == 2 + 7 * 5, "\(result)")
            let normalized = Self.hostileNames.map {
                $0.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
            }
            let separators = normalized.joined().filter { "-_./".contains($0) }.count
            #expect(result["breaks"] as? [String] == Array(repeating: "BDI:", count: separators), "\(result)")
            for (index, name) in normalized.enumerated() {
                #expect(images[index]["attributes"] as? String == "alt,loading,src")
                #expect(images[index]["alt"] as? String == "\(Self.shown(name)) · row \(index + 1)")
                #expect(images[index]["loaded"] as? Bool == true, "\(name) did not load")
                #expect(links[index]["attributes"] as? String == "href")
                #expect(links[index]["protocol"] as? String == "file:", "\(name): \(links[index])")
                #expect(links[index]["path"] as? String == folder + "/out/" + name)
                #expect(captions[index] == "\(Self.shown(name)) ·\u{A0}row\u{A0}\(index + 1)")
            }
        }
    }

    private func jsonString(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text])
        let array = String(decoding: data, as: UTF8.self)
        return String(array.dropFirst().dropLast())
    }
}
