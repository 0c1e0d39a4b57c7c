/// The programs that set each desktop's wallpaper: which one a plan uses, the Debian
/// package that provides it, and the picture formats it reads.
public enum SetterPrograms {
    /// The programs a desktop's plan may use, in order of preference.
    public static func programs(for desktop: DesktopKind, perMonitor: Bool = false) -> [String] {
        switch desktop {
        case .gnome, .unity, .cinnamon, .mate: ["gsettings"]
        case .kde: perMonitor ? ["dbus-send"] : ["plasma-apply-wallpaperimage"]
        case .xfce: ["xfconf-query"]
        case .sway: ["swaymsg"]
        case .hyprland: ["hyprctl"]
        case .x11: ["xwallpaper", "feh", "hsetroot"]
        }
    }

    /// The programs that write KDE's lock screen settings, newest Plasma first.
    public static let kdeConfigWriters = ["kwriteconfig6", "kwriteconfig5"]

    /// The Debian package a program comes in, or a note where Debian has none.
    public static func package(of program: String) -> String {
        switch program {
        case "gsettings": "libglib2.0-bin"
        case "plasma-apply-wallpaperimage": "plasma-workspace"
        case "dbus-send": "dbus-bin"
        case "kwriteconfig5": "libkf5config-bin"
        case "kwriteconfig6": "Plasma 6's KConfig (not in Debian 12)"
        case "xfconf-query": "xfconf"
        case "swaymsg": "sway"
        case "hyprctl": "Hyprland (not packaged in Debian 12)"
        default: program
        }
    }

    /// "Debian package: sway", "Debian packages: xwallpaper, feh or hsetroot".
    static func packageText(_ packages: [String]) -> String {
        packages.count == 1
            ? "Debian package: \(packages[0])"
            : "Debian packages: " + packages.dropLast().joined(separator: ", ") + " or " + packages.last!
    }

    /// The formats a program shows. Every setter reads PNG and JPEG. xwallpaper is built
    /// with libpng and libjpeg alone; feh and hsetroot read through Imlib2, whose Debian
    /// build has a WebP loader; hyprpaper reads WebP itself. GNOME, Cinnamon, MATE and XFCE
    /// read through gdk-pixbuf and KDE through Qt, whose WebP and HEIF loaders are
    /// separate packages a system may lack (webp-pixbuf-loader, qt5-image-formats-plugins,
    /// kimageformat-plugins), and swaybg through gdk-pixbuf too: PNG and JPEG only, to be
    /// sure. HEIF (HEIC, AVIF) is left to no setter: its decoders are optional everywhere.
    public static func reads(_ program: String) -> Set<PictureFormat> {
        switch program {
        case "feh", "hsetroot", "hyprctl": [.png, .jpeg, .webp]
        default: [.png, .jpeg]
        }
    }
}
