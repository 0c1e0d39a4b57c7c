import Platform

/// A design's resources (a card's two fonts), opened by the first render that needs them
/// and then shared by every render of the pipeline, on any thread.
///
/// Not when the pipeline is made: a card's render needs its fonts only to lay out its
/// text, after its picture has started decoding on another thread, so they are opened
/// while it decodes rather than before (FreeType and HarfBuzz, loaded ahead on a thread
/// of their own, are then ready too). A font that cannot be opened fails that render and
/// every later one with the same error, as it failed the pipeline before.
final class DesignResources<Design: PictureDesign>: Sendable {
    private let opened: OnceFound<Result<Design.Resources, PipelineError>>

    init(_ data: DataDirectory) {
        opened = OnceFound { Result { () throws(PipelineError) in try Design.resources(data) } }
    }

    /// The resources, opened on the first call; a second thread waits for the first.
    func get() throws(PipelineError) -> Design.Resources {
        try opened.value.get()
    }
}
