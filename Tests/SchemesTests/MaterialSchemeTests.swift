import Foundation
import Schemes
import Testing

/// Material's roles against material-color-utilities' own: the table below is what its
/// Python port (materialyoucolor 3.0.4, `SchemeTonalSpot(Hct.from_int(0xff27436e), dark,
/// 0.0, spec_version="2021")`) gives for winter's ink. The end-to-end test compares every
/// scene's seed with the port itself where it is installed.
@Suite struct MaterialSchemeTests {
    static let winterInk = SchemeColour(hex: "#27436e")!

    static let reference: [(role: String, light: String, dark: String)] = [
        ("primary", "#405f90", "#a9c7ff"), ("onPrimary", "#ffffff", "#08305f"),
        ("primaryContainer", "#d6e3ff", "#274777"), ("onPrimaryContainer", "#274777", "#d6e3ff"),
        ("secondary", "#555f71", "#bdc7dc"), ("onSecondary", "#ffffff", "#283141"),
        ("secondaryContainer", "#d9e2f9", "#3e4758"), ("onSecondaryContainer", "#3e4758", "#d9e2f9"),
        ("tertiary", "#6f5575", "#dcbce1"), ("onTertiary", "#ffffff", "#3f2845"),
        ("tertiaryContainer", "#f9d8fd", "#563e5c"), ("onTertiaryContainer", "#563e5c", "#f9d8fd"),
        ("error", "#ba1a1a", "#ffb4ab"), ("onError", "#ffffff", "#690005"),
        ("errorContainer", "#ffdad6", "#93000a"), ("onErrorContainer", "#93000a", "#ffdad6"),
        ("background", "#f9f9ff", "#111318"), ("onBackground", "#191c20", "#e2e2e9"),
        ("surface", "#f9f9ff", "#111318"), ("onSurface", "#191c20", "#e2e2e9"),
        ("surfaceVariant", "#e0e2ec", "#44474e"), ("onSurfaceVariant", "#44474e", "#c4c6cf"),
        ("outline", "#74777f", "#8e9099"), ("outlineVariant", "#c4c6cf", "#44474e"),
        ("inverseSurface", "#2e3036", "#e2e2e9"), ("inverseOnSurface", "#f0f0f7", "#2e3036"),
        ("inversePrimary", "#a9c7ff", "#405f90"), ("surfaceDim", "#d9d9e0", "#111318"),
        ("surfaceBright", "#f9f9ff", "#37393e"), ("surfaceContainerLowest", "#ffffff", "#0c0e13"),
        ("surfaceContainerLow", "#f3f3fa", "#191c20"), ("surfaceContainer", "#ededf4", "#1d2024"),
        ("surfaceContainerHigh", "#e7e8ee", "#282a2f"), ("surfaceContainerHighest", "#e2e2e9", "#33353a"),
        ("shadow", "#000000", "#000000"), ("scrim", "#000000", "#000000"), ("surfaceTint", "#405f90", "#a9c7ff"),
    ]

    @Test func tonalSpotMatchesMaterialColorUtilities() {
        let scheme = MaterialScheme(seed: Self.winterInk)
        #expect(scheme.light.map(\.role) == Self.reference.map(\.role))
        for (made, expected) in zip(scheme.light, Self.reference) {
            let difference = CIELab.difference(made.colour.hex, expected.light)
            #expect(
                difference <= 2, "light \(made.role): \(made.colour.hex), reference \(expected.light), ΔE \(difference)"
            )
        }
        for (made, expected) in zip(scheme.dark, Self.reference) {
            let difference = CIELab.difference(made.colour.hex, expected.dark)
            #expect(
                difference <= 2, "dark \(made.role): \(made.colour.hex), reference \(expected.dark), ΔE \(difference)")
        }
    }

    /// HCT of known colours, from material-color-utilities' own tests (hue, chroma, tone).
    @Test(arguments: [
        ("#ff0000", 27.408, 113.358, 53.233), ("#00ff00", 142.140, 108.410, 87.737),
        ("#0000ff", 282.788, 87.231, 32.302), ("#ffffff", 209.492, 2.869, 100.0),
    ])
    func hctOfPrimaries(hex: String, hue: Double, chroma: Double, tone: Double) {
        let found = HCT(SchemeColour(hex: hex)!)
        #expect(abs(found.hue - hue) < 0.05, "\(found)")
        #expect(abs(found.chroma - chroma) < 0.05, "\(found)")
        #expect(abs(found.tone - tone) < 0.05, "\(found)")
    }
}

/// CIE L*a*b* (D65) and the 1976 colour difference, written apart from the module.
enum CIELab {
    static func lab(_ hex: String) -> (Double, Double, Double) {
        let value = Int(hex.dropFirst(), radix: 16)!
        let channels = [value >> 16, (value >> 8) & 255, value & 255].map { channel -> Double in
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let x = (0.4124 * channels[0] + 0.3576 * channels[1] + 0.1805 * channels[2]) / 0.95047
        let y = 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
        let z = (0.0193 * channels[0] + 0.1192 * channels[1] + 0.9505 * channels[2]) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }

    static func difference(_ one: String, _ other: String) -> Double {
        let (a, b) = (lab(one), lab(other))
        return ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)).squareRoot()
    }
}
