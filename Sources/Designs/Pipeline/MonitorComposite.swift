import Compositor

/// Several monitors' pictures as one: the picture a desktop with a single wallpaper for
/// all monitors shows spanned (GNOME's `spanned`, an X root window), each monitor's own
/// in that monitor's rectangle.
public enum MonitorComposite {
    /// A picture and the rectangle of the canvas it fills.
    public struct Tile {
        public let image: Image
        public let x: Int
        public let y: Int
        public let width: Int
        public let height: Int

        public init(image: Image, x: Int, y: Int, width: Int, height: Int) {
            self.image = image
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// An opaque `width` x `height` image, black where no tile reaches, each tile's
    /// picture cover-fitted (scaled to fill, the overflow cropped evenly) into its
    /// rectangle; later tiles over earlier ones where rectangles overlap. A translucent
    /// picture shows over black.
    public static func compose(_ tiles: [Tile], width: Int, height: Int) -> Image {
        let canvas = Image(width: width, height: height)
        for y in 0..<height {
            let row = canvas.row(y)
            for x in 0..<width { row[x * Image.channels + 3] = 255 }
        }
        for tile in tiles where tile.width > 0 && tile.height > 0 {
            let fitted =
                tile.image.width == tile.width && tile.image.height == tile.height
                ? tile.image : Resampler.cover(tile.image, width: tile.width, height: tile.height)
            let left = max(0, tile.x)
            let right = min(width, tile.x + tile.width)
            guard left < right else { continue }
            for y in max(0, tile.y)..<min(height, tile.y + tile.height) {
                let source = fitted.row(y - tile.y) + (left - tile.x) * Image.channels
                let target = canvas.row(y) + left * Image.channels
                target.update(from: source, count: (right - left) * Image.channels)
                // Premultiplied colour over black is the colour itself, made opaque.
                for x in 0..<(right - left) { target[x * Image.channels + 3] = 255 }
            }
        }
        return canvas
    }
}
