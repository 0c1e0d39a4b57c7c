import Studio
import Testing

@testable import WallgenCommands

/// The page asks for a preview, then for that preview's colour schemes: the schemes are
/// made from the preview already drawn, not from a second render, and are the schemes a
/// render of their own gives. Other settings or another size are drawn afresh.
@Suite struct StudioPreviewReuseTests {
    static let winter = StudioSettings(command: "wallpaper", options: ["season": .text("winter")])

    @Test func theSchemesOfAPreviewAreMadeFromIt() throws {
        let rendering = StudioRendering()
        _ = try rendering.render(Self.winter, preview: (width: 90, height: 160))
        let schemes = try rendering.schemeJSON(Self.winter, preview: (width: 90, height: 160))
        #expect(rendering.previewsRendered.load(ordering: .relaxed) == 1)
        // A rendering that has drawn nothing makes the same schemes by drawing.
        let fresh = StudioRendering()
        #expect(try fresh.schemeJSON(Self.winter, preview: (width: 90, height: 160)) == schemes)
        #expect(fresh.previewsRendered.load(ordering: .relaxed) == 1)
        // Another size, or other settings, are drawn.
        _ = try rendering.schemeJSON(Self.winter, preview: (width: 160, height: 90))
        var summer = Self.winter
        summer.options["season"] = .text("summer")
        _ = try rendering.render(summer, preview: (width: 160, height: 90))
        #expect(rendering.previewsRendered.load(ordering: .relaxed) == 3)
    }
}
