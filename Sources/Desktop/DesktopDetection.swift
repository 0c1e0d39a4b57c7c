/// Finds out which desktop is running from the session's environment variables.
///
/// `XDG_CURRENT_DESKTOP` is a colon-separated list, most specific first (Ubuntu sets
/// `ubuntu:GNOME`), so the first entry wallgen knows wins. Without one, the compositor's
/// own variables (`SWAYSOCK`, `HYPRLAND_INSTANCE_SIGNATURE`) and then a plain X display
/// decide.
public enum DesktopDetection {
    /// The desktop to set: `override` when given (a name from `DesktopKind.validNames`),
    /// else the one the environment shows.
    public static func detect(environment: [String: String], override: String? = nil) throws(DesktopError)
        -> DesktopKind
    {
        if let override {
            guard let kind = DesktopKind(name: override) else {
                throw .unsupportedDesktop(detected: override, valid: DesktopKind.validNames)
            }
            return kind
        }
        func present(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        let listed = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map(String.init)
        if let kind = listed.lazy.compactMap(DesktopKind.init(name:)).first { return kind }
        if present("SWAYSOCK") { return .sway }
        if present("HYPRLAND_INSTANCE_SIGNATURE") { return .hyprland }
        if present("DISPLAY") && !present("WAYLAND_DISPLAY") { return .x11 }
        if !listed.isEmpty {
            throw .unsupportedDesktop(detected: listed.joined(separator: ":"), valid: DesktopKind.validNames)
        }
        throw .unrecognisedSession(
            reason: present("WAYLAND_DISPLAY")
                ? "an unknown Wayland compositor (WAYLAND_DISPLAY is set, XDG_CURRENT_DESKTOP is not)"
                : "no graphical session (DISPLAY and WAYLAND_DISPLAY are unset)",
            valid: DesktopKind.validNames)
    }
}
