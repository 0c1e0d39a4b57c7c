import Compositor
import Files

/// Time spent in each stage of making one image.
public struct StageTimings: Sendable {
    public var read: Duration = .zero
    public var decode: Duration = .zero
    public var scale: Duration = .zero
    public var composite: Duration = .zero
    public var text: Duration = .zero
    public var encode: Duration = .zero

    public var total: Duration { read + decode + scale + composite + text + encode }
}

/// A finished image: its pixels, its encoded bytes and where the time went.
public struct RenderedImage: Sendable {
    /// The pixels; of an image rendered without keeping them (`DesignPipeline.render`'s
    /// `keepsPixels`), only the size is to be read.
    public let image: Image
    /// The file's bytes, in `format`; none when they were written into a file as they
    /// were made (`DesignPipeline.render(_:provenance:into:)`).
    public let encoded: [UInt8]
    /// How many bytes the file has, wherever they went.
    public let byteCount: Int
    public let format: OutputFormat
    public let timings: StageTimings
    /// Things the person should know although the picture was made (a blurry background).
    public var warnings: [String] = []
}

/// Whose file an input is. A problem with the user's file is theirs to fix and is
/// reported against their flag; one with a bundled file means a broken installation.
enum InputOrigin {
    case background
    case font
    case bundled

    func error(_ path: String, _ problem: PipelineError.InputProblem) -> PipelineError {
        switch self {
        case .background: .background(path: path, problem: problem)
        case .font: .font(path: path, problem: problem)
        case .bundled: .bundled(path: path, problem: problem)
        }
    }
}

/// The steps every pipeline shares, each turning library errors into `PipelineError`s
/// that name the input.
enum PipelineSteps {
    /// The picture at `path`, mapped (`FileReader.mapped`): it is decoded once.
    static func read(_ path: String, _ origin: InputOrigin) throws(PipelineError) -> FileBytes {
        do {
            return try FileReader.mapped(path, expecting: .picture)
        } catch {
            throw origin.error(path, .file(error))
        }
    }

    /// Throws unless the person's text is within the bounds `TextLine` lays out
    /// (scalars per character and per line): checked first, so a text bomb costs
    /// milliseconds, not a decoded picture and a rendered background.
    static func checkText(_ text: String) throws(PipelineError) {
        do {
            try TextLine.checkLimits(text)
        } catch {
            throw .text(error)
        }
    }

    /// The picture, decoded only as far as a cover fit onto the canvas needs. When
    /// `renderer` has a thread to spare, the rows decode on one of their own and may
    /// still be arriving (the renderer scales them as they do): pass the picture to
    /// `renderAndEncode`, which finishes it before encoding. With `streamed` (a picture
    /// for one render and nothing else) its rows pass through a ring
    /// (`ImageDecoder.decodePicture`).
    static func decodePicture(
        _ bytes: FileBytes, path: String, _ origin: InputOrigin, limits: DecodeLimits,
        coverTarget: (width: Int, height: Int), for renderer: Renderer, streamed: Bool = false
    ) throws(PipelineError) -> DecodedPicture {
        DecodeTrace.decoding(path, for: [coverTarget])
        do {
            return try ImageDecoder.decodePicture(
                bytes, limits: limits, width: coverTarget.width, height: coverTarget.height,
                inBackground: renderer.workers > 1, streamed: streamed, recycler: renderer.recycler)
        } catch {
            throw origin.error(path, .image(error))
        }
    }

    /// The whole picture, decoded once for several canvases: a JPEG at the largest DCT
    /// scale-down that still leaves every canvas's pixels (so each is only shrunk), never
    /// cropped, since each canvas's cover fit shows another part of it.
    static func decodeWhole(
        _ bytes: FileBytes, path: String, _ origin: InputOrigin, limits: DecodeLimits,
        coverTargets: [(width: Int, height: Int)]
    ) throws(PipelineError) -> DecodedPicture {
        DecodeTrace.decoding(path, for: coverTargets)
        let largest = (width: coverTargets.map(\.width).max() ?? 0, height: coverTargets.map(\.height).max() ?? 0)
        do {
            return DecodedPicture(try ImageDecoder.decode(bytes, limits: limits, coverTarget: largest))
        } catch {
            throw origin.error(path, .image(error))
        }
    }

    /// The font file at `path`, which FreeType reads itself: a missing, unreadable,
    /// folder, device or oversized path, or one that does not start as a font does,
    /// fails as any input file would, the rest as a font.
    static func openFont(_ path: String, _ origin: InputOrigin) throws(PipelineError) -> Font {
        do {
            try FileReader.checkReadable(path, expecting: .font)
        } catch {
            throw origin.error(path, .file(error))
        }
        do {
            return try Font(path: path, label: path)
        } catch .librariesUnavailable(let library) {
            throw .librariesUnavailable(library)
        } catch {
            throw origin.error(path, .font(error))
        }
    }

    /// Renders the scene and encodes it (in any `OutputFormat`), adding to `timings`. The scene's picture,
    /// perhaps still being decoded (`source`, read from its `path`), is finished first:
    /// if its rows turn out damaged, that is the error, and nothing drawn from them is
    /// encoded. Without `keepsPixels`, only the result's size is read afterwards (see
    /// `Renderer.renderTimed`).
    static func renderAndEncode(
        _ scene: Scene, source: (picture: DecodedPicture, path: String, origin: InputOrigin), renderer: Renderer,
        encoding: OutputEncoding, provenance: Provenance? = nil, timings: inout StageTimings,
        softCanvases: [(width: Int, height: Int)]? = nil, into file: GrowingFile? = nil, keepsPixels: Bool = true
    ) throws(PipelineError) -> RenderedImage {
        // A PNG's bands are compressed as the render finishes them (`PNGRowStream`).
        var stream: PNGRowStream?
        if case .png(let options) = encoding {
            stream = PNGRowStream(
                width: scene.width, height: scene.height, options: options, note: provenance?.json, into: file)
        }
        defer { stream?.close() }
        let image = try render(
            scene, source: source, renderer: renderer, timings: &timings, rowsFinished: stream?.rowsFinished,
            keepsPixels: keepsPixels || stream == nil
        ).image
        return try encode(
            image, source: source, encoding: encoding, provenance: provenance, timings: timings,
            softCanvases: softCanvases, into: file, stream: stream)
    }

    /// Renders the scene, adding to `timings`, and finishes its picture (see `renderAndEncode`).
    /// `keepBackground` receives the scene's background as soon as it is composited (see
    /// `Renderer.renderTimed`); it is only to be kept once this returns (the picture is then
    /// known to be whole).
    static func render(
        _ scene: Scene, source: (picture: DecodedPicture, path: String, origin: InputOrigin), renderer: Renderer,
        timings: inout StageTimings, keepBackground: ((Image) -> Void)? = nil,
        rowsFinished: (@Sendable (Image, Int) -> Void)? = nil, keepsPixels: Bool = true
    ) throws(PipelineError) -> (image: Image, changedRows: Range<Int>) {
        let image: Image
        let changedRows: Range<Int>
        do {
            let rendered = try renderer.renderTimed(
                scene, keepBackground: keepBackground, rowsFinished: rowsFinished, keepsPixels: keepsPixels)
            image = rendered.image
            changedRows = rendered.changedRows
            let renderTimings = rendered.timings
            timings.scale += renderTimings.scale
            timings.composite += renderTimings.composite
            timings.text += renderTimings.text
        } catch {
            try? source.picture.finish()  // the decoding thread ends before the error is reported
            throw .text(error)
        }
        do {
            try source.picture.finish()
        } catch {
            throw source.origin.error(source.path, .image(error))
        }
        return (image, changedRows)
    }

    /// Encodes a rendered image (in any `OutputFormat`), with `provenance` (how it was asked
    /// for) written into the file, the time it took and any warning about the
    /// picture it was drawn from. A bundled picture's softness is judged on
    /// `softCanvases` (several sizes are named in one warning), by default this image's.
    /// `sharing` ties the image to the background it was drawn over (see `PNGBandSharing`);
    /// `stream`, a PNG begun while the image was drawn, is finished instead.
    static func encode(
        _ image: Image, source: (picture: DecodedPicture, path: String, origin: InputOrigin),
        encoding: OutputEncoding, provenance: Provenance?, timings: StageTimings,
        softCanvases: [(width: Int, height: Int)]? = nil, sharing: PNGBandSharing? = nil, into file: GrowingFile? = nil,
        stream: PNGRowStream? = nil
    ) throws(PipelineError) -> RenderedImage {
        var timings = timings
        let clock = ContinuousClock()
        let started = clock.now
        var encoded: [UInt8] = []
        do {
            if let stream {
                encoded = try stream.finish(image)
            } else if let file {
                try encoding.encode(image, into: file, provenance: provenance, sharing: sharing)
            } else {
                encoded = try encoding.encode(image, provenance: provenance, sharing: sharing)
            }
        } catch {
            throw .encoding(error)
        }
        timings.encode += clock.now - started
        var result = RenderedImage(
            image: image, encoded: encoded, byteCount: file?.appended ?? encoded.count, format: encoding.format,
            timings: timings)
        if source.origin == .background {
            result.warnings += source.picture.notes.map { "Note: --background '\(source.path)': \($0)" }
            if let warning = BackgroundEnlargement.warning(source.picture, image) { result.warnings.append(warning) }
        } else if let warning = BackgroundEnlargement.bundledWarning(
            (source.picture.fullWidth, source.picture.fullHeight),
            canvases: softCanvases ?? [(image.width, image.height)])
        {
            result.warnings.append(warning)
        }
        return result
    }
}
