/// The desktops wallgen can set a wallpaper on.
public enum DesktopKind: String, CaseIterable, Sendable {
    case gnome, unity, cinnamon, mate, kde, xfce, sway, hyprland, x11

    /// The names accepted for each, lowercased: the `XDG_CURRENT_DESKTOP` entries the
    /// desktops set, and the names a user would type.
    var names: [String] {
        switch self {
        case .gnome: ["gnome", "gnome-classic", "gnome-flashback"]
        case .unity: ["unity"]
        case .cinnamon: ["cinnamon", "x-cinnamon"]
        case .mate: ["mate"]
        case .kde: ["kde", "plasma", "kde-plasma"]
        case .xfce: ["xfce", "xfce4"]
        case .sway: ["sway"]
        case .hyprland: ["hyprland"]
        case .x11: ["x11", "x"]
        }
    }

    /// The desktop a name stands for (any case), or nil.
    public init?(name: String) {
        let lowered = name.lowercased()
        guard let kind = Self.allCases.first(where: { $0.names.contains(lowered) }) else { return nil }
        self = kind
    }

    /// The names the user may give, for error messages and help.
    public static var validNames: [String] { allCases.map(\.rawValue) }
}
