import Testing

@testable import TerminalGraphics

/// tmux's passthrough wrapping, against the form tmux's manual gives: each string
/// sequence as `ESC P tmux; … ESC \` with its own ESCs doubled, what lies between as it is.
@Suite struct TmuxPassthroughTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func eachSequenceWrappedItsEscapesDoubled() {
        let kitty = "\u{1B}_Ga=T,m=1;QUJD\u{1B}\\\u{1B}_Gm=0;REVG\u{1B}\\\n"
        let wrapped = TmuxPassthrough.wrap(Self.bytes(kitty))
        let expected =
            "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T,m=1;QUJD\u{1B}\u{1B}\\\u{1B}\\"
            + "\u{1B}Ptmux;\u{1B}\u{1B}_Gm=0;REVG\u{1B}\u{1B}\\\u{1B}\\\n"
        #expect(wrapped == Self.bytes(expected))
    }

    @Test func anOSCEndedByBELAndASixel() {
        let iterm = "\u{1B}]1337;File=inline=1:QQ==\u{07}\n"
        #expect(
            TmuxPassthrough.wrap(Self.bytes(iterm))
                == Self.bytes("\u{1B}Ptmux;\u{1B}\u{1B}]1337;File=inline=1:QQ==\u{07}\u{1B}\\\n"))
        let sixel = "\u{1B}Pq\"1;1;2;2#0;2;0;0;0~~\u{1B}\\"
        #expect(
            TmuxPassthrough.wrap(Self.bytes(sixel))
                == Self.bytes("\u{1B}Ptmux;\u{1B}\u{1B}Pq\"1;1;2;2#0;2;0;0;0~~\u{1B}\u{1B}\\\u{1B}\\"))
    }

    @Test func otherEscapesAndUnendedOnesPassAsTheyAre() {
        let colours = "\u{1B}[38;2;1;2;3m\u{2580}\u{1B}[0m"
        #expect(TmuxPassthrough.wrap(Self.bytes(colours)) == Self.bytes(colours))
        let unended = "\u{1B}_Ga=T;QUJD"
        #expect(TmuxPassthrough.wrap(Self.bytes(unended)) == Self.bytes(unended))
    }
}

/// kitty handed a picture as a temporary file: the keys kitty's protocol gives for it, and
/// the path whole in base64.
@Suite struct KittyTemporaryFileTests {
    @Test func thePathTravelsNotThePicture() throws {
        let path = "/tmp/.wallgen-tty-graphics-protocol.wg-x.tmp"
        let sequence = String(decoding: KittyGraphics.sequence(temporaryFile: path), as: UTF8.self)
        #expect(sequence.hasPrefix("\u{1B}_Ga=T,f=100,t=t,q=2;") && sequence.hasSuffix("\u{1B}\\\n"))
        let payload = sequence.dropFirst("\u{1B}_Ga=T,f=100,t=t,q=2;".count).dropLast(3)
        #expect(payload == "L3RtcC8ud2FsbGdlbi10dHktZ3JhcGhpY3MtcHJvdG9jb2wud2cteC50bXA=")
    }
}
