/// The ways a terminal can be shown a picture.
public enum PreviewProtocol: String, Sendable, CaseIterable {
    /// kitty's graphics protocol (kitty, WezTerm, Ghostty, Konsole): a PNG, Base64 in chunks.
    case kitty
    /// iTerm2's inline images (iTerm2, WezTerm, mintty): a PNG, Base64 in one sequence.
    case iterm
    /// DEC sixel (xterm -ti vt340, foot, mlterm, WezTerm, Konsole): six-pixel bands over a
    /// palette fitted to the picture.
    case sixel
    /// Unicode upper half blocks, each cell two pixels by its foreground and background
    /// colours: any terminal with colour.
    case blocks
}
