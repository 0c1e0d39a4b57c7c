/// Screen sizes people ask for by name (`--device`), in pixels, portrait for phones and
/// tablets (`--landscape` turns them).
public struct DevicePreset: Sendable, Equatable {
    public let name: String
    public let width: Int
    public let height: Int
    public let note: String

    /// The default canvas: an iPhone 12, 13 or 14.
    public static let standard = named("iphone-14")!

    /// Phones, tablets, laptops, then monitors. The bundled 3200x2400 pictures cover
    /// each with at most 1.5x enlargement, except the 32:9, 5K and 6K monitors (1.6x,
    /// 1.6x and 1.9x), which are softer; beyond 1.25x (those and the Galaxy S24 Ultra,
    /// 1.3x) the command warns (`BackgroundEnlargement`).
    public static let all: [DevicePreset] = [
        DevicePreset(name: "iphone-se", width: 750, height: 1334, note: "iPhone SE (2nd, 3rd gen)"),
        DevicePreset(name: "iphone-14", width: 1170, height: 2532, note: "iPhone 12, 13, 14, 16e (default)"),
        DevicePreset(name: "iphone-15", width: 1179, height: 2556, note: "iPhone 15, 15 Pro"),
        DevicePreset(name: "iphone-15-pro-max", width: 1290, height: 2796, note: "iPhone 15 Pro Max, 15 Plus, 16 Plus"),
        DevicePreset(name: "iphone-16", width: 1179, height: 2556, note: "iPhone 16"),
        DevicePreset(name: "iphone-16-pro", width: 1206, height: 2622, note: "iPhone 16 Pro, 17, 17 Pro"),
        DevicePreset(name: "iphone-16-pro-max", width: 1320, height: 2868, note: "iPhone 16 Pro Max, 17 Pro Max"),
        DevicePreset(name: "pixel-8", width: 1080, height: 2400, note: "Google Pixel 8"),
        DevicePreset(name: "pixel-9", width: 1080, height: 2424, note: "Google Pixel 9"),
        DevicePreset(name: "pixel-9-pro", width: 1280, height: 2856, note: "Google Pixel 9 Pro"),
        DevicePreset(name: "pixel-9-pro-xl", width: 1344, height: 2992, note: "Google Pixel 9 Pro XL"),
        DevicePreset(name: "galaxy-s24", width: 1080, height: 2340, note: "Samsung Galaxy S24, S25"),
        DevicePreset(name: "galaxy-s24-ultra", width: 1440, height: 3120, note: "Samsung Galaxy S24+, S24 Ultra"),
        DevicePreset(name: "ipad", width: 1640, height: 2360, note: "iPad (10th gen)"),
        DevicePreset(name: "ipad-air-11", width: 1640, height: 2360, note: "iPad Air 11-inch (M2, M3)"),
        DevicePreset(name: "ipad-air-13", width: 2048, height: 2732, note: "iPad Air 13-inch (M2, M3)"),
        DevicePreset(name: "ipad-pro-11", width: 1668, height: 2420, note: "iPad Pro 11-inch (M4)"),
        DevicePreset(name: "ipad-pro-13", width: 2064, height: 2752, note: "iPad Pro 13-inch (M4)"),
        DevicePreset(name: "ipad-mini", width: 1488, height: 2266, note: "iPad mini (6th gen, A17 Pro)"),
        DevicePreset(name: "macbook-air", width: 2560, height: 1664, note: "MacBook Air 13-inch"),
        DevicePreset(name: "laptop-hd", width: 1366, height: 768, note: "HD laptop or monitor"),
        DevicePreset(name: "desktop-hd", width: 1920, height: 1080, note: "Full HD monitor"),
        DevicePreset(name: "desktop-qhd", width: 2560, height: 1440, note: "QHD monitor"),
        DevicePreset(name: "desktop-4k", width: 3840, height: 2160, note: "4K UHD monitor"),
        DevicePreset(name: "desktop-5k", width: 5120, height: 2880, note: "5K monitor (Studio Display, iMac 27-inch)"),
        DevicePreset(name: "desktop-6k", width: 6016, height: 3384, note: "6K monitor (Pro Display XDR)"),
        DevicePreset(name: "ultrawide", width: 2560, height: 1080, note: "21:9 ultrawide monitor"),
        DevicePreset(name: "ultrawide-qhd", width: 3440, height: 1440, note: "21:9 ultrawide QHD monitor"),
        DevicePreset(name: "super-ultrawide", width: 5120, height: 1440, note: "32:9 monitor (two QHD side by side)"),
    ]

    /// The preset with this name, any case.
    public static func named(_ name: String) -> DevicePreset? {
        all.first { $0.name == name.lowercased() }
    }
}
