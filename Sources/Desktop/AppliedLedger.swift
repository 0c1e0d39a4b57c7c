import Files
import FoundationEssentials

/// What the applied store keeps: for each setting (a desktop, or a desktop's monitor),
/// the copies it shows now, and the copies of the last few successful applies.
///
/// Stored beside the copies as `.ledger.json`. It is data wallgen wrote, read back as
/// data: only plain copy names (a SHA-256 and an extension) are taken from it; anything
/// else, or a file that does not parse, counts as an empty ledger, which only makes the
/// store keep less.
struct AppliedLedger: Codable, Equatable {
    var live: [String: [String]] = [:]
    var recent: [[String]] = []

    static let fileName = ".ledger.json"

    /// Every copy name the ledger keeps.
    var kept: Set<String> { Set(live.values.joined()).union(recent.joined()) }

    static func read(folder: String) -> AppliedLedger {
        guard let data = FileManager.default.contents(atPath: folder + "/" + fileName), data.count < 1 << 20,
            var ledger = try? JSONDecoder().decode(AppliedLedger.self, from: data)
        else { return AppliedLedger() }
        ledger.live = ledger.live.mapValues { $0.filter(isCopyName) }
        ledger.recent = ledger.recent.map { $0.filter(isCopyName) }
        return ledger
    }

    func write(folder: String) throws(DesktopError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let path = folder + "/" + Self.fileName
        do {
            try AtomicFileWriter.write(Array(try encoder.encode(self)), to: path)
        } catch let error as FileError {
            throw .fileFailed(path: path, operation: "write", reason: "\(error)")
        } catch {
            throw .fileFailed(path: path, operation: "write", reason: "\(error)")
        }
    }

    /// A name the store itself gives: 64 lowercase hex digits and an optional short
    /// extension of letters and digits.
    static func isCopyName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts[0].count == 64,
            parts[0].unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || ("a"..."f").contains($0) })
        else { return false }
        guard parts.count == 2 else { return true }
        return (1...8).contains(parts[1].count)
            && parts[1].unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }
}
