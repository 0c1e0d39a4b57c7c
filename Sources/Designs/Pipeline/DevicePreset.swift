/// Screen sizes people ask for by name (`--device`), in pixels, portrait for phones.
public struct DevicePreset: Sendable, Equatable {
    public let name: String
    public let width: Int
    public let height: Int
    public let note: String

    /// The default canvas: an iPhone 12, 13 or 14.
    public static let standard = all[1]

    /// Every preset is covered by the bundled 3200x2400 pictures with at most 1.2x
    /// enlargement, so none looks soft.
    public static let all: [DevicePreset] = [
        DevicePreset(name: "iphone-se", width: 750, height: 1334, note: "iPhone SE (2nd, 3rd gen)"),
        DevicePreset(name: "iphone-14", width: 1170, height: 2532, note: "iPhone 12, 13, 14 (default)"),
        DevicePreset(name: "iphone-15", width: 1179, height: 2556, note: "iPhone 15, 15 Pro, 16"),
        DevicePreset(name: "iphone-15-pro-max", width: 1290, height: 2796, note: "iPhone 15 Pro Max, 15 Plus"),
        DevicePreset(name: "pixel-8", width: 1080, height: 2400, note: "Google Pixel 8"),
        DevicePreset(name: "galaxy-s24", width: 1080, height: 2340, note: "Samsung Galaxy S24"),
        DevicePreset(name: "ipad", width: 1640, height: 2360, note: "iPad (10th gen), iPad Air"),
        DevicePreset(name: "ipad-pro-13", width: 2064, height: 2752, note: "iPad Pro 13-inch"),
        DevicePreset(name: "macbook-air", width: 2560, height: 1664, note: "MacBook Air 13-inch"),
        DevicePreset(name: "desktop-hd", width: 1920, height: 1080, note: "Full HD monitor"),
        DevicePreset(name: "desktop-qhd", width: 2560, height: 1440, note: "QHD monitor"),
        DevicePreset(name: "desktop-4k", width: 3840, height: 2160, note: "4K UHD monitor"),
    ]

    /// The preset with this name, any case.
    public static func named(_ name: String) -> DevicePreset? {
        all.first { $0.name == name.lowercased() }
    }
}
