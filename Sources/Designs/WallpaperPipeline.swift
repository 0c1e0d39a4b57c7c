import Almanac
import Compositor

/// Time spent in each stage of making one wallpaper.
public struct StageTimings: Sendable {
    public var read: Duration = .zero
    public var decode: Duration = .zero
    public var scale: Duration = .zero
    public var composite: Duration = .zero
    public var text: Duration = .zero
    public var encode: Duration = .zero

    public var total: Duration { read + decode + scale + composite + text + encode }
}

/// A finished wallpaper: its pixels, its PNG bytes and where the time went.
public struct RenderedWallpaper: Sendable {
    public let image: Image
    public let png: [UInt8]
    public let timings: StageTimings
}

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

    public func render(_ spec: SeasonWallpaperSpec) throws(PipelineError) -> RenderedWallpaper {
        var timings = StageTimings()
        let clock = ContinuousClock()

        var started = clock.now
        let picturePath = spec.backgroundPath ?? data.seasonPicture(spec.season.rawValue)
        let pictureBytes = try read(picturePath, asUserFile: spec.backgroundPath != nil, isFont: false)
        // The font matters only for the label; without one it is not even read.
        let fontPath = spec.fontPath ?? data.font(SeasonWallpaper.labelFontFile)
        let fontBytes = spec.showsLabel ? try read(fontPath, asUserFile: spec.fontPath != nil, isFont: true) : nil
        timings.read = clock.now - started

        started = clock.now
        let picture: Image
        do {
            picture = try ImageDecoder.decode(
                pictureBytes, limits: decodeLimits, coverTarget: (spec.width, spec.height))
        } catch {
            throw spec.backgroundPath != nil
                ? .background(path: picturePath, problem: .image(error))
                : .bundled(path: picturePath, problem: .image(error))
        }
        var font: Font?
        if let fontBytes {
            do {
                font = try Font(data: fontBytes, label: fontPath)
            } catch {
                throw spec.fontPath != nil
                    ? .font(path: fontPath, problem: .font(error))
                    : .bundled(path: fontPath, problem: .font(error))
            }
        }
        timings.decode = clock.now - started

        let scene = SeasonWallpaper.scene(spec, picture: picture, font: font)
        let image: Image
        do {
            let (rendered, renderTimings) = try renderer.renderTimed(scene)
            image = rendered
            timings.scale = renderTimings.scale
            timings.composite = renderTimings.composite
            timings.text = renderTimings.text
        } catch {
            throw .text(error)
        }

        started = clock.now
        let png: [UInt8]
        do {
            png = try PNGEncoder.encode(image, options: pngOptions)
        } catch {
            throw .encoding(error)
        }
        timings.encode = clock.now - started
        return RenderedWallpaper(image: image, png: png, timings: timings)
    }

    private func read(_ path: String, asUserFile: Bool, isFont: Bool) throws(PipelineError) -> [UInt8] {
        do {
            return try FileReader.read(path)
        } catch {
            if !asUserFile { throw .bundled(path: path, problem: .file(error)) }
            throw isFont ? .font(path: path, problem: .file(error)) : .background(path: path, problem: .file(error))
        }
    }
}
