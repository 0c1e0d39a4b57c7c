import Foundation
import Testing

@testable import Desktop

/// The monitor parsers on recorded outputs, with the expected monitors worked out by
/// hand from the recordings; the span layout on them; the source chosen by session.
@Suite struct MonitorTests {
    typealias Recorded = RecordedMonitorOutputs

    @Test func xrandrTwoMonitorsSkipsDisconnectedAndSwitchedOff() {
        #expect(
            XrandrMonitors.parse(Recorded.xrandrTwo) == [
                Monitor(name: "DP-1", width: 2560, height: 1440, x: 0, y: 0, isPrimary: true),
                Monitor(name: "HDMI-1", width: 1920, height: 1080, x: 2560, y: 180),
            ])
    }

    @Test func xrandrRotatedAndScaled() {
        let monitors = XrandrMonitors.parse(Recorded.xrandrThree)
        #expect(monitors.count == 3)
        #expect(monitors[0] == Monitor(name: "DP-1", width: 1920, height: 1080, x: 0, y: 420, isPrimary: true))
        #expect(monitors[1] == Monitor(name: "DP-2", width: 1080, height: 1920, x: 1920, y: 0))
        // A 1920x1080 mode shown over 2880x1620 of the screen: 2/3 of a pixel per screen pixel.
        #expect(monitors[2].name == "HDMI-1" && monitors[2].width == 1920 && monitors[2].height == 1080)
        #expect(monitors[2].x == 3000 && abs(monitors[2].scale - 2.0 / 3.0) < 1e-9)
        #expect(monitors[2].layoutWidth == 2880 && monitors[2].layoutHeight == 1620)
    }

    @Test func swayScaledRotatedNegativeAndInactive() throws {
        #expect(
            try SwayOutputs.parse(Recorded.sway) == [
                Monitor(name: "eDP-1", width: 3840, height: 2160, x: 0, y: 0, scale: 2),
                Monitor(name: "DP-3", width: 1440, height: 2560, x: -1440, y: -400),
            ])
    }

    @Test func wlrRandrNegativeScaledTurnedAndDisabled() throws {
        #expect(
            try WlrRandrOutputs.parse(Recorded.wlrRandr) == [
                Monitor(name: "DP-1", width: 1920, height: 1080, x: -1920, y: 0),
                Monitor(name: "eDP-1", width: 2880, height: 1800, x: 0, y: 0, scale: 1.5),
                Monitor(name: "HDMI-A-1", width: 1080, height: 1920, x: 1920, y: -200),
            ])
    }

    @Test func gnomePicksTheConfigurationOfTheConnectedMonitors() throws {
        #expect(
            try GnomeMonitorsXML.parse(Recorded.gnome, connected: ["eDP-1", "DP-1", "HDMI-1"]) == [
                Monitor(name: "DP-1", width: 2560, height: 1440, x: -2560, y: 0, isPrimary: true),
                Monitor(name: "HDMI-1", width: 1200, height: 1920, x: 0, y: -600),
            ])
        #expect(
            try GnomeMonitorsXML.parse(Recorded.gnome, connected: ["eDP-1"]) == [
                Monitor(name: "eDP-1", width: 3840, height: 2160, x: 0, y: 0, scale: 2, isPrimary: true)
            ])
        #expect(throws: DesktopError.self) { try GnomeMonitorsXML.parse(Recorded.gnome, connected: nil) }
        #expect(throws: DesktopError.self) { try GnomeMonitorsXML.parse("<monitors><configuration>", connected: nil) }
    }

    @Test func simpleLinesAndTheirMistakes() throws {
        #expect(
            try MonitorLines.parse("# my desk\nLEFT 1920x1080-1920+0\nMAIN 3840x2160+0+0 scale 2\n\n") == [
                Monitor(name: "LEFT", width: 1920, height: 1080, x: -1920, y: 0),
                Monitor(name: "MAIN", width: 3840, height: 2160, x: 0, y: 0, scale: 2),
            ])
        #expect {
            try MonitorLines.parse("A 1920x1080+0+0\nB 1920x1080")
        } throws: { error in
            (error as? DesktopError)?.description.contains("line 2 is not 'NAME WIDTHxHEIGHT+X+Y") == true
        }
    }

    /// A file of any tool's output is told apart by its content.
    @Test func filesAreToldApartByContent() throws {
        #expect(try MonitorDetection.parse(Recorded.xrandrTwo) == XrandrMonitors.parse(Recorded.xrandrTwo))
        #expect(try MonitorDetection.parse(Recorded.sway) == SwayOutputs.parse(Recorded.sway))
        #expect(try MonitorDetection.parse(Recorded.wlrRandr) == WlrRandrOutputs.parse(Recorded.wlrRandr))
        #expect(try MonitorDetection.parse("A 10x20+0+0").map(\.name) == ["A"])
    }

    @Test func sourceFollowsTheSession() throws {
        #expect(
            try MonitorDetection.source(environment: ["SWAYSOCK": "/run/sway.sock", "WAYLAND_DISPLAY": "w"]) == .sway)
        #expect(
            try MonitorDetection.source(environment: [
                "XDG_CURRENT_DESKTOP": "ubuntu:GNOME", "WAYLAND_DISPLAY": "wayland-0", "HOME": "/home/me",
                "XDG_CONFIG_HOME": "/cfg",
            ]) == .gnome(path: "/cfg/monitors.xml"))
        #expect(try MonitorDetection.source(environment: ["XDG_CURRENT_DESKTOP": "GNOME", "DISPLAY": ":0"]) == .xrandr)
        #expect(
            try MonitorDetection.source(environment: ["XDG_CURRENT_DESKTOP": "Hyprland", "WAYLAND_DISPLAY": "w"])
                == .wlrRandr)
        #expect(throws: DesktopError.self) { try MonitorDetection.source(environment: [:]) }
    }

    @Test func spanOfTwoSideBySide() throws {
        let layout = try #require(SpanLayout(XrandrMonitors.parse(Recorded.xrandrTwo)))
        #expect(layout.canvasWidth == 4480 && layout.canvasHeight == 1440)
        #expect(
            layout.tiles == [
                PixelRect(x: 0, y: 0, width: 2560, height: 1440), PixelRect(x: 2560, y: 180, width: 1920, height: 1080),
            ])
    }

    /// Negative positions move the origin; the canvas is at the largest scale (1.5),
    /// so the 1x monitors' rectangles are 1.5 times their pixels (resampled later).
    @Test func spanAtTheLargestScaleWithNegativePositions() throws {
        let layout = try #require(SpanLayout(try WlrRandrOutputs.parse(Recorded.wlrRandr)))
        #expect(layout.scale == 1.5)
        #expect(
            layout.tiles == [
                PixelRect(x: 0, y: 300, width: 2880, height: 1620),
                PixelRect(x: 2880, y: 300, width: 2880, height: 1800),
                PixelRect(x: 5760, y: 0, width: 1620, height: 2880),
            ])
        #expect(layout.canvasWidth == 7380 && layout.canvasHeight == 2880)
        #expect(SpanLayout([]) == nil)
    }
}
