import Compositor
import Designs

/// How pictures are decoded, rendered and encoded: the same options for every command
/// that renders (`--max-pixels`, `--compression`, `--dither`).
struct RenderSettings: Equatable {
    var limits = DecodeLimits.standard
    var pngOptions = PNGEncodingOptions.fast
    var dithers = true

    init(limits: DecodeLimits = .standard, pngOptions: PNGEncodingOptions = .fast, dithers: Bool = true) {
        self.limits = limits
        self.pngOptions = pngOptions
        self.dithers = dithers
    }

    /// From the options every rendering command declares (`CommonOptions.canvas`).
    init(_ parsed: ParsedArguments) {
        self.init(
            limits: CommonOptions.limits(parsed), pngOptions: parsed[required: CommonOptions.compression],
            dithers: parsed[required: CommonOptions.dither])
    }

    /// The pipeline for a design with these settings.
    func pipeline<Design: PictureDesign>(_ data: DataDirectory, workers: Int? = nil) throws(PipelineError)
        -> DesignPipeline<Design>
    {
        var renderer = Renderer(dithers: dithers)
        if let workers { renderer.workers = workers }
        return try DesignPipeline<Design>(data: data, renderer: renderer, pngOptions: pngOptions, decodeLimits: limits)
    }
}

/// A validated request for one image of a design: a wallpaper or a card.
public struct ImageRequest<Design: PictureDesign>: Equatable where Design.Spec: Equatable {
    var spec: Design.Spec
    var output: OutputTarget
    var settings = RenderSettings()
    /// Said on standard error before the image is made (a text cut to the limit).
    var warnings: [String] = []
    /// Set it as the desktop's wallpaper once written, on this desktop (nil: detected).
    var apply = false
    var desktop: String?
    /// How the image was asked for, written into the file (nil with --no-metadata).
    var provenance: String?
}

public typealias WallpaperRequest = ImageRequest<SeasonWallpaper>
public typealias TermRequest = ImageRequest<TermCard>

/// `wallgen [options]` and `wallgen term NAME`: one image, written where asked.
enum ImageCommand {
    static func run<Design>(_ request: ImageRequest<Design>, subject: String, _ output: StatusOutput) -> ExitCode {
        for warning in request.warnings { Console.report(warning) }
        return SingleOutput.run(
            request.output, subject: subject, output, thenApply: request.apply ? .init(desktop: request.desktop) : nil
        ) {
            () throws(PipelineError) in
            let pipeline: DesignPipeline<Design> = try request.settings.pipeline(try DataDirectory.locate())
            return try pipeline.render(request.spec, provenance: request.provenance)
        }
    }
}
