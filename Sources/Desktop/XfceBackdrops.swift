import Foundation

/// The xfconf-query commands that set XFCE's backdrops.
enum XfceBackdrops {
    static let listCommand = ["xfconf-query", "-c", "xfce4-desktop", "-l"]

    static func setCommand(property: String, value: String) -> [String] {
        ["xfconf-query", "-c", "xfce4-desktop", "-p", property, "-s", value]
    }

    /// The commands for the properties a listing printed: each `…/last-image` set to the
    /// picture, and the `…/image-style` beside it set to 5 (zoomed), created as an
    /// integer when the listing did not have it.
    static func commands(listing: String, picture: String) -> [[String]] {
        let properties = listing.split(whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
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
}
