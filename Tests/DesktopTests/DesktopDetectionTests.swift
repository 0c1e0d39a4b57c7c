import Desktop
import Testing

@Suite struct DesktopDetectionTests {
    @Test func readsTheSessionsVariables() throws {
        let cases: [([String: String], DesktopKind)] = [
            (["XDG_CURRENT_DESKTOP": "ubuntu:GNOME", "WAYLAND_DISPLAY": "wayland-0"], .gnome),
            (["XDG_CURRENT_DESKTOP": "Unity:Unity7:ubuntu", "DISPLAY": ":0"], .unity),
            (["XDG_CURRENT_DESKTOP": "X-Cinnamon"], .cinnamon),
            (["XDG_CURRENT_DESKTOP": "MATE"], .mate),
            (["XDG_CURRENT_DESKTOP": "KDE"], .kde),
            (["XDG_CURRENT_DESKTOP": "XFCE"], .xfce),
            (["XDG_CURRENT_DESKTOP": "sway:wlroots"], .sway),
            (["XDG_CURRENT_DESKTOP": "Hyprland"], .hyprland),
            (["SWAYSOCK": "/run/user/1000/sway-ipc.sock", "WAYLAND_DISPLAY": "wayland-1"], .sway),
            (["HYPRLAND_INSTANCE_SIGNATURE": "abc", "WAYLAND_DISPLAY": "wayland-1"], .hyprland),
            (["DISPLAY": ":0"], .x11),
            (["XDG_CURRENT_DESKTOP": "i3", "DISPLAY": ":1"], .x11),
        ]
        for (environment, expected) in cases {
            #expect(try DesktopDetection.detect(environment: environment) == expected, "\(environment)")
        }
    }

    @Test func anOverrideWinsAndIsChecked() throws {
        #expect(try DesktopDetection.detect(environment: ["XDG_CURRENT_DESKTOP": "GNOME"], override: "Plasma") == .kde)
        #expect(throws: DesktopError.unsupportedDesktop(detected: "amiga", valid: DesktopKind.validNames)) {
            try DesktopDetection.detect(environment: [:], override: "amiga")
        }
    }

    @Test func namesWhatWasFoundWhenItCannotSetIt() throws {
        let valid = ["gnome", "unity", "cinnamon", "mate", "kde", "xfce", "sway", "hyprland", "x11"]
        #expect(DesktopKind.validNames == valid)
        #expect(throws: DesktopError.unsupportedDesktop(detected: "LXQt:wayfire", valid: valid)) {
            try DesktopDetection.detect(environment: ["XDG_CURRENT_DESKTOP": "LXQt:wayfire", "WAYLAND_DISPLAY": "w"])
        }
        #expect(
            throws: DesktopError.unrecognisedSession(
                reason: "no graphical session (DISPLAY and WAYLAND_DISPLAY are unset)", valid: valid)
        ) { try DesktopDetection.detect(environment: [:]) }
        let message = DesktopError.unsupportedDesktop(detected: "LXQt", valid: valid).description
        #expect(
            message == "wallgen cannot set the wallpaper of the desktop \"LXQt\"; name one of: "
                + "gnome, unity, cinnamon, mate, kde, xfce, sway, hyprland, x11")
    }
}
