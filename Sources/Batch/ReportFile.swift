import Files

/// A batch's report, written as rows finish and put in place only when complete: a
/// `GrowingFile`, so a run killed outright leaves the previous report or none, never
/// half of one, and memory stays flat however many rows there are.
public final class ReportFile {
    private let file: GrowingFile
    /// The report's file: the path named, or the file a link there points at.
    public var path: String { file.path }

    /// Opens the file a person named (a link there is written through); throws when the
    /// folder is missing or not writable, before any work is done.
    public init(path: String) throws(ReportFileError) {
        do {
            file = try GrowingFile(path: path)
        } catch {
            throw ReportFileError(path: path, reason: "\(error)")
        }
    }

    /// Opens the report wallgen names itself inside the output folder: beneath it, so a
    /// link planted at that name is refused, never written through.
    public init(named name: String, in folder: OutputFolder) throws(ReportFileError) {
        do {
            file = try folder.growingFile(name)
        } catch {
            throw ReportFileError(path: folder.path + "/" + name, reason: "\(error)")
        }
    }

    public func write(_ bytes: [UInt8]) throws(ReportFileError) {
        do { try file.write(bytes) } catch { throw ReportFileError(path: path, reason: "\(error)") }
    }

    /// Flushes to disk, names the file and renames it into place.
    public func finish() throws(ReportFileError) {
        do { try file.finish() } catch { throw ReportFileError(path: path, reason: "\(error)") }
    }

    /// Closes and removes the unfinished file (a run that gives up before the end).
    public func abandon() {
        file.abandon()
    }
}

public struct ReportFileError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { reason.hasPrefix("'") ? reason : "\(path): \(reason)" }
}
