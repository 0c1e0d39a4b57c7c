import Dispatch
import Platform
import Synchronization

/// A scene's text layers laid out, drawn into their masks and (with a fixed paint) their
/// shadows blurred, on a thread of their own while the picture under them still decodes.
///
/// A card's four lines take milliseconds to shape, fit, rasterise and blur, and none of
/// that looks at the canvas; only blending them does (and choosing a contrasting paint).
/// Done after the picture, that time was a stretch with one core busy; done during the
/// decode, it shares the cores with it. The work and its results are exactly
/// `TextPainter.prepare`'s; errors come out where drawing would have thrown them.
final class TextPreparedAhead: @unchecked Sendable {
    /// Each text layer prepared, by its index in the scene, once the thread has ended.
    private var prepared: [Int: Result<TextPainter.Prepared?, FontError>] = [:]
    private let ended = DispatchSemaphore(value: 0)
    /// Set once `prepared` is complete; after that it is only read.
    private let isComplete = Atomic<Bool>(false)
    private var hasWaited = false

    /// Starts preparing `scene`'s text layers, or returns nil when there is nothing to
    /// overlap: no text, or no picture still decoding on another thread.
    static func start(for scene: Scene) -> TextPreparedAhead? {
        let texts = scene.layers.enumerated().compactMap { index, layer -> (Int, TextLayer)? in
            if case .text(let text) = layer { return (index, text) }
            return nil
        }
        let decoding = scene.layers.contains { layer in
            if case .picture(let picture) = layer { return picture.picture.progress?.isDecoding == true }
            return false
        }
        guard decoding, !texts.isEmpty else { return nil }
        let ahead = TextPreparedAhead()
        // Shaping may load fallback fonts through fontconfig, which wants a main thread's stack.
        startDetachedThread(stackSize: 8 << 20) {
            for (index, text) in texts {
                ahead.prepared[index] = Result { () throws(FontError) in
                    try TextPainter.prepare(text, canvasWidth: scene.width, canvasHeight: scene.height)
                }
            }
            ahead.isComplete.store(true, ordering: .releasing)
            ahead.ended.signal()
        }
        return ahead
    }

    /// Text layers prepared already, by their index in the scene: for a `RowFinisher`
    /// driven band by band in the tests.
    static func done(_ prepared: [Int: Result<TextPainter.Prepared?, FontError>]) -> TextPreparedAhead {
        let ahead = TextPreparedAhead()
        ahead.prepared = prepared
        ahead.isComplete.store(true, ordering: .releasing)
        ahead.ended.signal()
        return ahead
    }

    /// The text layer at `index` prepared (nil when it is too small to draw), waiting
    /// for the thread to end the first time.
    func prepared(layer index: Int) throws(FontError) -> TextPainter.Prepared? {
        if !hasWaited {
            ended.wait()
            hasWaited = true
        }
        return try prepared[index]!.get()
    }

    /// The text layer at `index` prepared, or its error, if the thread has ended; nil
    /// while it is still at work. Never waits.
    func preparedIfDone(layer index: Int) -> Result<TextPainter.Prepared?, FontError>? {
        guard isComplete.load(ordering: .acquiring) else { return nil }
        return prepared[index]
    }
}
