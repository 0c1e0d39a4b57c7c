import Testing

@testable import TerminalGraphics

/// The window's pixels from a terminal's answers to CSI 16 t (a cell) and CSI 14 t (the
/// text area), for a window whose TIOCGWINSZ says none.
@Suite struct TerminalProbeSizeTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func aCellTimesTheCells() {
        let replies = Self.bytes("\u{1B}[?62;4c\u{1B}[6;18;9t\u{1B}[4;432;720t\u{1B}[0n")
        let size = TerminalProbe.pixelSize(fromReplies: replies, columns: 80, rows: 24)
        #expect(size?.width == 720 && size?.height == 432)
        let window = TerminalGeometry(columns: 80, rows: 24).withPixels(size)
        #expect(window.cellWidth == 9 && window.cellHeight == 18)
    }

    @Test func theTextAreaWhenNoCellIsSaid() {
        let size = TerminalProbe.pixelSize(fromReplies: Self.bytes("\u{1B}[4;480;800t\u{1B}[0n"), columns: 80, rows: 24)
        #expect(size?.width == 800 && size?.height == 480)
    }

    @Test func nothingSaidOrNonsenseKeepsTheDefault() {
        #expect(TerminalProbe.pixelSize(fromReplies: Self.bytes("\u{1B}[?1;2c\u{1B}[0n"), columns: 80, rows: 24) == nil)
        #expect(TerminalProbe.pixelSize(fromReplies: Self.bytes("\u{1B}[6;0;9t"), columns: 80, rows: 24) == nil)
        #expect(TerminalProbe.pixelSize(fromReplies: Self.bytes("\u{1B}[6;x;9t"), columns: 80, rows: 24) == nil)
        // A window that gave its pixels keeps them.
        let given = TerminalGeometry(columns: 80, rows: 24, pixelWidth: 1600, pixelHeight: 960)
        #expect(given.withPixels((720, 432)) == given)
    }
}
