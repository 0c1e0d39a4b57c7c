import Escaping

/// One scheme in each of the formats its programs read, as (file name, text). Each is the
/// program's own syntax, checked by the program or its parser in the tests:
///
/// - `colors.json`: pywal's cache layout (`wal --theme DIR/colors.json`);
/// - `colors.Xresources`: `*.background`, `*.foreground`, `*.cursorColor`, `*.color0`…;
/// - `kitty.conf`: an `include`-able file of kitty's colour settings;
/// - `alacritty.toml`: alacritty's `[colors.*]` tables (`import` it);
/// - `foot.ini`: foot's `[colors]` and `[cursor]` sections (`include=` it);
/// - `gtk.css`: `@define-color` names, pywal's and libadwaita's;
/// - `colors.sh`: shell variables, as pywal's `colors.sh`;
/// - `material.json`: the seed and Material 3's light and dark roles.
public enum SchemeFiles {
    /// The ANSI names alacritty uses for colours 0…7.
    static let ansiNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    public static let names = [
        "colors.json", "colors.Xresources", "kitty.conf", "alacritty.toml", "foot.ini", "gtk.css", "colors.sh",
        "material.json",
    ]

    /// Every file of the scheme; `picture` is the wallpaper it belongs to, as pywal records it.
    public static func files(_ scheme: TerminalScheme, material: MaterialScheme, picture: String) -> [(
        name: String, text: String
    )] {
        [
            ("colors.json", pywal(scheme, picture: picture)), ("colors.Xresources", xresources(scheme)),
            ("kitty.conf", kitty(scheme)), ("alacritty.toml", alacritty(scheme)), ("foot.ini", foot(scheme)),
            ("gtk.css", gtk(scheme, material: material)), ("colors.sh", shell(scheme, picture: picture)),
            ("material.json", materialJSON(material)),
        ]
    }

    static func pywal(_ scheme: TerminalScheme, picture: String) -> String {
        let colours = scheme.colours.enumerated().map { "        \"color\($0.offset)\": \"\($0.element.hex)\"" }
        return """
            {
                "wallpaper": \(JSONText.quoted(picture)),
                "alpha": "100",
                "special": {
                    "background": "\(scheme.background.hex)",
                    "foreground": "\(scheme.foreground.hex)",
                    "cursor": "\(scheme.cursor.hex)"
                },
                "colors": {
            \(colours.joined(separator: ",\n"))
                }
            }

            """
    }

    static func xresources(_ scheme: TerminalScheme) -> String {
        let colours = scheme.colours.enumerated().map { "*.color\($0.offset): \($0.element.hex)" }
        return """
            ! wallgen's scheme: xrdb -merge this file
            *.background: \(scheme.background.hex)
            *.foreground: \(scheme.foreground.hex)
            *.cursorColor: \(scheme.cursor.hex)
            \(colours.joined(separator: "\n"))

            """
    }

    static func kitty(_ scheme: TerminalScheme) -> String {
        let colours = scheme.colours.enumerated().map { "color\($0.offset) \($0.element.hex)" }
        return """
            # wallgen's scheme: include this file from kitty.conf
            background \(scheme.background.hex)
            foreground \(scheme.foreground.hex)
            cursor \(scheme.cursor.hex)
            cursor_text_color \(scheme.background.hex)
            selection_background \(scheme.foreground.hex)
            selection_foreground \(scheme.background.hex)
            \(colours.joined(separator: "\n"))

            """
    }

    static func alacritty(_ scheme: TerminalScheme) -> String {
        func table(_ name: String, _ offset: Int) -> String {
            "[colors.\(name)]\n"
                + ansiNames.enumerated().map { "\($0.element) = \"\(scheme.colours[offset + $0.offset].hex)\"" }
                .joined(separator: "\n")
        }
        return """
            # wallgen's scheme: import it from alacritty.toml (general.import, or import before 0.14)
            [colors.primary]
            background = "\(scheme.background.hex)"
            foreground = "\(scheme.foreground.hex)"

            [colors.cursor]
            text = "\(scheme.background.hex)"
            cursor = "\(scheme.cursor.hex)"

            \(table("normal", 0))

            \(table("bright", 8))

            """
    }

    static func foot(_ scheme: TerminalScheme) -> String {
        let regular = (0..<8).map { "regular\($0)=\(scheme.colours[$0].hexDigits)" }
        let bright = (0..<8).map { "bright\($0)=\(scheme.colours[8 + $0].hexDigits)" }
        return """
            # wallgen's scheme: include=this file from foot.ini
            [cursor]
            color=\(scheme.background.hexDigits) \(scheme.cursor.hexDigits)

            [colors]
            background=\(scheme.background.hexDigits)
            foreground=\(scheme.foreground.hexDigits)
            \((regular + bright).joined(separator: "\n"))

            """
    }

    static func gtk(_ scheme: TerminalScheme, material: MaterialScheme) -> String {
        let roles = Dictionary(uniqueKeysWithValues: scheme.isDark ? material.dark : material.light)
        let named: [(String, SchemeColour)] =
            [("background", scheme.background), ("foreground", scheme.foreground), ("cursor", scheme.cursor)]
            + scheme.colours.enumerated().map { ("color\($0.offset)", $0.element) }
            + [
                ("window_bg_color", scheme.background), ("window_fg_color", scheme.foreground),
                ("view_bg_color", roles["surfaceContainerLow"]!), ("view_fg_color", roles["onSurface"]!),
                ("accent_bg_color", roles["primary"]!), ("accent_fg_color", roles["onPrimary"]!),
                ("accent_color", roles["primary"]!),
            ]
        return "/* wallgen's scheme: @import this file from gtk.css */\n"
            + named.map { "@define-color \($0.0) \($0.1.hex);" }.joined(separator: "\n") + "\n"
    }

    static func shell(_ scheme: TerminalScheme, picture: String) -> String {
        let named: [(String, String)] =
            [
                ("wallpaper", picture), ("background", scheme.background.hex), ("foreground", scheme.foreground.hex),
                ("cursor", scheme.cursor.hex),
            ] + scheme.colours.enumerated().map { ("color\($0.offset)", $0.element.hex) }
        return "# wallgen's scheme: . this file from a shell\n"
            + named.map { "\($0.0)=\(ShellQuoting.quote($0.1))" }.joined(separator: "\n") + "\n"
    }

    static func materialJSON(_ material: MaterialScheme) -> String {
        func roles(_ list: [(role: String, colour: SchemeColour)]) -> String {
            list.map { "        \"\($0.role)\": \"\($0.colour.hex)\"" }.joined(separator: ",\n")
        }
        return """
            {
                "seed": "\(material.seed.hex)",
                "light": {
            \(roles(material.light))
                },
                "dark": {
            \(roles(material.dark))
                }
            }

            """
    }
}
