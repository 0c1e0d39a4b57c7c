import Foundation
import Testing

/// Whether Selenium and chromedriver (Debian's python3-selenium and chromium-driver) are here.
let seleniumReady: Bool = {
    guard browserPath != nil, FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver") else {
        return false
    }
    let check = Process()
    check.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    check.arguments = ["-c", "import selenium, PIL"]
    check.standardOutput = FileHandle.nullDevice
    check.standardError = FileHandle.nullDevice
    guard (try? check.run()) != nil else { return false }
    check.waitUntilExit()
    return check.terminationStatus == 0
}()

/// The studio's page in headless Chromium, driven by Selenium as a person uses it
/// (`Tests/Studio/test_studio_page.py`, one class per test here, one at a time: each starts
/// its own studio and browser). Python drives the browser because Selenium's maintained
/// bindings are Python's (Debian's python3-selenium); running them from here keeps them in
/// the one `swift test` run, under its temporary-folder check, against the binary just built.
@Suite(.serialized) struct StudioBrowserTests {
    static let reason = "Selenium or chromedriver is missing (python3-selenium, chromium-driver, python3-pil)"

    /// Runs one class of the Python tests; its whole report is the failure's message.
    func run(_ testClass: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-m", "unittest", "-v", "test_studio_page." + testClass]
        process.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot + "/Tests/Studio")
        var environment = ProcessInfo.processInfo.environment
        environment["WALLGEN"] = productsFolder.appendingPathComponent("wallgen").path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(report)")
        #expect(report.contains("\nOK"), "\(report)")
    }

    @Test(.enabled(if: seleniumReady, Comment(rawValue: reason)))
    func wallpaperTab() throws { try run("WallpaperTabTests") }

    @Test(.enabled(if: seleniumReady, Comment(rawValue: reason)))
    func termsTab() throws { try run("TermsTabTests") }

    @Test(.enabled(if: seleniumReady, Comment(rawValue: reason)))
    func onAPhone() throws { try run("PhoneTests") }

    @Test(.enabled(if: seleniumReady, Comment(rawValue: reason)))
    func newcomersWeek() throws { try run("NewcomerTests") }

    @Test(.enabled(if: seleniumReady, Comment(rawValue: reason)))
    func newcomersWeekOnAPhone() throws { try run("PhoneNewcomerTests") }

    @Test(.enabled(if: seleniumReady, Comment(rawValue: reason)))
    func theSkyOfAPlace() throws { try run("SkyTests") }

    @Test(
        .enabled(if: seleniumReady, Comment(rawValue: reason)),
        .enabled(
            if: ["Xvfb", "xwd", "xwallpaper"].allSatisfy(ReferenceTests.installed),
            "Xvfb, xwd or xwallpaper is not installed (xvfb, x11-apps, xwallpaper)"))
    func applyOnAnXServer() throws { try run("ApplyTests") }
}
