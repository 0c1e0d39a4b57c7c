import Compositor

/// Where a wallpaper's label at the top goes so that it stays in the sky.
///
/// The app's place (centred, 13 or 14 % down) suits the phone's crop of each picture,
/// which shows its whole height; a landscape canvas shows a band from its middle, and
/// there the subject (a peak, a crown) can reach the label. The rule: the label's ink
/// box, with a margin of `margin` of its size around it, must stay above the picture's
/// measured skyline (`PictureSkyline`) on the canvas. The app's place is kept when it
/// does. Otherwise the label moves to the nearest clear place on a grid of steps of 1 %
/// of the width (sideways, within the safe width) and of the height (upwards, its ink
/// starting no higher than `highestTop`), nearness being the distance moved across plus
/// the distance moved up, each as a share of its side. Where no place is clear, it takes
/// the one with the most room (a case only a repainted picture would settle).
enum LabelPlacement {
    /// Room kept around the ink, in ems.
    static let margin = 0.2
    /// The highest the ink may start, as a share of the height (below a desktop's top bar).
    static let highestTop = 0.05
    /// The grid's step, as a share of the side.
    static let step = 0.01

    /// A place for the ink's centre and how much room it leaves above the subject
    /// (negative when the ink box and its margin reach into it).
    struct Choice: Equatable {
        let x: Double
        let y: Double
        let room: Double
    }

    /// The place for an ink box of `ink` pixels whose text is `size` pixels;
    /// `preferred` is the app's centre for it.
    static func choose(
        ink: (width: Double, height: Double), size: Double, preferred: (x: Double, y: Double), frame: TextFrame,
        canvas: (width: Int, height: Int), skyline: PictureSkyline
    ) -> Choice {
        let pad = margin * size
        let half = ink.width / 2
        func room(x: Double, y: Double) -> Double {
            let first = max(0, Int((x - half - pad).rounded(.down)))
            let last = min(canvas.width - 1, Int((x + half + pad).rounded(.up)))
            guard first <= last else { return .infinity }
            let top = skyline.subjectTop(canvasWidth: canvas.width, canvasHeight: canvas.height, columns: first...last)
            return top - (y + ink.height / 2 + pad)
        }
        let app = Choice(x: preferred.x, y: preferred.y, room: room(x: preferred.x, y: preferred.y))
        if app.room >= 0 { return app }
        let width = Double(frame.width)
        let height = Double(frame.height)
        // Sideways as far as the safe width allows, upwards as far as `highestTop`.
        let sideMargin = (1 - SeasonWallpaper.safeWidth) / 2 * width
        let leftmost = Double(frame.x) + sideMargin + half
        let rightmost = Double(frame.x) + width - sideMargin - half
        let highest = Double(frame.y) + highestTop * height + ink.height / 2
        var best = app
        var bestCost = Double.infinity
        var across = 0
        while true {
            let shift = Double(across) * step * width
            let xs = [preferred.x - shift, preferred.x + shift].filter { $0 >= leftmost && $0 <= rightmost }
            if xs.isEmpty && across > 0 { break }
            var up = 0
            while preferred.y - Double(up) * step * height >= highest {
                let y = preferred.y - Double(up) * step * height
                let cost = Double(across + up) * step
                for x in xs {
                    let choice = Choice(x: x, y: y, room: room(x: x, y: y))
                    if choice.room >= 0, cost < bestCost || (bestCost.isInfinite && best.room < 0) {
                        (best, bestCost) = (choice, cost)
                    } else if bestCost.isInfinite, choice.room > best.room {
                        best = choice
                    }
                }
                up += 1
            }
            across += 1
        }
        return best
    }
}
