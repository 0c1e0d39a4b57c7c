import Compositor
import FuzzSupport

/// Feeds arbitrary bytes to FreeType as a font, then lays out and draws a line with
/// Latin and Chinese in it, as a label would, and a Chinese line as a card sets it
/// (its language's forms asked of HarfBuzz, its punctuation measured and centred).

func draw(_ bytes: [UInt8]) {
    guard let font = try? Font(data: bytes, label: "fuzz") else { return }
    let lines: [(String, TextLanguage?)] = [
        ("Winter", nil), ("冬至｡", nil), ("Aé", nil), ("冬至，白晝最短。", .traditionalChinese),
    ]
    for (text, language) in lines {
        guard let line = try? TextLine.layout(text, font: font, size: 24, language: language) else { continue }
        _ = try? line.rasterize()
    }
}

#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzFont(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        draw(FuzzReplay.bytes(data, size))
        return 0
    }
#else
    @main enum Replay {
        static func main() { FuzzReplay.run(draw) }
    }
#endif
