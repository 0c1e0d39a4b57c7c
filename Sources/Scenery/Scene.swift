/// A complete picture: a name (used for the output file) and the ordered
/// list of elements that paint it.
///
/// Composition rules every scene follows: the app crops each 3200 x 2400
/// picture two ways, the central 16:9 band (y 300...2100) for desktops and
/// the middle third of the width (full height) for phones, with a label
/// over the phone crop's top ~15 % and a darkening gradient over its lower
/// half. So the subject sits near the centre line, nothing important lives
/// only at the far left or right, and the top stays calm sky. A scene whose
/// subject does reach past the middle third (trees framing a lake) says so
/// (`subject`) and places it by the canvas's shape (`Canvas.byShape`).
protocol Scene: Sendable {
    /// What the command line calls the picture (`spring`, `dongzhi`).
    var name: String { get }
    /// Stem of the output file; the term pictures carry their number so
    /// that a directory listing is in the app's order (`22-dongzhi`).
    var fileName: String { get }
    /// The design x span on the grid of what the scene is about when it reaches past the
    /// middle third (twin trees framing a lake, farmers at the paddy's edge): a canvas the
    /// middle of the grid would cut it on is painted, the scene composed for its shape
    /// (`Canvas.byShape`), rather than cropped from the bundled picture. Nil for a scene
    /// whose subject keeps to the middle third, which every canvas shows.
    var subject: ClosedRange<Float>? { get }
    func paint(on canvas: Canvas)
}

extension Scene {
    var fileName: String { name }
    var subject: ClosedRange<Float>? { nil }
}

/// Every picture the painter knows, in the order they are painted.
enum Scenes {
    /// The four season pictures (`Assets/seasons/`).
    static let all: [Scene] = [SpringScene(), SummerScene(), AutumnScene(), WinterScene()]
    /// The 24 solar-term pictures (`Assets/terms/`), starting from 立春.
    static let terms: [Scene] = SolarTerms.all
}
