import Testing

@testable import Scenery

/// Scenes composed for their canvas's shape: a subject that reaches past the middle third
/// of the grid (twin trees framing a lake) is brought in on narrower canvases, so that a
/// phone shows it whole rather than the sky between its halves.
@Suite struct SceneShapeTests {
    /// 0 on the grid's shape and wider, 1 on a 9:19.5 phone's and narrower, in proportion
    /// to the design width between (a 3:4 canvas is 1800 units wide: 1400 of the 2092.3
    /// between the grid's 3200 and a phone's 1107.7).
    @Test func narrowingRunsFromTheGridToAPhone() {
        #expect(Canvas(scale: 0.05).narrowing == 0)
        #expect(Canvas(width: 3200, height: 900).narrowing == 0, "32:9")
        #expect(Canvas(width: 1600, height: 1200).narrowing == 0, "4:3")
        #expect(abs(Canvas(width: 450, height: 975).narrowing - 1) < 1e-4, "9:19.5")
        #expect(Canvas(width: 300, height: 975).narrowing == 1, "narrower than a phone")
        let portrait = Canvas(width: 600, height: 800)
        #expect(abs(portrait.narrowing - 1400 / 2092.31) < 1e-4)
        #expect(abs(portrait.byShape(480, phone: 1150) - (480 + 670 * 1400 / 2092.31)) < 0.05)
    }

    /// The trunks of the trees a scene is framed by stand on a phone's canvas and on a
    /// tablet's upright one: in a row across the lake below them, each side has a pixel of
    /// bark (dark, and redder than blue, which water never is). Cropped from the grid,
    /// as the bundled picture was, the row is water from edge to edge.
    @Test(arguments: [("chunfen", 1500), ("summer", 1600), ("qingming", 1500)])
    func theFramingTreesStandOnNarrowCanvases(scene: String, designRow: Int) throws {
        for (width, height) in [(180, 390), (300, 400)] {
            let rgb = try #require(ScenePainter.paint(scene, width: width, height: height))
            let row = designRow * height / 2400
            func barkIn(_ columns: Range<Int>) -> Bool {
                columns.contains { x in
                    let i = (row * width + x) * 3
                    let (r, g, b) = (Float(rgb[i]), Float(rgb[i + 1]), Float(rgb[i + 2]))
                    return 0.3 * r + 0.59 * g + 0.11 * b < 100 && r > b + 6
                }
            }
            #expect(barkIn(0..<width / 3), "\(scene) \(width)x\(height): a trunk on the left")
            #expect(barkIn(width * 2 / 3..<width), "\(scene) \(width)x\(height): a trunk on the right")
        }
    }

    /// Whether a canvas cut from the grid's middle would cut a scene's subject: 春分's two
    /// trees are cut on a phone and a square, not on 16:10 or wider; a scene that keeps to
    /// the middle third (冬至) is never cut.
    @Test func theGridsCropCutsASubjectOnlyWhereItReachesPastIt() {
        #expect(ScenePainter.cropCutsSubject(of: "chunfen", width: 1170, height: 2532))
        #expect(ScenePainter.cropCutsSubject(of: "04-chunfen", width: 2048, height: 2048))
        #expect(!ScenePainter.cropCutsSubject(of: "chunfen", width: 2560, height: 1600))
        #expect(!ScenePainter.cropCutsSubject(of: "chunfen", width: 3440, height: 1440))
        #expect(!ScenePainter.cropCutsSubject(of: "dongzhi", width: 1170, height: 2532))
        #expect(!ScenePainter.cropCutsSubject(of: "winter", width: 1170, height: 2532))
        #expect(!ScenePainter.cropCutsSubject(of: "no-such-scene", width: 1170, height: 2532))
    }
}
