import Glibc

/// A calm sea or lake from the horizon down: a rippled mirror of whatever
/// was painted above the horizon, tinted more strongly toward the viewer
/// (water reflects most at grazing angles), with a glitter path under the
/// sun. Paint everything it should reflect before it, shores after it.
struct Water: Element {
    var horizonY: Float
    var bottom: Float = Canvas.designSize.y
    /// Body colour near the horizon and near the viewer.
    var farColor: RGB
    var nearColor: RGB
    /// Share of reflection at the horizon; falls toward the viewer.
    var reflectivity: Float = 0.75
    /// Brightness variation of the ripples.
    var rippleContrast: Float = 0.08
    /// How far ripples shift the reflection sideways (design units at the bottom).
    var distortion: Float = 30
    /// Sun glitter: centre x, colour, half-width at the bottom, strength.
    var glitterX: Float? = nil
    var glitterColor: RGB = RGB(hex: 0xFFF4D6)
    var glitterWidth: Float = 260
    var glitter: Float = 1
    /// Sparse sparkles across the whole surface.
    var sparkle: Float = 0.25
    /// A thin light line where the water meets the far shore.
    var horizonSheen: Float = 0.25
    /// Optional outline of the water (coverage 0...1 at a design point):
    /// a river, a pond, flooded paddies. Nil fills everything below the
    /// horizon, as a lake or the sea does.
    var mask: ((Vec2) -> Float)? = nil
    var seed: UInt64

    func draw(on canvas: Canvas) {
        // Material colours, in the light the scene is painted under.
        let farColor = canvas.lit(farColor)
        let nearColor = canvas.lit(nearColor)
        var glitterColor = canvas.lit(glitterColor)
        var glitterX = glitterX
        var glitter = glitter
        // Under the real sky a glitter path lies under the Sun, or by night under the Moon
        // in its own pale light, where it stands; none when neither is over the water.
        if glitterX != nil, let lighting = canvas.lighting {
            let path = lighting.glitter()
            glitterX = path?.x
            glitter *= path?.strength ?? 0
            if path?.moonlit == true { glitterColor = RGB(hex: 0xD8E2F4) }
        }
        let noise = Noise(seed: seed)
        let fine = Noise(seed: seed &+ 9)
        let top = horizonY
        // Reflections read rows above the horizon while rows below are being
        // written in parallel; keeping the two sets apart (with a margin for
        // bilinear sampling) keeps the result independent of scheduling.
        let maxSource = horizonY - 3 * canvas.pixelSize
        let box = Rect(
            minX: canvas.bounds.minX, minY: horizonY - 0.5 * canvas.pixelSize, maxX: canvas.bounds.maxX, maxY: bottom)
        // Everything that depends on the depth below the horizon alone, once per row, and
        // the ripples' noises along it (their second coordinate is the row's).
        let rowState = { (y: Float) -> WaterRow in
            let terms = RowTerms(water: self, y: y, canvas)
            return WaterRow(
                terms: terms, ripple: FbmRow(noise, y: terms.v * 0.12, octaves: 4),
                crest: FbmRow(fine, y: terms.v * 3.2, octaves: 2), sparkle: FbmRow(fine, y: terms.v * 2.5, octaves: 2))
        }
        canvas.shade(box, row: rowState) { p, under, noises in
            let row = noises.terms
            let d = row.d
            var edge = row.edge
            if let m = mask { edge *= m(p) }
            if edge <= 0 { return under }
            let depth = row.depth
            // Perspective ripples: vertical period grows with distance below the
            // horizon (log mapping), horizontally stretched; faded out where
            // they would be finer than a few pixels.
            let dd = row.dd
            let u = p.x / (dd * 5.5) * 24
            let v = row.v
            let fade = row.fade
            let ripple = fade > 0 ? noises.ripple.value(u * 0.12) * fade : 0
            // Reflection, blurred vertically a little, as on real water.
            let sx = p.x + ripple * distortion * (0.3 + depth)
            let sy = top - d
            let blur = row.blur
            var refl = canvas.sampleSum(
                x: sx,
                (
                    min(sy + Float(-2) * blur, maxSource), min(sy + Float(-1) * blur, maxSource),
                    min(sy + Float(0) * blur, maxSource), min(sy + Float(1) * blur, maxSource),
                    min(sy + Float(2) * blur, maxSource)
                ))
            refl /= 5
            let body = mix(farColor, nearColor, row.bodyMix)
            let r = reflectivity * (1 - 0.65 * row.reflectionFalloff)
            var c = mix(body, refl, r)
            c = c * (1 + ripple * rippleContrast * 2)
            // Glitter path: small bright dashes on ripple crests inside a
            // column that widens toward the viewer, over a smooth sheen that
            // carries the column near the horizon where dashes get too small.
            if let gx = glitterX {
                let w = glitterWidth * (0.2 + 0.8 * depth)
                let dx = (p.x - gx) / w
                let column = exp(-dx * dx)
                if column > 0.002 {
                    let dashFade = row.dashFade
                    let g: Float
                    if dashFade > 0 {
                        let crest = noises.crest.value(u * 3.2)
                        g = smoothstep(0.12, 0.36, crest + (column - 1) * 0.3) * dashFade
                    } else {
                        g = 0
                    }
                    let sheen = column * 0.42 * (1 - 0.35 * dashFade) * (1 - depth * 0.45)
                    c = c + (RGB(1, 1, 1) - c) * glitterColor * min((g * column + sheen) * glitter, 1)
                }
            }
            if sparkle > 0, row.sparkFade > 0 {
                let s = noises.sparkle.value(u * 2.5 + 31) * row.sparkFade
                c = c + (RGB(1, 1, 1) - c) * (smoothstep(0.5, 0.62, s) * sparkle)
            }
            if horizonSheen > 0 {
                c = c.lighter(horizonSheen * row.sheen)
            }
            return edge >= 1 ? c : mix(under, c, edge)
        }
    }
}

/// A row of water: its terms, and the noises it reads along it.
private struct WaterRow {
    let terms: RowTerms
    var ripple, crest, sparkle: FbmRow
}

/// What a row of water depends on by its depth below the horizon alone, worked out once
/// per row rather than per pixel (a logarithm, two powers and an exponential), with the
/// very same arithmetic, so the picture is the same.
private struct RowTerms {
    let d, edge, depth, dd, v, fade, blur, bodyMix, reflectionFalloff, dashFade, sparkFade, sheen: Float

    init(water: Water, y: Float, _ canvas: Canvas) {
        d = y - water.horizonY
        edge = clamp01(d / canvas.pixelSize + 0.5)
        depth = clamp01(d / (water.bottom - water.horizonY))
        dd = max(d, 1)
        v = log(dd) * 24
        fade = smoothstep(canvas.pixelSize * 3, canvas.pixelSize * 14, dd / 24)
        blur = max(canvas.pixelSize, d * 0.006)
        bodyMix = pow(depth, 0.7)
        reflectionFalloff = pow(depth, 0.6)
        dashFade = smoothstep(canvas.pixelSize * 2.5, canvas.pixelSize * 7, dd / (24 * 3.2))
        sparkFade = smoothstep(canvas.pixelSize * 2.5, canvas.pixelSize * 7, dd / (24 * 2.5))
        sheen = exp(-d / 6)
    }
}

extension Water: SurfaceBelowHorizon {}
