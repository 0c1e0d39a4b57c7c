import Glibc

/// An element shaded by a light of its own: which side of a tree, a cloud, a range or a
/// sheaf is lit, and which way its shadow falls on the ground. Painted under the real
/// sky it is shaded by the Sun's light, or the Moon's by night, where that light stands
/// in the scene's view (`LightPlan.shapingLight`), not by the light it was painted with.
protocol ShadedByLight: Element {
    /// The same element shaded by `light`: the direction toward the light, x to the
    /// right, y down the picture, z toward the viewer, of unit length.
    func shaded(by light: SIMD3<Float>) -> Self
}

extension LightPlan {
    /// The direction toward the light that shapes the land, as `ShadedByLight` takes it:
    /// the Sun's while it is up; else the Moon's while it stands at least 5° up, at least a
    /// quarter lit, and the Sun at least 6° down; else nil, and the scene's own light
    /// stands (dimmed as the land is). A light ahead of the viewer would leave every face
    /// it turns to the viewer black: it is kept a little in front (z at least 0.2), as a
    /// painter keeps a backlit tree's form, and a little above (a low Sun still models
    /// the tops of things).
    static func shapingLight(_ light: SceneLight, view: SceneView) -> SIMD3<Float>? {
        let (altitude, azimuth): (Double, Double)
        if light.sunAltitude > 0 {
            (altitude, azimuth) = (light.sunAltitude, light.sunAzimuth)
        } else if light.sunAltitude < -6, light.moonAltitude > 5, light.moonIllumination > 0.25 {
            (altitude, azimuth) = (light.moonAltitude, light.moonAzimuth)
        } else {
            return nil
        }
        let up = Float(altitude) * .pi / 180
        let aside = (Float(azimuth) - view.facing) * .pi / 180
        var toward = SIMD3(sin(aside) * cos(up), -sin(up), -cos(aside) * cos(up))
        toward.y = min(toward.y, -0.25)
        toward.z = max(toward.z, 0.2)
        return toward / (toward * toward).sum().squareRoot()
    }

    /// Where the water's glitter path lies: under the Sun while it is up and in view,
    /// else under the Moon by night; its design x and how bright it is (the Moon's by its
    /// phase). Nil when neither stands over the water.
    func glitter() -> (x: Float, strength: Float, moonlit: Bool)? {
        if light.sunAltitude > 0 {
            guard let sun = view.point(altitude: light.sunAltitude, azimuth: light.sunAzimuth) else { return nil }
            return (sun.x, 1, false)
        }
        guard light.sunAltitude < -6, light.moonAltitude > 0,
            let moon = view.point(altitude: light.moonAltitude, azimuth: light.moonAzimuth)
        else { return nil }
        return (moon.x, Float(light.moonIllumination) * 0.7, true)
    }
}

extension BroadleafTree: ShadedByLight {
    func shaded(by light: SIMD3<Float>) -> BroadleafTree {
        var tree = self
        tree.light = light
        return tree
    }
}

extension Cumulus: ShadedByLight {
    func shaded(by light: SIMD3<Float>) -> Cumulus {
        var cloud = self
        cloud.lighting.light = light
        return cloud
    }
}

/// The elements lit from one side or the other: lit from the side the light is on.
protocol LitFromOneSide: ShadedByLight {
    var lightFromLeft: Bool { get set }
}

extension LitFromOneSide {
    func shaded(by light: SIMD3<Float>) -> Self {
        var element = self
        element.lightFromLeft = light.x < 0
        return element
    }
}

extension SmallTree: LitFromOneSide {}
extension Grove: LitFromOneSide {}
extension PineTree: LitFromOneSide {}
extension BareTree: LitFromOneSide {}
extension Sheaves: LitFromOneSide {}
extension Mountains: LitFromOneSide {}
extension WillowTree: LitFromOneSide {}

extension Farmhouse: ShadedByLight {
    /// Its shadow falls away from the light, further the lower the light stands.
    func shaded(by light: SIMD3<Float>) -> Farmhouse {
        var house = self
        house.shadowShift = -light.x * 0.3
        return house
    }
}
