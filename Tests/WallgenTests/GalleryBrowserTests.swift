import Foundation
import TestSupport
import Testing

/// The path of a Chromium-family browser, if this machine has one.
let browserPath = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}

/// The gallery page opened in a real headless browser: it loads without console
/// errors, next cycles through the season and back, the caption follows, the arrow keys
/// and the season tabs work.
@Suite struct GalleryBrowserTests {
    static let checker = """
        <!DOCTYPE html>
        <html><body>
        <iframe id="frame" src="index.html" width="900" height="1000"></iframe>
        <script>
        const frame = document.getElementById("frame");
        frame.addEventListener("load", function () {
          const page = frame.contentDocument;
          const current = function () { return page.body.dataset.current; };
          const result = { seen: [current()] };
          result.captions = [page.getElementById("caption").textContent];
          for (let i = 0; i < 6; i++) {
            page.getElementById("next").click();
            result.seen.push(current());
            result.captions.push(page.getElementById("caption").textContent);
          }
          page.getElementById("previous").click();
          result.previous = current();
          page.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight" }));
          result.arrow = current();
          page.querySelectorAll("[role=tab]")[3].click();
          result.winter = current();
          result.imageLoaded = page.getElementById("card").naturalWidth > 0;
          document.body.setAttribute("data-result", JSON.stringify(result));
        });
        </script>
        </body></html>
        """

    @Test(
        .enabled(
            if: browserPath != nil, "no Chromium browser here (Scripts/test installs Debian's chromium when it can)"))
    func galleryWorksInAHeadlessBrowser() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let made = try launch(["terms", "-o", folder, "--size", "60x130"], in: folder)
        #expect(made.status == 0, "\(made.standardError)")
        let result = try Self.runChecker(Self.checker, in: folder)
        let seen = result["seen"] as! [String]
        #expect(seen.first == "01-lichun.png" && seen[1] == "02-yushui.png")
        #expect(seen.last == "01-lichun.png", "six times next comes back to the first term: \(seen)")
        let captions = result["captions"] as? [String] ?? []
        #expect(captions.count == 7 && captions[0].hasPrefix("立春 · ") && captions[1].hasPrefix("雨水 · "), "\(captions)")
        #expect(result["previous"] as? String == "06-guyu.png", "previous from the first cycles to the last")
        #expect(result["arrow"] as? String == "01-lichun.png")
        #expect(result["winter"] as? String == "19-lidong.png")
        #expect(result["imageLoaded"] as? Bool == true)
    }
}

extension GalleryBrowserTests {
    /// Opens `page` (written beside the gallery) in headless Chromium, and returns what
    /// it reported in its body's `data-result`, with no console errors.
    static func runChecker(_ page: String, in folder: String) throws -> [String: Any] {
        try page.write(toFile: folder + "/check.html", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browserPath!)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files", "--enable-logging=stderr",
            "--v=0", "--virtual-time-budget=10000", "--window-size=1400,1000", "--dump-dom",
            "file://" + folder + "/check.html",
        ]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Both pipes are drained at once, so neither can fill up and stall the browser.
        let log = DrainedPipe(errors)
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let consoleErrors = log.text().split(separator: "\n").filter {
            $0.contains(":CONSOLE") && ($0.contains("Uncaught") || $0.contains("Error"))
        }
        #expect(consoleErrors.isEmpty, "console errors: \(consoleErrors)")
        let marker = "data-result=\""
        let start = try #require(dom.range(of: marker), "the page never reported; DOM: \(dom.prefix(500))")
        let encoded = dom[start.upperBound...].prefix { $0 != "\"" }
        var json = encoded.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        // A checker whose result holds any text at all sends it percent-encoded.
        if json.hasPrefix("%7B") { json = json.removingPercentEncoding ?? json }
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    /// The page in a phone's window and a desktop's, opened at a card by its address.
    static let viewports = """
        <!DOCTYPE html>
        <html><body>
        <iframe id="phone" src="index.html#dongzhi" width="390" height="844" style="border:0"></iframe>
        <iframe id="desk" src="index.html#qingming" width="1280" height="900" style="border:0"></iframe>
        <script>
        let loaded = 0;
        const result = {};
        function measure(name) {
          const frame = document.getElementById(name);
          const page = frame.contentDocument;
          const width = frame.contentWindow.innerWidth;
          const inside = function (id) {
            const box = page.getElementById(id).getBoundingClientRect();
            return box.left >= 0 && box.right <= width && box.width > 0;
          };
          result[name] = {
            width: width,
            scrollWidth: page.documentElement.scrollWidth,
            previousInside: inside("previous"),
            nextInside: inside("next"),
            current: page.body.dataset.current,
            link: page.getElementById("link").getAttribute("href"),
            alt: page.getElementById("card").alt,
            hash: frame.contentWindow.location.hash
          };
        }
        ["phone", "desk"].forEach(function (name) {
          document.getElementById(name).addEventListener("load", function () {
            measure(name);
            loaded += 1;
            if (loaded === 2) document.body.setAttribute("data-result", JSON.stringify(result));
          });
        });
        </script>
        </body></html>
        """

    /// On a phone-sized window the page does not scroll sideways and both buttons are
    /// inside it; on a desktop too. The fragment opens its card, which links to its file
    /// and says in its alt text what the card says.
    @Test(
        .enabled(
            if: browserPath != nil, "no Chromium browser here (Scripts/test installs Debian's chromium when it can)"))
    func galleryFitsAPhoneAndADesktopAndOpensTheCardNamed() throws {
        try withTemporaryFolder { folder in
            let made = try launch(["terms", "-o", folder, "--size", "117x253", "-q"], in: folder)
            #expect(made.status == 0, "\(made.standardError)")
            let result = try Self.runChecker(Self.viewports, in: folder)
            let phone = try #require(result["phone"] as? [String: Any])
            let desk = try #require(result["desk"] as? [String: Any])
            for (name, page) in [("phone", phone), ("desk", desk)] {
                let width = try #require(page["width"] as? Int)
                #expect((page["scrollWidth"] as? Int).map { $0 <= width } == true, "\(name) scrolls sideways: \(page)")
                #expect(
                    page["previousInside"] as? Bool == true && page["nextInside"] as? Bool == true, "\(name): \(page)")
            }
            #expect(phone["width"] as? Int == 390 && desk["width"] as? Int == 1280)
            #expect(phone["current"] as? String == "22-dongzhi.png" && phone["link"] as? String == "22-dongzhi.png")
            #expect(desk["current"] as? String == "05-qingming.png" && desk["hash"] as? String == "#qingming")
            let alt = try #require(phone["alt"] as? String)
            #expect(alt.hasPrefix("冬至，國曆12月21、22日。") && alt.contains("湯圓"), "\(alt)")
        }
    }
}

/// Reads a pipe to its end on a background thread.
final class DrainedPipe: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        DispatchQueue.global().async {
            self.data = pipe.fileHandleForReading.readDataToEndOfFile()
            self.done.signal()
        }
    }

    /// Waits for the end of the pipe and returns what came through it.
    func text() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
