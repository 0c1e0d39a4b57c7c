import Compositor

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
    /// Decoded pictures shared with other renders (a batch's rows); nil decodes every time.
    public var pictureCache: PictureCache?
    let resources: Design.Resources

    public init(
        data: DataDirectory, renderer: Renderer = Renderer(), encoding: OutputEncoding = .standard,
        decodeLimits: DecodeLimits = .standard
    ) throws(PipelineError) {
        self.data = data
        self.resources = try Design.resources(data)
        self.renderer = renderer
        self.encoding = encoding
        self.decodeLimits = decodeLimits
    }

    /// Renders `spec`; `provenance` (how it was asked for, as JSON) is written into the file.
    /// With `pictureCache`, a picture already decoded for this canvas is taken from it, and
    /// one decoded here is kept there once finished.
    public func render(_ spec: Design.Spec, provenance: String? = nil) throws(PipelineError) -> RenderedImage {
        let canvas = Design.canvas(of: spec)
        let cacheKey = pictureCache.flatMap { _ in
            PictureCache.key(path: Design.picture(of: spec, in: data).path, canvas: canvas, limits: decodeLimits)
        }
        var (source, timings) = try readAndDecode(spec) { bytes, path, origin throws(PipelineError) in
            try PipelineSteps.decodePicture(
                bytes, path: path, origin, limits: decodeLimits, coverTarget: canvas, for: renderer)
        } cached: {
            cacheKey.flatMap { pictureCache?.picture(for: $0) }
        }
        let clock = ContinuousClock()
        let started = clock.now
        let scene = try Design.scene(spec, picture: source.picture, resources: resources, data: data)
        timings.decode += clock.now - started
        let rendered = try PipelineSteps.renderAndEncode(
            scene, source: source, renderer: renderer, encoding: encoding, provenance: provenance, timings: &timings)
        // Finished now (renderAndEncode waits for the last row).
        if let cacheKey { pictureCache?.keep(source.picture, for: cacheKey) }
        return rendered
    }

    /// What every render starts with: the person's text checked (text too long or too
    /// piled-up to draw is refused before any file is read), the picture read and handed
    /// to `decode`, each step timed.
    /// `cached`, when it gives a picture, stands in for reading and decoding.
    func readAndDecode(
        _ spec: Design.Spec,
        decode: (_ bytes: [UInt8], _ path: String, _ origin: InputOrigin) throws(PipelineError) -> DecodedPicture,
        cached: () -> DecodedPicture? = { nil }
    ) throws(PipelineError) -> (source: (picture: DecodedPicture, path: String, origin: InputOrigin), StageTimings) {
        for text in Design.personalTexts(of: spec) { try PipelineSteps.checkText(text) }
        var timings = StageTimings()
        let clock = ContinuousClock()
        var started = clock.now
        let (path, isOwn) = Design.picture(of: spec, in: data)
        let origin: InputOrigin = isOwn ? .background : .bundled
        if let picture = cached() { return ((picture, path, origin), timings) }
        let bytes = try PipelineSteps.read(path, origin)
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
