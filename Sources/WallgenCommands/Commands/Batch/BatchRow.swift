import Almanac
import Batch
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
    var provenance: String? { picture.note }

    /// The row's request, or the reason it has none (naming the row's line).
    static func make(_ row: ManifestRow, today: CivilDate, metadata: Bool) throws(UsageError) -> BatchRow {
        let picture: PictureRequest
        do {
            picture = try PictureRequest(fields: row.fields, today: today, metadata: metadata)
        } catch {
            throw problem(row, error.message)
        }
        let path = picture.fileName
        return BatchRow(line: row.line, index: row.index, output: try normalized(path, row), picture: picture)
    }

    /// The output in one normal form, or why it may not be one: inside the folder, a file.
    static func normalized(_ path: String, _ row: ManifestRow) throws(UsageError) -> String {
        guard path != "-" else { throw problem(row, "'output' - (standard output) cannot be a row's output") }
        guard !path.hasPrefix("/") else {
            throw problem(row, "'output' \(path) is absolute; give a path inside the output folder (-o)")
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !parts.contains("..") else {
            throw problem(row, "'output' \(path) leaves the output folder (..)")
        }
        guard !parts.isEmpty, !path.hasSuffix("/") else { throw problem(row, "'output' '\(path)' names no file") }
        return parts.joined(separator: "/")
    }

    static func problem(_ row: ManifestRow, _ reason: String) -> UsageError {
        UsageError("row \(row.line): \(reason)")
    }
}
