import Dispatch
import Glibc

/// Paints one of wallgen's scenes at any size and shape: the four seasons and the 24
/// terms, composed on the 3200 x 2400 grid (`Canvas`) and painted at the canvas's own
/// pixels, never enlarged. Deterministic: the same scene at the same size gives the
/// same bytes on every run and every machine with the same `libm`.
public enum ScenePainter {
    /// Every scene's name: the seasons (`winter`), then the terms by slug (`dongzhi`).
    public static var names: [String] { Scenes.all.map(\.name) + Scenes.terms.map(\.name) }

    /// The scene's file stem: the season's name, or the term's number and slug
    /// (`22-dongzhi`), as the bundled pictures are named.
    public static func fileStem(of name: String) -> String? { scene(named: name)?.fileName }

    /// Whether a canvas of `width` x `height` made from the scene's grid picture (its middle,
    /// the grid's full height, as the bundled pictures are cropped) would cut what the
    /// scene is about (`Scene.subject`): such a canvas is painted instead, the scene
    /// composed for its shape. False for a name no scene has.
    public static func cropCutsSubject(of name: String, width: Int, height: Int) -> Bool {
        guard let subject = scene(named: name)?.subject, width > 0, height > 0 else { return false }
        let halfWidth = Canvas.designSize.y * Float(width) / Float(height) / 2
        let centre = Canvas.designSize.x / 2
        return subject.lowerBound < centre - halfWidth || subject.upperBound > centre + halfWidth
    }

    /// The scene `name` (a season, a term's slug or its file stem) painted at `width` x
    /// `height` pixels, as 8-bit RGB rows, dithered so that its skies show no bands;
    /// nil for a name no scene has.
    /// With `light`, the scene is painted under that sky (rounded as `SceneLight.quantized`
    /// says): its sky and land lit by the Sun's altitude, the Sun, the Moon in its phase and
    /// the stars where they stand in the way the scene faces.
    public static func paint(_ name: String, width: Int, height: Int, light: SceneLight? = nil) -> [UInt8]? {
        paint(name, width: width, height: height, light: light, leavingOutCoveredRows: true)
    }

    /// `paint`, into the caller's 8-bit RGBA rows (opaque), `bytesPerRow` apart: a painting
    /// made for an image needs no second copy of its pixels. False for a name no scene has.
    public static func paint(
        _ name: String, width: Int, height: Int, light: SceneLight? = nil,
        intoRGBA rows: UnsafeMutablePointer<UInt8>, bytesPerRow: Int
    ) -> Bool {
        guard let canvas = painted(name, width: width, height: height, light: light, leavingOutCoveredRows: true)
        else { return false }
        quantize(canvas, into: rows, bytesPerRow: bytesPerRow, channels: 4)
        return true
    }

    /// `paint`, with or without leaving out what later elements paint over (`CoverPlan`),
    /// which never changes a pixel: the tests paint both ways to show it.
    static func paint(
        _ name: String, width: Int, height: Int, light: SceneLight?, leavingOutCoveredRows: Bool
    ) -> [UInt8]? {
        painted(name, width: width, height: height, light: light, leavingOutCoveredRows: leavingOutCoveredRows)
            .map(rgbBytes)
    }

    private static func painted(
        _ name: String, width: Int, height: Int, light: SceneLight?, leavingOutCoveredRows: Bool
    ) -> Canvas? {
        guard let scene = scene(named: name), width > 0, height > 0 else { return nil }
        let canvas = Canvas(width: width, height: height)
        if let light {
            canvas.lighting = LightPlan(light.quantized, view: SceneView.of(scene.name))
        }
        if leavingOutCoveredRows {
            paint(scene, on: canvas)
        } else {
            scene.paint(on: canvas)
        }
        canvas.lighting?.finish(on: canvas)
        return canvas
    }

    /// The scene painted on the whole grid at `scale` pixels per design unit, as the
    /// bundled pictures are made (`Tools/painter`).
    public static func paintGrid(_ name: String, scale: Float) -> (width: Int, height: Int, rgb: [UInt8])? {
        guard let scene = scene(named: name) else { return nil }
        let canvas = Canvas(scale: scale)
        paint(scene, on: canvas)
        return (canvas.width, canvas.height, rgbBytes(canvas))
    }

    /// Paints `scene`, each element only as far down as a later one does not paint over.
    static func paint(_ scene: Scene, on canvas: Canvas) {
        canvas.coverPlan = CoverPlan(scene: scene, canvas: canvas)
        scene.paint(on: canvas)
        canvas.coverPlan = nil
    }

    static func scene(named name: String) -> Scene? {
        (Scenes.all + Scenes.terms).first { $0.name == name || $0.fileName == name }
    }

    static func rgbBytes(_ canvas: Canvas) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: canvas.width * canvas.height * 3)
        bytes.withUnsafeMutableBufferPointer { out in
            quantize(canvas, into: out.baseAddress!, bytesPerRow: canvas.width * 3, channels: 3)
        }
        return bytes
    }

    /// Quantises to 8 bits with a triangular dither of about one step: big smooth skies
    /// otherwise break into bands. The dither is a function of the pixel's place, so
    /// the bytes stay the same from run to run. With four channels the fourth is opaque.
    /// The scene's closing grain, when it was left to this pass (`CoverPlan`), is applied
    /// to each pixel as it is read.
    static func quantize(_ canvas: Canvas, into rows: UnsafeMutablePointer<UInt8>, bytesPerRow: Int, channels: Int) {
        let width = canvas.width
        let grain = canvas.grainLeft
        canvas.forEachRow(0..<canvas.height, columns: width) { y in
            let row = rows + y * bytesPerRow
            for x in 0..<width {
                var c = canvas.pixels[y * width + x]
                // Held as the canvas would hold it, as when the grain is laid on it.
                if let grain { c = CanvasPixels.held(c * grain.factor(x, y)) }
                let o = x * channels
                for k in 0..<3 {
                    let d =
                        hashUnit(x, y, 0xD17E_0000 &+ UInt32(2 * k))
                        + hashUnit(x, y, 0xD17E_0001 &+ UInt32(2 * k)) - 1
                    let v = clamp01(c[k]) * 255 + d * 0.75
                    row[o + k] = UInt8(min(max(v.rounded(), 0), 255))
                }
                if channels == 4 { row[o + 3] = 255 }
            }
        }
    }
}
