import Almanac
import Desktop
import Testing

@testable import WallgenCommands

/// The options of `apply`, `schedule` and `kde-package` that this issue added, parsed
/// and checked before anything runs.
@Suite struct DesktopOptionsTests {
    static let today = CivilDate(year: 2026, month: 11, day: 30)!

    func parse(_ arguments: [String]) throws(CommandFailure) -> Invocation {
        try Invocation.parse(arguments, today: Self.today, environment: ["HOME": "/home/me"])
    }

    @Test func applyTakesAPicturePerMonitor() throws {
        guard
            let request = try parse(["apply", "--monitor", "DP-1=a.png", "--monitor", "HDMI-A-1=b=c.png"])
                .request(of: ApplyCommand.self)
        else {
            Issue.record("not apply")
            return
        }
        #expect(
            request.monitorPictures == [
                MonitorFile(name: "DP-1", path: "a.png"), MonitorFile(name: "HDMI-A-1", path: "b=c.png"),
            ])
        #expect(request.picture == nil)
    }

    @Test(arguments: [
        (["apply", "--monitor", "DP-1"], "--monitor must be a monitor's name, = and a picture file"),
        (["apply", "--monitor", "=a.png"], "--monitor must be a monitor's name"),
        (["apply", "--monitor", "DP-1=a.png", "--monitor", "DP-1=b.png"], "given twice"),
        (["apply", "a.png", "--monitor", "DP-1=b.png"], "only one of them"),
        (["apply", "--monitor", "DP-1=a.png", "--dark", "d.png"], "--dark goes with one picture"),
        (["apply", "a.png", "--monitors", "layout.txt"], "--monitors goes with --monitor or --now"),
        (["schedule", "--device", "here", "--size", "800x600"], "--device here takes its sizes from the monitors"),
        (["schedule", "--device", "all"], "name the sizes you use"),
        (["kde-package"], "needs -o FOLDER"),
        (["kde-package", "-o", "p", "--format", "webp"], "a package holds PNG or JPEG"),
        (["kde-package", "-o", "p", "--apply"], "plasma-apply-wallpaperimage"),
        (["kde-package", "-o", "p", "--device", "here"], "not here or --span"),
        (["kde-package", "-o", "p", "--lang", "en"], "--lang"),
    ])
    func mistakesAreNamed(arguments: [String], message: String) throws {
        do {
            _ = try parse(arguments)
            Issue.record("accepted \(arguments)")
        } catch {
            #expect(error.message.contains(message), "\(arguments): \(error.message)")
        }
    }

    @Test func scheduleTakesTheMonitorsSizes() throws {
        guard let request = try parse(["schedule", "--device", "here"]).request(of: ScheduleCommand.self) else {
            Issue.record("not schedule")
            return
        }
        #expect(request.perMonitor && request.sizes.isEmpty && request.monitorsFile == nil)
        guard let fromFile = try parse(["schedule", "--monitors", "m.txt"]).request(of: ScheduleCommand.self) else {
            Issue.record("not schedule")
            return
        }
        #expect(fromFile.perMonitor && fromFile.monitorsFile == "m.txt")
    }

    @Test func aPackageHasTheMonitorPresetsUnlessSizesAreGiven() throws {
        guard
            let request = try parse(["kde-package", "-o", "pkg", "--season", "winter"])
                .request(of: KDEPackageCommand.self)
        else {
            Issue.record("not kde-package")
            return
        }
        #expect(
            request.sizes.map { "\($0.width)x\($0.height)" } == [
                "1920x1080", "2560x1440", "3840x2160", "2560x1080", "1366x768", "2560x1664",
            ])
        #expect(request.name == "Winter (wallgen)")
        guard
            let card = try parse([
                "kde-package", "-o", "pkg", "--term", "冬至", "--size", "100x50", "--device", "desktop-hd",
                "--lang", "en", "--name", "Mine",
            ]).request(of: KDEPackageCommand.self)
        else {
            Issue.record("not kde-package")
            return
        }
        #expect(card.sizes.map { "\($0.width)x\($0.height)" } == ["100x50", "1920x1080"])
        #expect(card.name == "Mine")
        guard case .card(let term) = card.picture else {
            Issue.record("not a card")
            return
        }
        #expect(term.spec.term.name == "冬至" && term.spec.language == .english)
    }
}
