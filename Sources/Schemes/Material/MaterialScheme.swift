/// Material 3's roles from one seed colour, as material-color-utilities' tonal-spot scheme
/// makes them at contrast level 0 with its 2021 specification (the one Android 12 to 15
/// and the Material Theme Builder use): six tonal palettes, each one hue and one chroma
/// at every tone, and each role a palette at a fixed tone.
public struct MaterialScheme: Sendable {
    public let seed: SchemeColour
    /// The roles in material-color-utilities' order and names (`onPrimaryContainer`).
    public let light: [(role: String, colour: SchemeColour)]
    public let dark: [(role: String, colour: SchemeColour)]

    public init(seed: SchemeColour) {
        self.seed = seed
        let palettes = TonalPalettes(seed: seed)
        light = Self.roles.map { ($0.name, palettes.colour(of: $0.palette, tone: $0.light)) }
        dark = Self.roles.map { ($0.name, palettes.colour(of: $0.palette, tone: $0.dark)) }
    }

    /// One role: its palette and its tone in the light and the dark scheme.
    struct Role {
        let name: String
        let palette: TonalPalettes.Name
        let light: Double
        let dark: Double
    }

    static let roles: [Role] = {
        var roles: [Role] = []
        for (prefix, palette) in [
            ("primary", TonalPalettes.Name.primary), ("secondary", .secondary), ("tertiary", .tertiary),
            ("error", .error),
        ] {
            let capitalised = prefix.prefix(1).uppercased() + prefix.dropFirst()
            roles += [
                Role(name: prefix, palette: palette, light: 40, dark: 80),
                Role(name: "on" + capitalised, palette: palette, light: 100, dark: 20),
                Role(name: prefix + "Container", palette: palette, light: 90, dark: 30),
                Role(name: "on" + capitalised + "Container", palette: palette, light: 30, dark: 90),
            ]
        }
        return roles + [
            Role(name: "background", palette: .neutral, light: 98, dark: 6),
            Role(name: "onBackground", palette: .neutral, light: 10, dark: 90),
            Role(name: "surface", palette: .neutral, light: 98, dark: 6),
            Role(name: "onSurface", palette: .neutral, light: 10, dark: 90),
            Role(name: "surfaceVariant", palette: .neutralVariant, light: 90, dark: 30),
            Role(name: "onSurfaceVariant", palette: .neutralVariant, light: 30, dark: 80),
            Role(name: "outline", palette: .neutralVariant, light: 50, dark: 60),
            Role(name: "outlineVariant", palette: .neutralVariant, light: 80, dark: 30),
            Role(name: "inverseSurface", palette: .neutral, light: 20, dark: 90),
            Role(name: "inverseOnSurface", palette: .neutral, light: 95, dark: 20),
            Role(name: "inversePrimary", palette: .primary, light: 80, dark: 40),
            Role(name: "surfaceDim", palette: .neutral, light: 87, dark: 6),
            Role(name: "surfaceBright", palette: .neutral, light: 98, dark: 24),
            Role(name: "surfaceContainerLowest", palette: .neutral, light: 100, dark: 4),
            Role(name: "surfaceContainerLow", palette: .neutral, light: 96, dark: 10),
            Role(name: "surfaceContainer", palette: .neutral, light: 94, dark: 12),
            Role(name: "surfaceContainerHigh", palette: .neutral, light: 92, dark: 17),
            Role(name: "surfaceContainerHighest", palette: .neutral, light: 90, dark: 22),
            Role(name: "shadow", palette: .neutral, light: 0, dark: 0),
            Role(name: "scrim", palette: .neutral, light: 0, dark: 0),
            Role(name: "surfaceTint", palette: .primary, light: 40, dark: 80),
        ]
    }()
}

/// The tonal spot's six palettes: the seed's hue at chroma 36 (primary), 16 (secondary)
/// and 6 and 8 (the neutrals), the hue turned by 60° at 24 (tertiary), and Material's red
/// (hue 25, chroma 84) for errors.
struct TonalPalettes {
    enum Name { case primary, secondary, tertiary, neutral, neutralVariant, error }

    let hue: Double

    init(seed: SchemeColour) { hue = HCT(seed).hue }

    func colour(of palette: Name, tone: Double) -> SchemeColour {
        let (hue, chroma): (Double, Double) =
            switch palette {
            case .primary: (hue, 36)
            case .secondary: (hue, 16)
            case .tertiary: (Oklch.normalized(hue + 60), 24)
            case .neutral: (hue, 6)
            case .neutralVariant: (hue, 8)
            case .error: (25, 84)
            }
        return HCT.colour(hue: hue, chroma: chroma, tone: tone)
    }
}
