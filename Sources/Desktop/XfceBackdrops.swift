import FoundationEssentials
import Platform

/// The xfconf-query commands that set XFCE's backdrops.
enum XfceBackdrops {
    static let listCommand = ["xfconf-query", "-c", "xfce4-desktop", "-l"]
    /// How many workspaces xfwm4 has; absent when xfwm4 never saved it.
    static let workspaceCountCommand = ["xfconf-query", "-c", "xfwm4", "-p", "/general/workspace_count"]

    static func setCommand(property: String, value: String) -> [String] {
        ["xfconf-query", "-c", "xfce4-desktop", "-p", property, "-s", value]
    }

    /// The commands for the properties a listing printed: each `…/last-image` set to the
    /// picture, and the `…/image-style` beside it set to 5 (zoomed), created as an
    /// integer when the listing did not have it.
    static func commands(listing: String, picture: String) -> [[String]] {
        let properties = listedProperties(listing)
        let known = Set(properties)
        var commands: [[String]] = []
        for property in properties where property.hasSuffix("/last-image") {
            commands.append(setCommand(property: property, value: picture))
            let style = String(property.dropLast("last-image".count)) + "image-style"
            if known.contains(style) {
                commands.append(setCommand(property: style, value: "5"))
            } else {
                commands.append(["xfconf-query", "-c", "xfce4-desktop", "-p", style, "-n", "-t", "int", "-s", "5"])
            }
        }
        return commands
    }

    /// The two commands that set one monitor's picture on one workspace, each made when
    /// missing (`-n` with its type; an existing property is simply set).
    static func monitorCommands(monitor: String, workspace: String, picture: String) -> [[String]] {
        let base = "/backdrop/screen0/monitor\(monitor)/workspace\(workspace)/"
        return [
            ["xfconf-query", "-c", "xfce4-desktop", "-p", base + "last-image", "-n", "-t", "string", "-s", picture],
            ["xfconf-query", "-c", "xfce4-desktop", "-p", base + "image-style", "-n", "-t", "int", "-s", "5"],
        ]
    }

    /// Every workspace of every monitor: workspaces 0 to `workspaceCount` - 1 (1 when
    /// unknown), and any other the listing holds for that monitor.
    static func commands(monitors: [XfceMonitorPicture], workspaceCount: Int?, listing: String) -> [[String]] {
        let properties = listedProperties(listing)
        var commands: [[String]] = []
        for assignment in monitors {
            var workspaces = Set(0..<max(1, min(workspaceCount ?? 1, 64)))
            let prefix = "/backdrop/screen0/monitor\(assignment.monitor)/workspace"
            for property in properties where property.hasPrefix(prefix) {
                let digits = property.dropFirst(prefix.count).prefix { $0.isASCII && $0.isNumber }
                if let number = Int(digits), number < 64 { workspaces.insert(number) }
            }
            for workspace in workspaces.sorted() {
                commands += monitorCommands(
                    monitor: assignment.monitor, workspace: String(workspace), picture: assignment.picture)
            }
        }
        return commands
    }

    private static func listedProperties(_ listing: String) -> [String] {
        listing.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces() }
    }
}
