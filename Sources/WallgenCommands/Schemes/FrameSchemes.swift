import Almanac
import Compositor
import Escaping
import Files
import FoundationEssentials
import Platform
import Schemes

/// `dynamic --scheme`: a scheme for each frame of a day, so a terminal can follow the Sun.
/// Each frame's source is taken from its pixels as the writer makes them (no frame is
/// painted twice); its variant is dark where the desktops show the frame for their dark
/// appearance (`DynamicCommand.describe`: the Sun below civil twilight halfway through the
/// frame's time). The files go into `DIR/HHMM-moment/`, and `DIR/frames.json` lists when
/// each begins.
final class FrameSchemes: @unchecked Sendable {
    private let season: Season?
    private let lock = Lock()
    private var sources: [String: SchemeSource] = [:]

    init(season: Season?) { self.season = season }

    /// The frame, its pixels noted for its scheme as the writer asks for them.
    func watching(_ frame: DynamicCommand.DayFrame) -> DynamicCommand.DayFrame {
        DynamicCommand.DayFrame(
            instant: frame.instant, label: frame.label, isLight: frame.isLight, isDark: frame.isDark,
            encoded: { [self] in
                let bytes = try frame.encoded()
                note(frame.label, try ImageDecoder.decode(FileBytes(bytes)))
                return bytes
            },
            picture: { [self] in
                let image = try frame.picture()
                note(frame.label, image)
                return image
            })
    }

    private func note(_ label: String, _ picture: Image) {
        let source = SchemeWriting.source(of: picture, season: season)
        lock.withLock { sources[label] = source }
    }

    /// Writes every frame's scheme, and the list of when each begins.
    /// `picture` is the dynamic wallpaper, recorded as each scheme's wallpaper.
    /// `darkness`: whether each frame is a night picture, in the frames' order.
    func write(
        into folder: String, _ frames: [DynamicCommand.DayFrame], darkness: [Bool], zone: Zone, picture: String
    ) throws(FileError) -> Int {
        var entries: [String] = []
        var written = 0
        for (frame, dark) in zip(frames, darkness) {
            guard let source = lock.withLock({ sources[frame.label] }) else { continue }
            let name = DynamicCommand.clock(frame.instant, zone) + "-" + frame.label
            _ = try SchemeWriting.write(
                source, picture: picture, SchemeChoice(folder: folder, variants: .named(name, dark: dark)))
            entries.append(
                "    {\"start\": \(JSONText.quoted(ISOStamp.utcStamp(frame.instant))), \"moment\": \(JSONText.quoted(frame.label)), \"folder\": \(JSONText.quoted(name)), \"dark\": \(dark)}"
            )
            written += 1
        }
        let list = "[\n" + entries.joined(separator: ",\n") + "\n]\n"
        try OutputFolder(opening: folder).write(Array(list.utf8), to: "frames.json")
        return written
    }
}
