/// Setting the lock screen's picture, where the desktop has a lock screen of its own.
public enum LockScreen {
    /// What `--lock-screen` does on a desktop.
    public enum Plan: Sendable, Equatable {
        /// Commands that set it.
        case steps([SetterStep])
        /// The lock screen shows the desktop's background: nothing more to set.
        case followsDesktop(String)
    }

    /// The plan that makes `picture` (an absolute path) the lock screen of `desktop`,
    /// with `writer` (one of `SetterPrograms.kdeConfigWriters`) for KDE; refused where
    /// wallgen cannot set it.
    public static func plan(desktop: DesktopKind, picture: String, writer: String) throws(DesktopError) -> Plan {
        switch desktop {
        case .kde:
            // kscreenlocker reads [Greeter] WallpaperPlugin, then the plugin's settings in
            // [Greeter][Wallpaper][org.kde.image][General].
            let file = [writer, "--file", "kscreenlockerrc", "--group", "Greeter"]
            let image = file + ["--group", "Wallpaper", "--group", "org.kde.image", "--group", "General"]
            return .steps([
                .run(file + ["--key", "WallpaperPlugin", "org.kde.image"]),
                .run(image + ["--key", "Image", WallpaperSetter.fileURI(picture)]),
                .run(image + ["--key", "FillMode", String(PlasmaScript.scaledAndCropped)]),
            ])
        case .gnome, .unity:
            return .followsDesktop(
                "GNOME draws its lock screen from the desktop background, so the lock screen shows this picture too: nothing more to set"
            )
        case .cinnamon:
            return .followsDesktop(
                "Cinnamon's screensaver draws the desktop background on its lock screen: nothing more to set")
        case .mate:
            throw .noLockScreen(desktop: "mate", reason: "mate-screensaver has no picture setting of its own")
        case .xfce:
            throw .noLockScreen(
                desktop: "xfce", reason: "xfce4-screensaver and light-locker have no picture setting of their own")
        case .sway:
            throw .noLockScreen(
                desktop: "sway", reason: "swaylock takes its picture on its command line: swaylock -i FILE")
        case .hyprland:
            throw .noLockScreen(desktop: "hyprland", reason: "hyprlock reads its picture from hyprlock.conf")
        case .x11:
            throw .noLockScreen(desktop: "x11", reason: "a plain X session has no lock screen of its own")
        }
    }
}
