import Compositor
import Files
import FoundationEssentials
import Platform
import Scenery

/// wallgen's own scenes painted at a canvas's own size and shape, for the canvases the
/// bundled pictures do not serve: enlarged more than `BackgroundEnlargement.bundledLimit`
/// times (a 5K or 6K monitor), wider than the 16:9 band or narrower than the middle
/// third they were composed to survive (21:9, 32:9, a span of monitors), or narrow enough
/// to cut a scene's subject that reaches past the middle third (春分's two trees on a
/// phone), which the painting brings in (`ScenePainter.cropCutsSubject`).
///
/// A painting is kept in `$XDG_CACHE_HOME/wallgen/scenery` (or `~/.cache/wallgen/scenery`)
/// as a JPEG, and every render, the first included, reads it from there: the same command
/// makes the same bytes whether it painted or found the painting. Where the cache cannot
/// be written, the painting's bytes are used as they are, all the same.
enum PaintedScenery {
    /// The bundled pictures' size (`Assets/seasons`, `Assets/terms`).
    static let bundledSize = (width: 3200, height: 2400)
    /// The shapes the bundled compositions survive, as width over height: the middle third
    /// (4:9) for phones up to the 16:9 band for desktops, a hair either way for rounding.
    static let bundledShapes = (4.0 / 9 * 0.98)...(16.0 / 9 * 1.02)
    /// The shapes painted at all: a triple-monitor span is 5.3:1; far flatter or thinner
    /// canvases (a 6016x40 strip) are drawn from the bundled picture, warned of if soft.
    static let paintableShapes = 0.25...8.0
    /// The largest canvas painted, in pixels (an 8K screen is 33 million): a painting holds
    /// 16 bytes a pixel while it is made (12 in floats, 4 in the image it is made for).
    static let maximumPaintedPixels = 50_000_000
    /// Bumped whenever a scene paints differently, so that no older painting is used.
    static let revision = 11
    /// Quality of the kept painting: above the bundled pictures' (85 to 88).
    static let quality = 92

    /// Whether `canvas` is painted rather than drawn from the bundled picture of `scene`
    /// (a season, or a term's slug or file stem; nil for what every scene shares).
    static func isPainted(_ canvas: (width: Int, height: Int), scene: String? = nil) -> Bool {
        guard canvas.width > 0, canvas.height > 0 else { return false }
        let shape = Double(canvas.width) / Double(canvas.height)
        guard paintableShapes.contains(shape), canvas.width * canvas.height <= maximumPaintedPixels else {
            return false
        }
        return BackgroundEnlargement.factor(bundledSize, covering: canvas) > BackgroundEnlargement.bundledLimit
            || !bundledShapes.contains(shape)
            || scene.map { ScenePainter.cropCutsSubject(of: $0, width: canvas.width, height: canvas.height) } == true
    }

    /// The folder paintings are kept in, from the environment; nil without a home.
    static func cacheFolder(_ environment: [String: String] = ProcessEnvironment.variables) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/wallgen/scenery" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/wallgen/scenery" }
        return nil
    }

    /// The kept painting's name: the scene, the canvas, the sky's light (rounded as it is
    /// painted) and the painter's revision.
    static func fileName(scene stem: String, _ canvas: (width: Int, height: Int), light: SceneLight? = nil) -> String {
        let sky = light.map { "-" + $0.key } ?? ""
        return "\(stem)-\(canvas.width)x\(canvas.height)\(sky)-r\(revision).jpg"
    }

    /// The painting of `scene` (a season, or a term's file stem) for `canvas`: its bytes,
    /// the name messages give it, and whether it was painted now (rather than found).
    /// `announce` hears one line before a painting starts, which may take seconds.
    static func picture(
        scene: String, canvas: (width: Int, height: Int), light: SceneLight? = nil, folder: String? = cacheFolder(),
        announce: ((String) -> Void)? = nil
    ) throws(PipelineError) -> (bytes: FileBytes, path: String, paintedNow: Bool) {
        let name = fileName(scene: ScenePainter.fileStem(of: scene) ?? scene, canvas, light: light)
        let display = folder.map { $0 + "/" + name } ?? "wallgen's painting \(name)"
        if let folder, PathQueries.exists(folder + "/" + name),
            let kept = try? FileReader.mapped(folder + "/" + name, expecting: .picture)
        {
            return (kept, display, false)
        }
        let kept = folder.map { " (once: kept in \($0))" } ?? ""
        let why =
            if light != nil {
                "under the sky asked for"
            } else if isPainted(canvas) {
                "a shape or size its picture does not serve"
            } else {
                "composed for this shape, which would cut its picture's subject"
            }
        announce?("Painting \(scene) for \(canvas.width)x\(canvas.height), \(why)\(kept)")
        let image = Image(width: canvas.width, height: canvas.height)
        let painted = ScenePainter.paint(
            scene, width: canvas.width, height: canvas.height, light: light, intoRGBA: image.pixels,
            bytesPerRow: image.bytesPerRow)
        guard painted else { throw .bundled(path: display, problem: .file(.notFound(path: display))) }
        let jpeg: [UInt8]
        do {
            jpeg = try JPEGEncoder.encode(image, quality: quality)
        } catch {
            throw .encoding(error)
        }
        if let folder { keep(jpeg, as: name, in: folder) }
        return (FileBytes(jpeg), display, true)
    }

    /// Writes a painting into the cache, whole or not at all; a cache that cannot be
    /// written (a read-only home) only means painting again next time.
    static func keep(_ jpeg: [UInt8], as name: String, in folder: String) {
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            return
        }
        try? OutputFolder(opening: folder).write(jpeg, to: name, mode: 0o644)
    }
}
