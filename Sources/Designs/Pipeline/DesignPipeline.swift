import Compositor
import Files
import Scenery

/// A picture wallgen makes, as the pipeline sees it: where its picture comes from, what
/// text the person gave, and how a spec and a decoded picture become a scene.
public protocol PictureDesign {
    associatedtype Spec: Sendable
    /// What every image of the design shares, loaded once per pipeline (a card's fonts).
    associatedtype Resources: Sendable

    static func resources(_ data: DataDirectory) throws(PipelineError) -> Resources
    static func canvas(of spec: Spec) -> (width: Int, height: Int)
    /// The same spec on another canvas (for several sizes in one run).
    static func spec(_ spec: Spec, width: Int, height: Int) -> Spec
    /// The same spec on a canvas spanning several monitors, its text kept inside
    /// `textFrame` (one monitor's rectangle); nil when the design cannot span.
    static func spanning(_ spec: Spec, width: Int, height: Int, textFrame: TextFrame) -> Spec?
    /// The person's own text, checked before any file is read.
    static func personalTexts(of spec: Spec) -> [String]
    /// The picture's file, and whether it is the person's own (its problems are then
    /// reported against `--background`) rather than a bundled one.
    static func picture(of spec: Spec, in data: DataDirectory) -> (path: String, isOwn: Bool)
    /// The wallgen scene the bundled picture shows (a season, a term's file stem), which
    /// is painted instead for a canvas the picture does not serve (`PaintedScenery`); nil
    /// when the picture is the person's own.
    static func paintedScene(of spec: Spec) -> String?
    /// The real sky the scene is to be painted under, which paints it on any canvas.
    static func light(of spec: Spec) -> SceneLight?
    static func scene(_ spec: Spec, picture: DecodedPicture, resources: Resources, data: DataDirectory)
        throws(PipelineError) -> Scene
}

/// For designs that share nothing between images.
public struct NoSharedResources: Sendable {}

/// Spec in, encoded bytes (in any `OutputFormat`) out, for any design: checks the person's text, reads and decodes
/// the picture (only as far as the canvas needs), builds the scene, renders and encodes.
/// Writing the file is the caller's (it knows where and how).
public struct DesignPipeline<Design: PictureDesign>: Sendable {
    public let data: DataDirectory
    public var renderer: Renderer
    public var encoding: OutputEncoding
    public var decodeLimits: DecodeLimits
    /// Decoded pictures and backgrounds shared with other renders (a batch's rows); nil
    /// decodes, scales and shades every time.
    public var pictureCache: PictureCache?
    /// Hears one line before a scene is painted for a canvas its bundled picture does
    /// not serve (`PaintedScenery`), which may take seconds; nil says nothing.
    public var announcePainting: (@Sendable (String) -> Void)?
    let resources: DesignResources<Design>

    public init(
        data: DataDirectory, renderer: Renderer = Renderer(), encoding: OutputEncoding = .standard,
        decodeLimits: DecodeLimits = .standard
    ) {
        self.data = data
        self.resources = DesignResources(data)
        self.renderer = renderer
        self.encoding = encoding
        self.decodeLimits = decodeLimits
    }

    /// Opens the design's resources now (a card's fonts), which the first render would
    /// otherwise open while its picture decodes, and loads the output format's library
    /// (libwebp, libheif), which the first render would load once encoding: a batch learns
    /// of a font that cannot be opened or a library that is not installed once, before its
    /// first row, not at the end of every row.
    public func openResources() throws(PipelineError) {
        _ = try resources.get()
        do {
            try encoding.format.loadEncoderLibrary()
        } catch {
            throw .encoding(error)
        }
    }

    /// Renders `spec`; `provenance` (how it was asked for) is written into the file.
    /// With `pictureCache`, a background already made from the same picture on the same
    /// canvas with the same shading is taken from it and only the rest (the text) is drawn
    /// over a copy; failing that, a picture already decoded for this canvas is. The
    /// background made here (or, for a scene without one, the decoded picture) is kept
    /// there once the picture is finished.
    ///
    /// With `file`, the encoded bytes go into it as they are made (the result's `encoded`
    /// is then empty); the caller puts it in place with `file.finish()`, which also
    /// reports a write that failed.
    ///
    /// Without `keepsPixels` the caller reads only the result's size: a card drawn while
    /// its picture decodes may then pass its canvas's pages down as they are encoded
    /// (`Renderer.renderTimed`).
    public func render(
        _ spec: Design.Spec, provenance: Provenance? = nil, into file: GrowingFile? = nil, keepsPixels: Bool = true
    ) throws(PipelineError) -> RenderedImage {
        let canvas = Design.canvas(of: spec)
        // A painting is a file of its own (`PaintedScenery`): the cache's keys name the
        // bundled pictures.
        guard let cache = pictureCache, Self.paintedPicture(spec) == nil,
            let pictureKey = PictureCache.key(
                path: Design.picture(of: spec, in: data).path, canvas: canvas, limits: decodeLimits)
        else {
            // Nothing keeps the picture: it is read once, by this render.
            var (source, timings) = try readAndDecode(spec) { bytes, path, origin throws(PipelineError) in
                try PipelineSteps.decodePicture(
                    bytes, path: path, origin, limits: decodeLimits, coverTarget: canvas, for: renderer, streamed: true)
            }
            let scene = try buildScene(spec, picture: source.picture, timings: &timings)
            return try PipelineSteps.renderAndEncode(
                scene, source: source, renderer: renderer, encoding: encoding, provenance: provenance,
                timings: &timings, into: file, keepsPixels: keepsPixels)
        }
        return try render(spec, provenance: provenance, cache: cache, pictureKey: pictureKey, into: file)
    }

    /// `render`'s picture without a file: the pixels, for a container of several pictures
    /// (a dynamic wallpaper's HEIC) that encodes them itself. No cache is used.
    public func renderPixels(_ spec: Design.Spec) throws(PipelineError) -> Image {
        let canvas = Design.canvas(of: spec)
        var (source, timings) = try readAndDecode(spec) { bytes, path, origin throws(PipelineError) in
            try PipelineSteps.decodePicture(
                bytes, path: path, origin, limits: decodeLimits, coverTarget: canvas, for: renderer)
        }
        let scene = try buildScene(spec, picture: source.picture, timings: &timings)
        return try PipelineSteps.render(scene, source: source, renderer: renderer, timings: &timings).image
    }

    /// `render` with a cache. The scene is first built over a stand-in picture (the
    /// designs' scenes depend on their picture only through their picture layers) to learn
    /// what its background draws; on a miss it is built again over the decoded picture.
    private func render(
        _ spec: Design.Spec, provenance: Provenance?, cache: PictureCache, pictureKey: PictureCache.Key,
        into file: GrowingFile?
    ) throws(PipelineError) -> RenderedImage {
        for text in Design.personalTexts(of: spec) { try PipelineSteps.checkText(text) }
        let (path, isOwn) = Design.picture(of: spec, in: data)
        let origin: InputOrigin = isOwn ? .background : .bundled
        var timings = StageTimings()
        let standIn = DecodedPicture(Image(width: 0, height: 0))
        let sketch = try buildScene(spec, picture: standIn, timings: &timings)
        let backgroundKey = PictureCache.BackgroundKey(
            picture: pictureKey, layers: sketch.backgroundSignature, dithers: renderer.dithers)
        if let background = cache.background(for: backgroundKey) {
            let rendered: (image: Image, timings: RenderTimings, changedRows: Range<Int>)
            do {
                rendered = try renderer.renderTimed(sketch, background: background.image)
            } catch {
                throw .text(error)
            }
            timings.composite += rendered.timings.composite
            timings.text += rendered.timings.text
            return try PipelineSteps.encode(
                rendered.image, source: (background.picture, path, origin), encoding: encoding,
                provenance: provenance, timings: timings,
                sharing: PNGBandSharing(store: background.bands, changedRows: rendered.changedRows), into: file)
        }
        var (source, decodeTimings) = try readAndDecode(spec) { bytes, path, origin throws(PipelineError) in
            try PipelineSteps.decodePicture(
                bytes, path: path, origin, limits: decodeLimits, coverTarget: Design.canvas(of: spec), for: renderer)
        } cached: {
            cache.picture(for: pictureKey)
        }
        decodeTimings.decode += timings.decode
        let scene = try buildScene(spec, picture: source.picture, timings: &decodeTimings)
        var made: Image?
        let (image, changedRows) = try PipelineSteps.render(
            scene, source: source, renderer: renderer, timings: &decodeTimings, keepBackground: { made = $0 })
        // The picture is finished now (render waits for its last row and checks it). Its
        // background is kept rather than the picture itself: the rows that share it need
        // nothing else, and a row that fades the picture otherwise decodes it again (a
        // tenth of what scaling it costs) where keeping both would crowd the cache.
        // This image's encoding leaves the background's bands for the rows that follow.
        var sharing: PNGBandSharing?
        if let made {
            let kept = cache.keep(background: made, from: source.picture, for: backgroundKey)
            sharing = PNGBandSharing(store: kept.bands, changedRows: changedRows)
        } else {
            cache.keep(source.picture, for: pictureKey)
        }
        return try PipelineSteps.encode(
            image, source: source, encoding: encoding, provenance: provenance, timings: decodeTimings,
            sharing: sharing, into: file)
    }

    /// The scene to paint for `spec`, and the sky to paint it under: when the spec asks
    /// for a sky, or its canvas is one the bundled picture does not serve; nil otherwise.
    static func paintedPicture(_ spec: Design.Spec) -> (scene: String, light: SceneLight?)? {
        guard let scene = Design.paintedScene(of: spec) else { return nil }
        let light = Design.light(of: spec)
        guard light != nil || PaintedScenery.isPainted(Design.canvas(of: spec), scene: scene) else { return nil }
        return (scene, light)
    }

    /// The design's scene, its time counted with decoding (as it always was).
    private func buildScene(_ spec: Design.Spec, picture: DecodedPicture, timings: inout StageTimings)
        throws(PipelineError) -> Scene
    {
        let clock = ContinuousClock()
        let started = clock.now
        defer { timings.decode += clock.now - started }
        return try Design.scene(spec, picture: picture, resources: try resources.get(), data: data)
    }

    /// What every render starts with: the person's text checked (text too long or too
    /// piled-up to draw is refused before any file is read), the picture read and handed
    /// to `decode`, each step timed.
    /// `cached`, when it gives a picture, stands in for reading and decoding.
    func readAndDecode(
        _ spec: Design.Spec,
        decode: (_ bytes: FileBytes, _ path: String, _ origin: InputOrigin) throws(PipelineError) -> DecodedPicture,
        cached: () -> DecodedPicture? = { nil }
    ) throws(PipelineError) -> (source: (picture: DecodedPicture, path: String, origin: InputOrigin), StageTimings) {
        for text in Design.personalTexts(of: spec) { try PipelineSteps.checkText(text) }
        var timings = StageTimings()
        let clock = ContinuousClock()
        var started = clock.now
        var (path, isOwn) = Design.picture(of: spec, in: data)
        let origin: InputOrigin = isOwn ? .background : .bundled
        if let picture = cached() { return ((picture, path, origin), timings) }
        let bytes: FileBytes
        if let painted = Self.paintedPicture(spec) {
            (bytes, path, _) = try PaintedScenery.picture(
                scene: painted.scene, canvas: Design.canvas(of: spec), light: painted.light,
                announce: announcePainting)
        } else {
            bytes = try PipelineSteps.read(path, origin)
        }
        timings.read = clock.now - started
        started = clock.now
        let picture = try decode(bytes, path, origin)
        timings.decode = clock.now - started
        return ((picture, path, origin), timings)
    }
}

/// The season wallpaper's pipeline.
public typealias WallpaperPipeline = DesignPipeline<SeasonWallpaper>
/// The term card's pipeline; the card's fonts are opened once and shared by every card.
public typealias TermCardPipeline = DesignPipeline<TermCard>
