import Files
import FoundationEssentials
import Glibc

/// One file of an image command: the canvas it holds and where it goes.
struct PlannedOutput: Sendable, Equatable {
    var size: CanvasSize
    var target: OutputTarget
    /// Where a name wallgen derived (a size's or a monitor's suffix, a pattern) is written
    /// beneath the folder the person named; nil for the name exactly as given.
    var derived: DerivedPlace? = nil
}

/// A name wallgen derived from `-o`, written beneath the folder the person named: the
/// folder itself is theirs (a link to it is followed), but below it no link is (a link
/// planted at `card-1920x1080.png` in a shared folder is refused, never written through).
///
/// For a pattern such as `cards/{device}.png` or `out/{w}x{h}/card.png`, `root` is the
/// pattern's folder up to its first placeholder, made as `terms -o FOLDER` makes its
/// folder when only it is missing (its parent must exist), and the folders below it
/// are made beneath it when the file is written. Nothing above `root` is ever made:
/// wallgen writes only inside what the person named. For a suffixed name the folder
/// must exist, as for any `-o`.
struct DerivedPlace: Sendable, Equatable {
    var root: String
    var relative: String
    var makesRoot: Bool

    /// `file`, the name made from `pattern` (the person's `-o`, a pattern or not).
    init(pattern: String, file: String) {
        let patternFolder = FilePath.folder(of: pattern)
        guard OutputNaming.isPattern(.file(pattern)), patternFolder != "." else {
            // A suffixed name, or a pattern in the current folder: its folder must exist.
            (root, relative, makesRoot) = (FilePath.folder(of: file), FilePath.name(of: file), false)
            return
        }
        let parts = patternFolder.split(separator: "/", omittingEmptySubsequences: true)
        let literal = parts.prefix { part in !OutputNaming.placeholders.contains { part.contains($0) } }
        let start = pattern.hasPrefix("/") ? "/" : ""
        root = literal.isEmpty ? (start.isEmpty ? "." : "/") : start + literal.joined(separator: "/")
        relative = file.split(separator: "/", omittingEmptySubsequences: true).dropFirst(literal.count)
            .joined(separator: "/")
        makesRoot = true
    }

    /// Before any work: `root` is a folder or could be made, and nothing at the file's
    /// place beneath it (a link, a folder, a FIFO) would stop the write.
    func check() throws(FileError) {
        if makesRoot {
            try AtomicFileWriter.checkFolderCanBePrepared(root)
        } else {
            try AtomicFileWriter.checkDestination(root + "/" + relative)
        }
        var status = stat()
        guard stat(root, &status) == 0 else { return }
        try OutputFolder(opening: root).checkWritable(relative)
    }

    /// Writes the file beneath `root`, making `root` (a pattern's) and the folders below it.
    func write(_ bytes: [UInt8]) throws(FileError) {
        if makesRoot { try AtomicFileWriter.prepareFolder(root) }
        try OutputFolder(opening: root).write(bytes, to: relative)
    }
}

/// The file names of a run that makes several sizes or one picture per monitor.
///
/// `-o NAME.ext` becomes `NAME-WxH.ext` for each size (`NAME-DP-1.ext` for each
/// monitor), keeping the extension it was given. An `-o` holding `{w}`, `{h}` or
/// `{device}` is a pattern instead: each is replaced by the width, the height, and the
/// preset's name (`WxH` for a `--size`, the output's name for a monitor). One size
/// without a pattern keeps the name as given, as before several sizes existed; so do
/// sizes that are all equal.
enum OutputNaming {
    static let placeholders = ["{w}", "{h}", "{device}"]

    static func isPattern(_ target: OutputTarget) -> Bool {
        guard case .file(let path) = target else { return false }
        return placeholders.contains { path.contains($0) }
    }

    /// One canvas to name: its size, what `{device}` stands for, and the suffix added
    /// to a plain name.
    struct Entry {
        var size: CanvasSize
        var device: String
        var suffix: String
    }

    /// The entries of `--size` and `--device` presets.
    static func entries(_ canvases: [NamedCanvas]) -> [Entry] {
        canvases.map { canvas in
            let size = "\(canvas.size.width)x\(canvas.size.height)"
            return Entry(size: canvas.size, device: canvas.device ?? size, suffix: size)
        }
    }

    /// The entries of monitors, named by their outputs (made safe for a file name).
    static func entries(monitors: [(name: String, size: CanvasSize)]) -> [Entry] {
        monitors.map { Entry(size: $0.size, device: safeName($0.name), suffix: safeName($0.name)) }
    }

    /// Where each entry goes. `keepsSingleName`: one entry keeps `base` as it is.
    /// Entries landing on the same file with the same size are one; on the same file
    /// with different sizes, an error, before any work.
    static func plan(_ base: OutputTarget, _ entries: [Entry], keepsSingleName: Bool) throws(CommandFailure)
        -> [PlannedOutput]
    {
        guard case .file(let path) = base else {
            guard entries.count == 1 else {
                throw CommandFailure(
                    "-o - writes one picture, not \(entries.count); give a file name (NAME.png becomes NAME-WxH.png) or a pattern with {w}, {h} or {device}"
                )
            }
            return [PlannedOutput(size: entries[0].size, target: base)]
        }
        // One size (given once, or twice as --size and a preset of that size) is one
        // picture, which keeps the name asked for.
        if keepsSingleName, !isPattern(base), let first = entries.first, entries.allSatisfy({ $0.size == first.size }) {
            return [PlannedOutput(size: entries[0].size, target: base)]
        }
        var planned: [PlannedOutput] = []
        for entry in entries {
            let name =
                isPattern(base)
                ? path.replacing("{w}", with: "\(entry.size.width)")
                    .replacing("{h}", with: "\(entry.size.height)")
                    .replacing("{device}", with: entry.device)
                : suffixed(path, entry.suffix)
            let output = PlannedOutput(
                size: entry.size, target: .file(name), derived: DerivedPlace(pattern: path, file: name))
            if let same = planned.first(where: { $0.target == output.target }) {
                guard same.size == output.size else {
                    throw CommandFailure(
                        "--output: \(name) would hold both \(same.size.width)x\(same.size.height) and \(entry.size.width)x\(entry.size.height); put {w}, {h} or {device} in the name",
                        option: "output")
                }
                continue
            }
            planned.append(output)
        }
        return planned
    }

    /// `out/card.png` with `1920x1080` is `out/card-1920x1080.png`: the suffix goes
    /// before the last name's extension (a name without one, or a hidden file's leading
    /// dot, gets it at the end).
    static func suffixed(_ path: String, _ suffix: String) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let name = path[slash...]
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path + "-" + suffix }
        return String(path[..<dot]) + "-" + suffix + String(path[dot...])
    }

    /// An output's name as part of a file name: letters, digits, `-`, `_` and `.` kept,
    /// anything else (a `/` above all) made `_`.
    static func safeName(_ name: String) -> String {
        let kept = name.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "_" }
        let text = String(kept)
        return text.isEmpty || text.allSatisfy({ $0 == "." }) ? "monitor" : text
    }
}
