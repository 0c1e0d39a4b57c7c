import Files
import FoundationEssentials
import Glibc
import Platform
import Synchronization

/// The studio's own temporary folder (mode 0700, made by mkdtemp): the pictures the page
/// uploads, and the file Apply sets, live here and nowhere else; it is removed when the
/// studio stops. They are written as every file wallgen writes (`Files`): complete or
/// not at all, and the half-written ones removed if a signal stops the studio.
final class PrivateFolder: Sendable {
    let path: String
    /// The folder open as a descriptor: what is written here stays beneath it.
    let files: OutputFolder
    /// Uploaded pictures by the name the person chose, newest kept per name.
    private let uploads = Mutex<[String: String]>([:])
    private let counter = Atomic<Int>(0)

    init() throws {
        let base = ProcessEnvironment.variables["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/wallgen-studio-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else {
            throw HTTPServerError(
                description: "cannot make a private folder in \(base): \(String(cString: strerror(errno)))")
        }
        path = String(cBuffer: template)
        do {
            files = try OutputFolder(opening: path)
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw HTTPServerError(description: "cannot open the private folder \(path): \(error)")
        }
    }

    /// A new name inside the folder, never used before in this session.
    func newName(_ stem: String) -> String {
        "\(stem)-\(counter.add(1, ordering: .relaxed).newValue)"
    }

    /// Records an upload stored at `file` under the person's `name`, removing the one it replaces.
    func keep(upload file: String, as name: String) {
        let replaced = uploads.withLock { table in
            defer { table[name] = file }
            return table[name]
        }
        if let replaced { unlink(replaced) }
    }

    /// Where the upload called `name` lies, if there is one.
    func upload(named name: String) -> String? {
        uploads.withLock { $0[name] }
    }

    /// Removes the folder and all it holds.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
