import Glibc

/// A rock wall seen face-on (the cliff of a waterfall): a jagged top edge,
/// vertical jointed columns shaded light and dark, and horizontal ledges
/// every so often that carry snow and cast a shadow below them. Mountains
/// are seen from afar as silhouettes; a cliff needs this closer look.
struct CliffFace: Element {
    /// Design y of the top edge per x (the wall fills everything below).
    var top: (Float) -> Float
    var bottom: Float = Canvas.designSize.y
    var rockLit: RGB
    var rockShadow: RGB
    /// Snow on the ledges and the top (nil: bare rock).
    var snow: RGB? = nil
    var snowShadow: RGB = RGB(hex: 0xB8C6E2)
    /// Average spacing of the ledges.
    var ledgeSpacing: Float = 120
    /// Width of the rock columns.
    var columnWidth: Float = 60
    var mist: RGB? = nil
    /// Mist toward the foot of the wall (0...1).
    var mistAmount: Float = 0.4
    var seed: UInt64

    func draw(on canvas: Canvas) {
        let noise = Noise(seed: seed)
        let tex = Noise(seed: seed &+ 1)
        // Every noise here has the row's y as its second coordinate: read along the row.
        let ledgeSpacing = ledgeSpacing
        let rowNoises = { (y: Float) in
            CliffRowNoises(
                waver: FbmRow(noise, y: y / 500, octaves: 2), band: FbmRow(noise, y: y / 900, octaves: 3),
                texture: FbmRow(tex, y: y / 14, octaves: 3), ledges: FbmRow(noise, y: 7.3, octaves: 3),
                snow: FbmRow(tex, y: (y / ledgeSpacing).rounded(.down), octaves: 2))
        }
        canvas.fillProfile(top: top, bottom: bottom, row: rowNoises) { p, s, noises in
            // Columns: vertical bands of light and shadow, wavering a little.
            let cx = p.x / columnWidth + 0.6 * noises.waver.value(p.x / 300)
            let band = noises.band.value(cx)
            var c = mix(rockShadow, rockLit, smoothstep(-0.35, 0.35, band))
            c = c * (1 + 0.05 * noises.texture.value(p.x / 30))
            // Ledges: a wobbling step every so often; snow on top, shadow under.
            let ly = p.y / ledgeSpacing + 0.9 * noises.ledges.value(p.x / 420)
            let f = ly - ly.rounded(.down)
            c = mix(c, rockShadow.darker(0.2), (1 - smoothstep(0.0, 0.3, f)) * 0.35)
            if let sn = snow {
                let present = smoothstep(-0.1, 0.25, noises.snow.value(p.x / 160))
                let onLedge = smoothstep(0.78, 0.86, f) * present
                let onTop = 1 - smoothstep(10, 40, s.depth)
                c = mix(c, mix(snowShadow, sn, smoothstep(0.86, 0.97, f)), max(onLedge, onTop))
            }
            if let m = mist { c = mix(c, m, mistAmount * smoothstep(bottom - 500, bottom, p.y)) }
            return c
        }
    }
}

/// The noises a row of the cliff reads along it.
private struct CliffRowNoises {
    var waver, band, texture, ledges, snow: FbmRow
}
