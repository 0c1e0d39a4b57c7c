import Escaping

/// The script KDE Plasma runs (`org.kde.PlasmaShell.evaluateScript`) to give each
/// monitor its own picture.
///
/// Plasma's scripting API names no outputs: each desktop (one per screen and activity)
/// has a screen number, and `screenGeometry(n)` says where that screen is. So the
/// script finds each monitor's desktops by the top-left corner of its screen, in the
/// layout's units as Plasma and the monitor detection both give them. A monitor whose
/// corner matches no desktop is an error before anything is changed, so a layout that
/// has moved since the monitors were read sets nothing rather than the wrong screens.
public enum PlasmaScript {
    /// KDE's `FillMode` for "Scaled and Cropped" (Qt's `Image.PreserveAspectCrop`).
    public static let scaledAndCropped = 2

    public static func wallpapers(_ assignments: [MonitorPicture]) -> String {
        let entries = assignments.map { assignment in
            "    {monitor: \(JavaScriptText.literal(assignment.monitor.name)), x: \(assignment.monitor.x), "
                + "y: \(assignment.monitor.y), image: \(JavaScriptText.literal(WallpaperSetter.fileURI(assignment.picture)))}"
        }
        return """
            // Written by wallgen: each monitor's picture, found by where its screen is.
            var pictures = [
            \(entries.joined(separator: ",\n"))
            ];
            var all = desktops();
            var chosen = [];
            for (var p = 0; p < pictures.length; p++) {
                var found = false;
                for (var d = 0; d < all.length; d++) {
                    if (all[d].screen < 0) continue;
                    var rect = screenGeometry(all[d].screen);
                    if (rect.x == pictures[p].x && rect.y == pictures[p].y) {
                        chosen.push({desktop: all[d], image: pictures[p].image});
                        found = true;
                    }
                }
                if (!found) {
                    throw new Error("no Plasma desktop has its screen at " + pictures[p].x + "," + pictures[p].y
                        + " (" + pictures[p].monitor + ")");
                }
            }
            for (var c = 0; c < chosen.length; c++) {
                var desktop = chosen[c].desktop;
                desktop.wallpaperPlugin = "org.kde.image";
                desktop.currentConfigGroup = ["Wallpaper", "org.kde.image", "General"];
                desktop.writeConfig("Image", chosen[c].image);
                desktop.writeConfig("FillMode", \(scaledAndCropped));
            }

            """
    }
}
