import Almanac
import Batch
import Compositor
import Designs

/// One manifest row made into the picture its command makes: its fields read by
/// `PictureRequest`, through the same declarations, groups and checks as the command
/// line, so every option, check and message is the command's own and the picture is the
/// one the command makes alone; with its output inside the batch's folder.
struct BatchRow {
    /// What the row renders.
    typealias Image = PictureRequest.Image

    let line: Int
    let index: Int
    /// The output, relative to the batch's folder, in one normal form (`a/b.png`).
    let output: String
    let picture: PictureRequest

    var image: Image { picture.image }

    /// How the picture is recorded in its file; nil with --no-metadata.
    var provenance: Provenance? { picture.note }

    /// The pixel size the row's picture has: what `--resume` checks a file against.
    var pixelSize: CanvasSize {
        switch image {
        case .wallpaper(let request): request.pixelSize
        case .term(let request): request.pixelSize
        }
    }

    /// The row's request, or the reason it has none (naming the row's line).
    static func make(_ row: ManifestRow, today: CivilDate, metadata: Bool) throws(CommandFailure) -> BatchRow {
        let picture: PictureRequest
        do {
            picture = try PictureRequest(fields: row.fields, today: today, metadata: metadata)
        } catch {
            throw problem(row, error.message)
        }
        let path = picture.fileName
        return BatchRow(line: row.line, index: row.index, output: try normalized(path, row), picture: picture)
    }

    /// The output in one normal form, or why it may not be one: inside the folder, a file,
    /// a name a file system can hold (no NUL, which would cut it short and put two rows
    /// in one file; no part over 255 bytes, which no retry could ever write).
    static func normalized(_ path: String, _ row: ManifestRow) throws(CommandFailure) -> String {
        guard path != "-" else { throw problem(row, "'output' - (standard output) cannot be a row's output") }
        guard !path.unicodeScalars.contains("\u{0}") else {
            throw problem(row, "'output' holds a NUL character, which no file name can")
        }
        guard !path.hasPrefix("/") else {
            throw problem(row, "'output' \(path) is absolute; give a path inside the output folder (-o)")
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !parts.contains("..") else {
            throw problem(row, "'output' \(path) leaves the output folder (..)")
        }
        guard !parts.isEmpty, !path.hasSuffix("/") else { throw problem(row, "'output' '\(path)' names no file") }
        if let long = parts.first(where: { $0.utf8.count > 255 }) {
            throw problem(
                row, "'output' has a part of \(long.utf8.count) bytes; a file or folder name may have 255 at most")
        }
        return parts.joined(separator: "/")
    }

    static func problem(_ row: ManifestRow, _ reason: String) -> CommandFailure {
        CommandFailure("row \(row.line): \(reason)")
    }
}

extension ImageRequest {
    /// The size of the one picture a row's request makes.
    fileprivate var pixelSize: CanvasSize {
        if case .sizes(let canvases) = canvases, let first = canvases.first { return first.size }
        return size
    }
}
