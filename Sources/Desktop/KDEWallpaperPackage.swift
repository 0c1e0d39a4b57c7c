import FoundationEssentials

/// The layout of a KDE Plasma wallpaper package, which Plasma's wallpaper settings list
/// and `plasma-apply-wallpaperimage DIR` applies: `metadata.json`, and the picture at
/// several sizes in `contents/images/WxH.ext` (Plasma picks the one nearest the
/// screen's), the dark style's in `contents/images_dark/`.
public enum KDEWallpaperPackage {
    private struct Metadata: Encodable {
        var plugin: Plugin
        enum CodingKeys: String, CodingKey { case plugin = "KPlugin" }
    }

    private struct Plugin: Encodable {
        var authors: [Author]
        var id: String
        var license: String
        var name: String
        enum CodingKeys: String, CodingKey {
            case authors = "Authors"
            case id = "Id"
            case license = "License"
            case name = "Name"
        }
    }

    private struct Author: Encodable {
        var name: String
        enum CodingKeys: String, CodingKey { case name = "Name" }
    }

    /// `metadata.json`: the package's id, the name Plasma shows, who made it and under
    /// which licence (an SPDX identifier).
    public static func metadata(id: String, name: String, author: String, license: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let metadata = Metadata(plugin: Plugin(authors: [Author(name: author)], id: id, license: license, name: name))
        // Encoding strings cannot fail.
        return String(decoding: (try? encoder.encode(metadata)) ?? Data(), as: UTF8.self) + "\n"
    }

    /// A package id from a name: `wallgen-` and the name's ASCII letters and digits,
    /// lowercased, other runs becoming one `-` (`wallgen-winter`).
    public static func id(for name: String) -> String {
        var slug = ""
        for scalar in name.unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if ("A"..."Z").contains(scalar) {
                slug += String(scalar).lowercased()
            } else if !slug.isEmpty && !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        // "Winter (wallgen)" is wallgen-winter: the prefix says whose it is once.
        let words = slug.split(separator: "-").filter { $0 != "wallgen" }
        return "wallgen-" + (words.isEmpty ? "wallpaper" : words.joined(separator: "-"))
    }

    /// Where one picture goes inside the package folder.
    public static func imagePath(width: Int, height: Int, dark: Bool, fileExtension: String) -> String {
        "contents/\(dark ? "images_dark" : "images")/\(width)x\(height).\(fileExtension)"
    }

    /// The presets a package has when no size is asked for: the common monitors and
    /// laptops, whose names `wallgen devices` lists.
    public static let presetNames = [
        "desktop-hd", "desktop-qhd", "desktop-4k", "ultrawide", "laptop-hd", "macbook-air",
    ]
}
