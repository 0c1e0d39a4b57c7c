/// A terminal's sixteen colours with its background, text and cursor, built to rules a
/// reader can check:
///
/// - the text on the background at least 7:1 (WCAG's AAA for body text);
/// - `color1`…`color7` and `color9`…`color15` at least 3:1 on the background (the normal
///   six aim at 4.5:1);
/// - each bright colour lighter than its normal pair;
/// - the six hues in ANSI's order, each kept inside its own sixth of the hue circle (red,
///   yellow, green, cyan, blue, magenta going round), leaning halfway toward the picture's
///   own colours of that sixth, never past its neighbour's.
///
/// `color0` is the background lifted a step (dark) or the text deepened (light); `color8`
/// a quiet tint of the background's hue at 3:1, for comments and suggestions.
public struct TerminalScheme: Equatable, Sendable {
    public let isDark: Bool
    public let background: SchemeColour
    public let foreground: SchemeColour
    public let cursor: SchemeColour
    /// `color0`…`color15`.
    public let colours: [SchemeColour]

    public static let textContrast = 7.0
    public static let colourContrast = 3.0

    public init(_ source: SchemeSource, dark: Bool) {
        isDark = dark
        let background = dark ? source.darkBackground : source.lightBackground
        self.background = background
        let text = Self.reaching(
            Self.textContrast + 0.05, from: dark ? source.darkForeground : source.lightForeground, on: background,
            dark: dark)
        foreground = text
        cursor = Self.reaching(
            Self.colourContrast + 0.05, from: dark ? source.darkCursor : source.lightCursor, on: background, dark: dark)
        let paper = Oklch(background)
        let ink = Oklch(text)
        let hues = AnsiHue.allCases.map { $0.hue(leaningToward: source.clusters) }
        let normal = zip(AnsiHue.allCases, hues).map { hue, angle in
            Self.reaching(
                4.5,
                from: Oklch(lightness: dark ? 0.7 : 0.52, chroma: hue.chroma(source.clusters, dark: dark), hue: angle)
                    .colour, on: background, dark: dark)
        }
        let bright = zip(normal, hues).map { normalColour, _ in
            Self.brighter(than: normalColour, on: background, dark: dark)
        }
        let quiet = Self.reaching(
            Self.colourContrast + 0.05,
            from: Oklch(lightness: dark ? 0.5 : 0.66, chroma: min(paper.chroma + 0.01, 0.03), hue: paper.hue).colour,
            on: background, dark: dark)
        let first: SchemeColour
        let white: SchemeColour
        let brightWhite: SchemeColour
        if dark {
            first = paper.with(lightness: paper.lightness + 0.07).colour
            white = Self.reaching(
                4.5, from: ink.with(lightness: ink.lightness - 0.08).colour, on: background, dark: true)
            brightWhite = text
        } else {
            first = ink.with(lightness: min(ink.lightness, 0.3) - 0.05).colour
            white = text
            brightWhite = Self.brighter(than: text, on: background, dark: false)
        }
        colours = [first] + normal + [white] + [quiet] + bright + [brightWhite]
    }

    /// `colour` moved in lightness away from the background (hue and chroma kept, chroma
    /// lowered only where sRGB ends) until it has `contrast` with it.
    static func reaching(_ contrast: Double, from colour: SchemeColour, on background: SchemeColour, dark: Bool)
        -> SchemeColour
    {
        var moved = Oklch(colour)
        var result = colour
        while result.contrast(with: background) < contrast && moved.lightness > 0 && moved.lightness < 1 {
            moved = moved.with(lightness: moved.lightness + (dark ? 0.005 : -0.005))
            result = moved.colour
        }
        return result
    }

    /// The bright pair of a colour: lighter by a step, and still at 3:1 on a light
    /// background (where lighter means closer to it).
    static func brighter(than colour: SchemeColour, on background: SchemeColour, dark: Bool) -> SchemeColour {
        let start = Oklch(colour)
        var step = dark ? 0.09 : 0.07
        while step > 0.004 {
            let lifted = start.with(lightness: start.lightness + step).colour
            if lifted.luminance > colour.luminance && lifted.contrast(with: background) >= colourContrast + 0.05 {
                return lifted
            }
            step /= 2
        }
        // Nothing lighter keeps 3:1 (a light background with the colour already at it):
        // the smallest lighter step of one channel.
        return SchemeColour(
            red: colour.red == 255 ? 255 : colour.red + 1, green: colour.green, blue: colour.blue)
    }
}

/// ANSI's six hues in Oklch: where each sits when nothing pulls it, and the sixth of the
/// circle it may move within.
enum AnsiHue: CaseIterable {
    case red, green, yellow, blue, magenta, cyan

    /// Oklch hue of the colour people expect under each name.
    var centre: Double {
        switch self {
        case .red: 25
        case .yellow: 90
        case .green: 145
        case .cyan: 200
        case .blue: 255
        case .magenta: 330
        }
    }

    /// The hues it may take: halfway to each neighbour round the circle, less a margin, so
    /// no two can meet or pass.
    var range: (low: Double, high: Double) {
        let round = [AnsiHue.red, .yellow, .green, .cyan, .blue, .magenta]
        let index = round.firstIndex(of: self)!
        let previous = round[(index + 5) % 6].centre
        let next = round[(index + 1) % 6].centre
        let margin = 6.0
        return (
            centre + Oklch.turn(from: centre, to: previous) / 2 + margin,
            centre + Oklch.turn(from: centre, to: next) / 2 - margin
        )
    }

    /// The picture's colours in this hue's sixth with some colour to them.
    private func members(_ clusters: [WeightedColour]) -> [(Oklch, Double)] {
        clusters.compactMap { cluster in
            let polar = Oklch(cluster.colour)
            let turn = Oklch.turn(from: centre, to: polar.hue)
            guard polar.chroma >= 0.035, centre + turn > range.low - 6, centre + turn < range.high + 6 else {
                return nil
            }
            return (polar, cluster.share)
        }
    }

    /// The centre turned halfway toward the picture's colours of this sixth (their
    /// share-weighted mean turn), kept inside the range.
    func hue(leaningToward clusters: [WeightedColour]) -> Double {
        let found = members(clusters)
        let weight = found.reduce(0) { $0 + $1.1 }
        guard weight > 0 else { return centre }
        let turn = found.reduce(0) { $0 + Oklch.turn(from: centre, to: $1.0.hue) * $1.1 } / weight
        return Oklch.normalized(min(max(centre + turn / 2, range.low), range.high))
    }

    /// Chroma: the picture's own for this sixth where it has colour there (a muted
    /// picture, muted hues), within bounds that keep the name readable.
    func chroma(_ clusters: [WeightedColour], dark: Bool) -> Double {
        let found = members(clusters)
        let weight = found.reduce(0) { $0 + $1.1 }
        let base = dark ? 0.13 : 0.14
        guard weight > 0 else { return base }
        let own = found.reduce(0) { $0 + $1.0.chroma * $1.1 } / weight
        return min(max((own + base) / 2, 0.08), 0.18)
    }
}
