import Dispatch
import Platform

/// A scene's text layers laid out and drawn into their masks on a thread of their own,
/// while the picture under them still decodes.
///
/// A card's four lines take milliseconds to shape, fit and rasterise, and none of that
/// looks at the canvas; only placing and blending them does. Done after the picture,
/// that time was a stretch with one core busy; done during the decode, it takes the
/// time the compositing thread leaves while it waits for rows. The work and its results
/// are exactly `TextPainter.fit`'s; errors come out where drawing would have thrown them.
final class TextFitAhead: @unchecked Sendable {
    /// Each text layer's fit by its index in the scene, when the thread has ended.
    private var fits: [Int: Result<TextPainter.Fit?, FontError>] = [:]
    private let ended = DispatchSemaphore(value: 0)
    private var hasWaited = false

    /// Starts fitting `scene`'s text layers, or returns nil when there is nothing to
    /// overlap: no text, or no picture still decoding on another thread.
    static func start(for scene: Scene) -> TextFitAhead? {
        let texts = scene.layers.enumerated().compactMap { index, layer -> (Int, TextLayer)? in
            if case .text(let text) = layer { return (index, text) }
            return nil
        }
        let decoding = scene.layers.contains { layer in
            if case .picture(let picture) = layer { return picture.picture.progress?.isDecoding == true }
            return false
        }
        guard decoding, !texts.isEmpty else { return nil }
        let ahead = TextFitAhead()
        let maxRasterPixels = TextPainter.maxRasterPixels(width: scene.width, height: scene.height)
        // Shaping may load fallback fonts through fontconfig, which wants a main thread's stack.
        startDetachedThread(stackSize: 8 << 20) {
            for (index, text) in texts {
                let fit = Result { () throws(FontError) in try TextPainter.fit(text, maxRasterPixels: maxRasterPixels) }
                ahead.fits[index] = fit
            }
            ahead.ended.signal()
        }
        return ahead
    }

    /// The fit of the text layer at `index` (nil when it is too small to draw), waiting
    /// for the thread to end the first time.
    func fit(ofLayer index: Int) throws(FontError) -> TextPainter.Fit? {
        if !hasWaited {
            ended.wait()
            hasWaited = true
        }
        return try fits[index]!.get()
    }
}
