import Batch
import Compositor
import Designs
import FoundationEssentials
import Platform

/// Renders `PictureRequest`s: the entry point for a program that makes wallgen's pictures
/// from typed settings rather than a command line (a batch's rows, the studio's previews
/// and its Save). The bytes are the ones the command writes for the same request.
///
/// A pipeline (with the fonts it opens) is made once per render settings and kept, so
/// many pictures with the same settings share it; one maker may render from several
/// threads at once. It keeps the `keptPipelines` settings used last for each design: a
/// studio session that tries a hundred qualities holds a few pipelines, not a hundred.
public final class PictureMaker: @unchecked Sendable {
    private let data: DataDirectory
    private let workers: Int?
    private let recycler: ImageRecycler?
    private let pictureCache: PictureCache?
    private let lock = Lock()
    private var wallpaperPipelines: [(RenderSettings, WallpaperPipeline)] = []
    private var termPipelines: [(RenderSettings, TermCardPipeline)] = []
    /// How many settings' pipelines each design keeps (a batch uses one or two; the
    /// studio's format and quality controls move among a few at a time).
    static let keptPipelines = 4

    /// Finds wallgen's pictures and fonts (see `DataDirectory`).
    public convenience init() throws(PipelineError) {
        self.init(data: try DataDirectory.locate())
    }

    /// `workers`: threads each picture's rows are split across (all cores when nil);
    /// `recycler` and `pictureCache` are shared by every pipeline, for a batch's rows.
    init(
        data: DataDirectory, workers: Int? = nil, recycler: ImageRecycler? = nil, pictureCache: PictureCache? = nil
    ) {
        self.data = data
        self.workers = workers
        self.recycler = recycler
        self.pictureCache = pictureCache
    }

    /// The maker for a batch's items: each picture's rows get the threads the items at
    /// once leave, the items share the image memory (each makes the same large buffers
    /// as the last) and, with `pictureCache`, the backgrounds they have in common.
    ///
    /// Only `batch` passes a cache: its rows may repeat a picture on a canvas with the
    /// same shading (a card in two languages, a thousand titles over one background).
    /// The items of `terms` and `schedule` never do (each is another picture, canvas or
    /// shading), and a cache nothing is taken from only holds memory: with one, `terms`
    /// peaked at 360 MiB instead of 100 and decoded as often.
    convenience init(data: DataDirectory, batch: BatchEngine, pictureCache: PictureCache?) {
        self.init(
            data: data, workers: batch.threadsPerItem, recycler: ImageRecycler(capacity: 3 * batch.jobs),
            pictureCache: pictureCache)
    }

    /// The picture, encoded in its format with its note.
    public func render(_ request: PictureRequest) throws(PipelineError) -> RenderedImage {
        switch request.image {
        case .wallpaper(let image): try render(image.spec, settings: image.settings, provenance: image.provenance)
        case .term(let image): try render(image.spec, settings: image.settings, provenance: image.provenance)
        }
    }

    /// A season wallpaper with these settings, encoded with its note.
    func render(_ spec: SeasonWallpaperSpec, settings: RenderSettings, provenance: Provenance?) throws(PipelineError)
        -> RenderedImage
    {
        try pipeline(settings, \.wallpaperPipelines).render(spec, provenance: provenance)
    }

    /// A term card with these settings, encoded with its note.
    func render(_ spec: TermCardSpec, settings: RenderSettings, provenance: Provenance?) throws(PipelineError)
        -> RenderedImage
    {
        try pipeline(settings, \.termPipelines).render(spec, provenance: provenance)
    }

    /// Makes the card pipeline for `settings` now and opens its fonts, so a font that
    /// cannot be read is reported once, before a batch of cards starts, not by every card.
    func prepareCards(_ settings: RenderSettings) throws(PipelineError) {
        try pipeline(settings, \.termPipelines).openResources()
    }

    /// The same for season wallpapers.
    func prepareWallpapers(_ settings: RenderSettings) throws(PipelineError) {
        try pipeline(settings, \.wallpaperPipelines).openResources()
    }

    /// The pipeline for `settings`, made the first time they are asked for and kept among
    /// the last `keptPipelines` used (the least recently used one is let go; a render
    /// still using it keeps its own copy).
    /// The settings whose pipelines are kept, least recently used first (for tests).
    var keptTermSettings: [RenderSettings] {
        lock.lock()
        defer { lock.unlock() }
        return termPipelines.map(\.0)
    }

    private func pipeline<Design: PictureDesign>(
        _ settings: RenderSettings,
        _ made: ReferenceWritableKeyPath<PictureMaker, [(RenderSettings, DesignPipeline<Design>)]>
    ) -> DesignPipeline<Design> {
        lock.lock()
        defer { lock.unlock() }
        if let index = self[keyPath: made].firstIndex(where: { $0.0 == settings }) {
            let found = self[keyPath: made].remove(at: index)
            self[keyPath: made].append(found)
            return found.1
        }
        var pipeline: DesignPipeline<Design> = settings.pipeline(data, workers: workers)
        if let recycler { pipeline.renderer.recycler = recycler }
        pipeline.pictureCache = pictureCache
        self[keyPath: made].append((settings, pipeline))
        if self[keyPath: made].count > Self.keptPipelines { self[keyPath: made].removeFirst() }
        return pipeline
    }
}
