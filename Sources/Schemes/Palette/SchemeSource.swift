/// What a scheme is made from: the colours that stand for the picture in each role, and the
/// picture's main colours, which the terminal's six hues lean toward.
///
/// For a picture wallgen made the roles are its design's own colours, exactly: the
/// season's ink is Material's seed, the light scheme's text and cursor; the dark variant's
/// base is the dark scheme's background, the season's accent its cursor, and a pale tint
/// of the accent its text (the accent itself, an orange or a sky blue, tires the eye as
/// body text). For any other picture they come from its clusters.
public struct SchemeSource: Equatable, Sendable {
    public var seed: SchemeColour
    public var darkBackground: SchemeColour
    public var darkForeground: SchemeColour
    public var darkCursor: SchemeColour
    public var lightBackground: SchemeColour
    public var lightForeground: SchemeColour
    public var lightCursor: SchemeColour
    /// The picture's main colours, most of the picture first.
    public var clusters: [WeightedColour]

    /// A wallgen design's roles: `ink` and `accent` are the season's, `darkBase` the dark
    /// variant's base. The light background is paper tinted with the accent.
    public static func design(
        ink: SchemeColour, accent: SchemeColour, darkBase: SchemeColour, clusters: [WeightedColour]
    ) -> SchemeSource {
        let tint = Oklch(accent)
        let paper = Oklch(lightness: 0.975, chroma: min(tint.chroma * 0.3, 0.02), hue: tint.hue).colour
        let text = Oklch(lightness: 0.93, chroma: min(tint.chroma, 0.035), hue: tint.hue).colour
        return SchemeSource(
            seed: ink, darkBackground: darkBase, darkForeground: text, darkCursor: accent, lightBackground: paper,
            lightForeground: ink, lightCursor: ink, clusters: clusters)
    }

    /// Any picture's roles, from its clusters: the seed is the cluster Material's scorer
    /// would favour (colourful and large), the backgrounds are deep and pale tints of its hue,
    /// the text a pale or deep tint of the lightest and darkest clusters' hues.
    public static func picture(clusters: [WeightedColour]) -> SchemeSource {
        let seed = Self.seed(of: clusters)
        let hue = Oklch(seed).hue
        let lightest = clusters.max { Oklch($0.colour).lightness < Oklch($1.colour).lightness }.map { Oklch($0.colour) }
        let darkest = clusters.min { Oklch($0.colour).lightness < Oklch($1.colour).lightness }.map { Oklch($0.colour) }
        let darkText = Oklch(lightness: 0.92, chroma: min(lightest?.chroma ?? 0, 0.03), hue: lightest?.hue ?? hue)
        let lightText = Oklch(lightness: 0.3, chroma: min(darkest?.chroma ?? 0, 0.05), hue: darkest?.hue ?? hue)
        return SchemeSource(
            seed: seed, darkBackground: Oklch(lightness: 0.2, chroma: 0.03, hue: hue).colour,
            darkForeground: darkText.colour, darkCursor: Oklch(lightness: 0.8, chroma: 0.1, hue: hue).colour,
            lightBackground: Oklch(lightness: 0.975, chroma: 0.012, hue: hue).colour,
            lightForeground: lightText.colour, lightCursor: Oklch(lightness: 0.45, chroma: 0.12, hue: hue).colour,
            clusters: clusters)
    }

    /// Material's fallback seed when a picture has no colour at all: Google blue.
    public static let greySeed = SchemeColour(red: 0x42, green: 0x85, blue: 0xF4)

    /// The cluster with the most of colour and of picture (HCT chroma at least 8 over at
    /// least 1 % of it; share and chroma weighed alike by their square roots).
    static func seed(of clusters: [WeightedColour]) -> SchemeColour {
        let colourful = clusters.filter { $0.share >= 0.01 && HCT($0.colour).chroma >= 8 }
        let best = colourful.max {
            ($0.share * min(HCT($0.colour).chroma, 60)).squareRoot()
                < ($1.share * min(HCT($1.colour).chroma, 60)).squareRoot()
        }
        return best?.colour ?? greySeed
    }
}
