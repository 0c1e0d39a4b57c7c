import Testing

@testable import Scenery

@Suite struct ScenePainterTests {
    @Test func everySceneIsThereByNameAndByFileStem() {
        #expect(ScenePainter.names.count == 28)
        #expect(ScenePainter.fileStem(of: "winter") == "winter")
        #expect(ScenePainter.fileStem(of: "dongzhi") == "22-dongzhi")
        #expect(ScenePainter.fileStem(of: "01-lichun") == "01-lichun")
        #expect(ScenePainter.fileStem(of: "nowhere") == nil)
        #expect(ScenePainter.paint("nowhere", width: 8, height: 8) == nil)
    }

    /// The same scene at the same size is the same bytes, run after run (the row workers'
    /// split never shows), and a painting is exactly the size asked for.
    @Test(arguments: [(96, 27), (27, 58), (64, 48)])
    func paintingIsDeterministic(width: Int, height: Int) throws {
        let first = try #require(ScenePainter.paint("winter", width: width, height: height))
        let again = try #require(ScenePainter.paint("winter", width: width, height: height))
        #expect(first.count == width * height * 3)
        #expect(first == again)
    }

    /// Leaving out what a later element paints over (the feet of a range below a lake's
    /// horizon) changes no pixel of any scene, at a desktop's shape and a phone's, by day
    /// and under a night sky's light.
    @Test(arguments: [(240, 135), (90, 195)])
    func leavingOutCoveredRowsChangesNoPixel(width: Int, height: Int) throws {
        let night = SceneLight(
            sunAltitude: -30, sunAzimuth: 0, moonAltitude: 40, moonAzimuth: 170, moonIllumination: 0.6,
            moonBrightLimbFromZenith: 250)
        for name in ScenePainter.names {
            for light in [nil, night] {
                let planned = try #require(
                    ScenePainter.paint(name, width: width, height: height, light: light, leavingOutCoveredRows: true))
                let whole = try #require(
                    ScenePainter.paint(name, width: width, height: height, light: light, leavingOutCoveredRows: false))
                // Counted rather than compared whole, so that a failure names the scene, not
                // a hundred thousand bytes.
                let differing = zip(planned, whole).count { $0 != $1 }
                #expect(
                    planned.count == whole.count && differing == 0,
                    "\(name) at \(width)x\(height), \(light == nil ? "its own light" : "a night sky"): \(differing) bytes differ"
                )
            }
        }
    }

    /// The plan does leave rows out: in winter, the sky stops by the lake's horizon (design
    /// y 1545), the pines on the banks where the snowy slope in front of them covers every
    /// column, and the snowfall and grain, drawn last, paint every row.
    @Test func aLakeAndHillsSpareTheRowsBelowThem() throws {
        let canvas = Canvas(width: 320, height: 240)
        let winter = try #require(ScenePainter.scene(named: "winter"))
        let plan = CoverPlan(scene: winter, canvas: canvas)
        let horizonRow = Int((1545 * canvas.scale).rounded(.up)) + 1
        let sky = plan.rowsEnd(ofElement: 0, canvasHeight: 240)
        #expect(sky <= horizonRow && sky > 120, "the sky paints \(sky) rows")
        let pine = plan.rowsEnd(ofElement: 20, canvasHeight: 240)
        #expect(pine > horizonRow && pine < 240, "a pine paints \(pine) rows")
        let grain = 25
        #expect(plan.rowsEnd(ofElement: grain, canvasHeight: 240) == 240)
    }

    /// A canvas of the grid's own shape and the grid at the same scale are the same
    /// picture: another shape only widens or narrows what is shown around the centre line.
    @Test func theGridsShapeIsTheGrid() throws {
        let grid = try #require(ScenePainter.paintGrid("autumn", scale: 0.02))
        #expect((grid.width, grid.height) == (64, 48))
        #expect(ScenePainter.paint("autumn", width: 64, height: 48) == grid.rgb)
    }

    /// A canvas wider than the grid is centred on it, a narrower one shows its middle.
    @Test func canvasesOfOtherShapesAreCentredOnTheGrid() {
        let wide = Canvas(width: 3200, height: 900)  // 32:9
        #expect(abs(wide.bounds.minX + 2666.67) < 0.1 && abs(wide.bounds.maxX - 5866.67) < 0.1)
        let tall = Canvas(width: 450, height: 975)  // 9:19.5
        #expect(abs((tall.bounds.minX + tall.bounds.maxX) / 2 - 1600) < 0.01)
        #expect(tall.bounds.minX > 1000 && tall.bounds.maxX < 2200)
        #expect(tall.column(1600) == 225 || tall.column(1600) == 224)
        #expect(abs(tall.designX(tall.column(1700)) - 1700) <= tall.pixelSize)
    }

    /// On an ultrawide canvas a mountain range runs on past the grid's sides, lower than
    /// its outermost summits; within the grid's width (or a phone's) nothing is added.
    @Test func aRangeRunsOnPastTheGridOnlyOnWiderCanvases() {
        let range = Mountains(
            peaks: [Peak(x: 1600, top: 560, width: 900), Peak(x: 600, top: 900, width: 500)], baseY: 1480, seed: 42,
            rockLit: RGB(0.5, 0.5, 0.5), rockShadow: RGB(0.3, 0.3, 0.3))
        #expect(range.wingPeaks(Canvas(scale: 0.1).bounds).isEmpty)
        #expect(range.wingPeaks(Canvas(width: 450, height: 975).bounds).isEmpty)
        let bounds = Canvas(width: 3200, height: 900).bounds
        let wings = range.wingPeaks(bounds)
        #expect(wings.contains { $0.x < bounds.minX + 600 } && wings.contains { $0.x > bounds.maxX - 600 })
        #expect(wings.allSatisfy { $0.top > 560 }, "lower than the grid's highest summit")
    }

    /// Grass scattered over the whole grid is scattered past its sides on a wider canvas,
    /// as densely; a patch within the grid stays a patch.
    @Test func groundCoverSpreadsPastTheGridOnlyWhenItCoversTheGrid() {
        let canvas = Canvas(width: 640, height: 90)
        let green = RGB(0.1, 0.8, 0.1)
        func greenColumns(_ area: Rect) -> [Int] {
            for index in 0..<canvas.width * canvas.height { canvas.pixels[index] = RGB(0, 0, 0) }
            canvas.draw(Grass(area: area, tufts: 3000, colors: [green], seed: 7))
            return (0..<canvas.width).filter { x in
                (0..<canvas.height).contains { canvas.pixels[$0 * canvas.width + x].y > 0.3 }
            }
        }
        let whole = greenColumns(Rect(minX: 0, minY: 1800, maxX: 3200, maxY: 2400))
        #expect(whole.first! < 10 && whole.last! > canvas.width - 10, "grass at both edges")
        let patch = greenColumns(Rect(minX: 1000, minY: 1800, maxX: 2200, maxY: 2400))
        #expect(patch.first! > canvas.column(900) && patch.last! < canvas.column(2300))
    }
}
