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
/// threads at once.
public final class PictureMaker: @unchecked Sendable {
    private let data: DataDirectory
    private let workers: Int?
    private let recycler: ImageRecycler?
    private let pictureCache: PictureCache?
    private let lock = Lock()
    private var wallpaperPipelines: [(RenderSettings, WallpaperPipeline)] = []
    private var termPipelines: [(RenderSettings, TermCardPipeline)] = []

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

    /// The picture, encoded in its format with its note.
    public func render(_ request: PictureRequest) throws(PipelineError) -> RenderedImage {
        switch request.image {
        case .wallpaper(let image):
            try pipeline(image.settings, \.wallpaperPipelines).render(image.spec, provenance: image.provenance)
        case .term(let image):
            try pipeline(image.settings, \.termPipelines).render(image.spec, provenance: image.provenance)
        }
    }

    /// The pipeline for `settings`, made the first time they are asked for.
    private func pipeline<Design: PictureDesign>(
        _ settings: RenderSettings,
        _ made: ReferenceWritableKeyPath<PictureMaker, [(RenderSettings, DesignPipeline<Design>)]>
    ) throws(PipelineError) -> DesignPipeline<Design> {
        lock.lock()
        defer { lock.unlock() }
        if let found = self[keyPath: made].first(where: { $0.0 == settings }) { return found.1 }
        var pipeline: DesignPipeline<Design> = try settings.pipeline(data, workers: workers)
        if let recycler { pipeline.renderer.recycler = recycler }
        pipeline.pictureCache = pictureCache
        self[keyPath: made].append((settings, pipeline))
        return pipeline
    }
}
