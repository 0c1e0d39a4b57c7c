import Compositor

extension DesignPipeline {
    /// Renders `spec` on each canvas in turn, from one read and one decode of its
    /// picture, handing each image to `each` as soon as it is encoded (so only one
    /// canvas's pixels are held at a time).
    ///
    /// The picture is decoded whole, at the scale the largest canvas needs; each image
    /// may therefore differ by a little from the same canvas made alone, which decodes
    /// only the part and the scale that canvas needs. `provenances`, when given, holds
    /// what each canvas's file records of how it was made.
    public func render(
        _ spec: Design.Spec, canvases: [(width: Int, height: Int)], provenances: [Provenance?] = [],
        each: (_ index: Int, _ rendered: RenderedImage) throws(PipelineError) -> Void
    ) throws(PipelineError) {
        // A canvas the bundled picture does not serve has a painting of its own: each
        // canvas is then made on its own, from its own picture.
        if let scene = Design.paintedScene(of: spec),
            Design.light(of: spec) != nil || canvases.contains(where: { PaintedScenery.isPainted($0, scene: scene) })
        {
            for (index, canvas) in canvases.enumerated() {
                let sized = Design.spec(spec, width: canvas.width, height: canvas.height)
                try each(index, try render(sized, provenance: index < provenances.count ? provenances[index] : nil))
            }
            return
        }
        var (source, timings) = try readAndDecode(spec) { bytes, path, origin throws(PipelineError) in
            try PipelineSteps.decodeWhole(bytes, path: path, origin, limits: decodeLimits, coverTargets: canvases)
        }
        for (index, canvas) in canvases.enumerated() {
            var own = timings
            let sized = Design.spec(spec, width: canvas.width, height: canvas.height)
            let scene = try Design.scene(sized, picture: source.picture, resources: try resources.get(), data: data)
            // A soft bundled picture is one warning naming every size, with the first image.
            let rendered = try PipelineSteps.renderAndEncode(
                scene, source: source, renderer: renderer, encoding: encoding,
                provenance: index < provenances.count ? provenances[index] : nil, timings: &own,
                softCanvases: index == 0 ? canvases : [])
            try each(index, rendered)
            // Reading and decoding are counted once, with the first image.
            timings.read = .zero
            timings.decode = .zero
        }
    }

    /// Renders `spec` once on a canvas covering every tile (several monitors side by
    /// side), then cuts out each tile and encodes it on its own: one picture continuing
    /// from one monitor to the next. A tile whose `pixels` differ from its rectangle (a
    /// monitor at a smaller scale than the largest) is resampled to them. Every tile
    /// records `provenance`: the command that makes the whole span again.
    public func renderSpan(
        _ spec: Design.Spec, tiles: [(x: Int, y: Int, width: Int, height: Int, pixels: (width: Int, height: Int))],
        provenance: Provenance? = nil,
        each: (_ index: Int, _ rendered: RenderedImage) throws(PipelineError) -> Void
    ) throws(PipelineError) {
        var (source, timings) = try readAndDecode(spec) { bytes, path, origin throws(PipelineError) in
            try PipelineSteps.decodePicture(
                bytes, path: path, origin, limits: decodeLimits, coverTarget: Design.canvas(of: spec), for: renderer)
        }
        let scene = try Design.scene(spec, picture: source.picture, resources: try resources.get(), data: data)
        let whole = try PipelineSteps.render(scene, source: source, renderer: renderer, timings: &timings).image
        for (index, tile) in tiles.enumerated() {
            var cut = ImageCrop.crop(whole, x: tile.x, y: tile.y, width: tile.width, height: tile.height)
            if (tile.width, tile.height) != tile.pixels {
                let resize = Scene(
                    width: tile.pixels.width, height: tile.pixels.height,
                    layers: [.picture(PictureLayer(image: cut))])
                cut = try PipelineSteps.render(
                    resize, source: (DecodedPicture(cut), source.path, source.origin), renderer: renderer,
                    timings: &timings
                ).image
            }
            // The picture covers the whole span: its softness is the span's, said once.
            try each(
                index,
                try PipelineSteps.encode(
                    cut, source: source, encoding: encoding, provenance: provenance, timings: timings,
                    softCanvases: index == 0 ? [(whole.width, whole.height)] : [])
            )
        }
    }
}

/// Copying a rectangle out of an image.
public enum ImageCrop {
    /// The pixels of `image` in the rectangle, which must lie inside it.
    public static func crop(_ image: Image, x: Int, y: Int, width: Int, height: Int) -> Image {
        precondition(
            x >= 0 && y >= 0 && x + width <= image.width && y + height <= image.height, "crop outside the image")
        let result = Image(width: width, height: height)
        for row in 0..<height {
            (result.row(row)).update(from: image.row(y + row) + x * Image.channels, count: width * Image.channels)
        }
        return result
    }
}
