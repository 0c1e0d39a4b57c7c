import Almanac
import Compositor

/// Spec in, PNG bytes out: reads and decodes the picture and font, builds the scene,
/// renders and encodes. Writing the file is the caller's (it knows where and how).
public struct WallpaperPipeline: Sendable {
    public let data: DataDirectory
    public var renderer: Renderer
    public var pngOptions: PNGEncodingOptions
    public var decodeLimits: DecodeLimits

    public init(
        data: DataDirectory, renderer: Renderer = Renderer(), pngOptions: PNGEncodingOptions = .fast,
        decodeLimits: DecodeLimits = .standard
    ) {
        self.data = data
        self.renderer = renderer
        self.pngOptions = pngOptions
        self.decodeLimits = decodeLimits
    }

    public func render(_ spec: SeasonWallpaperSpec) throws(PipelineError) -> RenderedImage {
        var timings = StageTimings()
        let clock = ContinuousClock()

        // Text too long or too piled-up to draw is refused before any file is read.
        if spec.showsLabel { try PipelineSteps.checkText(spec.labelText) }
        var started = clock.now
        let picturePath = spec.backgroundPath ?? data.seasonPicture(spec.season.rawValue)
        let pictureOrigin: InputOrigin = spec.backgroundPath != nil ? .background : .bundled
        let pictureBytes = try PipelineSteps.read(picturePath, pictureOrigin)
        timings.read = clock.now - started

        started = clock.now
        let picture = try PipelineSteps.decodePicture(
            pictureBytes, path: picturePath, pictureOrigin, limits: decodeLimits,
            coverTarget: (spec.width, spec.height), for: renderer)
        // Fonts matter only for the label; without one none is read.
        let fonts =
            spec.showsLabel
            ? try LabelFonts.chain(
                for: spec.labelText, data: data, userFontPath: spec.fontPath, display: SeasonWallpaper.labelFontFile)
            : nil
        timings.decode = clock.now - started

        let scene = SeasonWallpaper.scene(spec, picture: picture, fonts: fonts)
        return try PipelineSteps.renderAndEncode(
            scene, source: (picture, picturePath, pictureOrigin), renderer: renderer, pngOptions: pngOptions,
            timings: &timings)
    }
}
