import Compositor
import Testing

@testable import TerminalGraphics

/// Fitting, the palettes and the probe's reading of replies, each against values worked
/// out by hand.
@Suite struct TerminalGeometryTests {
    @Test func aPictureFitsTheWindowLessARowNeverEnlarged() {
        // 100x30 cells of 9x18 pixels: 900x522 usable (29 rows).
        let window = TerminalGeometry(columns: 100, rows: 30, pixelWidth: 900, pixelHeight: 540)
        let wide = window.fit(width: 3840, height: 2160, for: .kitty)
        #expect(wide == .init(width: 900, height: 506, columns: 100, rows: 29))
        let tall = window.fit(width: 1170, height: 2532, for: .sixel)
        #expect(tall == .init(width: 241, height: 522, columns: 27, rows: 29))
        let small = window.fit(width: 120, height: 80, for: .iterm)
        #expect(small == .init(width: 120, height: 80, columns: 14, rows: 5))
        // Half blocks: 100 columns by 58 half-rows.
        #expect(
            window.fit(width: 3840, height: 2160, for: .blocks) == .init(width: 100, height: 56, columns: 100, rows: 28)
        )
        // A terminal that gives no pixel size: cells of 10x20.
        let unknown = TerminalGeometry(columns: 80, rows: 24)
        #expect(
            unknown.fit(width: 1920, height: 1080, for: .kitty) == .init(width: 800, height: 450, columns: 80, rows: 23)
        )
    }

    @Test func xtermsPaletteIsItsCubeAndGreys() {
        #expect(XtermPalette.rgb(16) == [0, 0, 0])
        #expect(XtermPalette.rgb(196) == [255, 0, 0])
        #expect(XtermPalette.rgb(231) == [255, 255, 255])
        #expect(XtermPalette.rgb(244) == [128, 128, 128])
        #expect(XtermPalette.nearest([250, 5, 5]) == 196)
        #expect(XtermPalette.nearest([128, 128, 128]) == 244)
        #expect(XtermPalette.nearest([0, 95, 135]) == 24)
    }

    @Test func theRepliesNameTheProtocol() {
        func reading(_ text: String) -> PreviewProtocol { TerminalProbe.fromReplies(Array(text.utf8)).preview }
        #expect(reading("\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?62;c\u{1B}[0n") == .kitty)
        #expect(reading("\u{1B}P>|WezTerm 20230712\u{1B}\\\u{1B}[?65;4;6;18;22c\u{1B}[0n") == .kitty)
        #expect(reading("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?63;1;2;4;6;9;15;16;22;28c\u{1B}[0n") == .sixel)
        #expect(reading("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?63;1;2;6;9;15;16;22;28c\u{1B}[0n") == .blocks)
        #expect(reading("\u{1B}[?1;2c\u{1B}[0n") == .blocks)
        #expect(reading("") == .blocks)
        #expect(TerminalProbe.fromEnvironment(["TMUX": "/tmp/tmux", "KITTY_WINDOW_ID": "1"])?.preview == .blocks)
        #expect(TerminalProbe.fromEnvironment(["TERM": "xterm-kitty"])?.preview == .kitty)
        #expect(TerminalProbe.fromEnvironment(["TERM_PROGRAM": "iTerm.app"])?.preview == .iterm)
        #expect(TerminalProbe.fromEnvironment(["TERM": "xterm-256color"]) == nil)
    }

    /// A two-colour picture's sixel: two palette entries, and each six-row band one pass per colour.
    @Test func sixelOfTwoColours() {
        let image = Image(width: 4, height: 6)
        for y in 0..<6 {
            for x in 0..<4 {
                let value: UInt8 = x < 2 ? 255 : 0
                image.row(y)[4 * x] = value
                image.row(y)[4 * x + 1] = value
                image.row(y)[4 * x + 2] = value
                image.row(y)[4 * x + 3] = 255
            }
        }
        let text = String(decoding: Sixel.sequence(image), as: UTF8.self)
        // Black first (the darker box), then white; each colour's two columns are all six bits ('~').
        #expect(text == "\u{1B}Pq\"1;1;4;6#0;2;0;0;0#1;2;100;100;100#0??~~$#1~~??-\u{1B}\\\n")
    }
}
