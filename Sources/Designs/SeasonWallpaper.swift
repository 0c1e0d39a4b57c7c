import Almanac
import Compositor

/// What a person asked for: one season wallpaper.
public struct SeasonWallpaperSpec: Sendable, Equatable {
    public var season: Season
    public var width: Int
    public var height: Int
    /// Opacity of the picture over the base colour, 0...1.
    public var alpha: Double
    public var showsLabel: Bool
    /// The colour under the faded picture (white, as behind an iOS view).
    public var baseColor: Color
    /// The user's own picture; nil uses the season's bundled one.
    public var backgroundPath: String?
    /// The user's own label font; nil uses the bundled display font.
    public var fontPath: String?

    public init(
        season: Season, width: Int = 1170, height: Int = 2532, alpha: Double = 0.5,
        showsLabel: Bool = true, baseColor: Color = .white, backgroundPath: String? = nil,
        fontPath: String? = nil
    ) {
        self.season = season
        self.width = width
        self.height = height
        self.alpha = alpha
        self.showsLabel = showsLabel
        self.baseColor = baseColor
        self.backgroundPath = backgroundPath
        self.fontPath = fontPath
    }
}

/// The season wallpaper's design: base colour, faded picture, the app's two shading
/// gradients, and the season's name near the top.
public enum SeasonWallpaper {
    /// The bundled display font for season names (rounded and friendly, as the app's).
    public static let labelFontFile = "Comfortaa-Bold.ttf"

    /// Darkens the left and right edges: black 0.3 at each edge, clear from 20 % to 80 %.
    public static let edgeShade = LinearGradient(
        axis: .horizontal, color: .black,
        stops: [.init(0, alpha: 0.3), .init(0.2, alpha: 0), .init(0.8, alpha: 0), .init(1, alpha: 0.3)])

    /// Darkens the lower half, clear at mid-height rising to `endAlpha` at the bottom.
    /// Cards use 1 (their text sits there); wallpapers a softer end.
    public static func bottomShade(endAlpha: Double) -> LinearGradient {
        LinearGradient(
            axis: .vertical, color: .black, stops: [.init(0.5, alpha: 0), .init(1, alpha: endAlpha)])
    }

    /// A wallpaper's bottom shade: enough to settle the picture, not a black band.
    public static let wallpaperBottomAlpha = 0.4

    /// Label em size: a share of the shorter side, so phones and desktops look alike;
    /// a little smaller on landscape screens, where the short side is the height.
    public static func labelSize(width: Int, height: Int) -> Double {
        (height > width ? 0.15 : 0.12) * Double(min(width, height))
    }

    /// Text stays inside this share of the width (a safe margin on each side).
    public static let safeWidth = 0.84

    /// Where the label's centre sits: high on the canvas, as in the app, below where a
    /// phone's status bar and clock would cover it on a portrait screen.
    public static func labelCenterY(width: Int, height: Int) -> Double {
        Double(height) * (height > width ? 0.14 : 0.13)
    }

    /// The scene for a spec; `font` sets the label and is needed only when it is shown.
    public static func scene(_ spec: SeasonWallpaperSpec, picture: Image, font: Font?) -> Scene {
        var layers: [Layer] = [
            .solid(spec.baseColor),
            .picture(PictureLayer(image: picture, opacity: spec.alpha)),
            .gradient(edgeShade),
            .gradient(bottomShade(endAlpha: wallpaperBottomAlpha)),
        ]
        if spec.showsLabel, let font {
            let ink = Color(hex: spec.season.theme.ink) ?? .black
            layers.append(
                .text(
                    TextLayer(
                        text: spec.season.displayName, font: font,
                        size: labelSize(width: spec.width, height: spec.height),
                        placement: .inkCentered(
                            x: Double(spec.width) / 2, y: labelCenterY(width: spec.width, height: spec.height)),
                        maxWidth: Double(spec.width) * safeWidth,
                        paint: .contrasting(dark: ink, light: .white))))
        }
        return Scene(width: spec.width, height: spec.height, layers: layers)
    }
}
