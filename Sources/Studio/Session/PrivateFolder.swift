import Foundation
import Synchronization

/// The studio's own temporary folder (mode 0700, made by mkdtemp): the pictures the page
/// uploads, and the file Apply sets, live here and nowhere else; it is removed when the
/// studio stops.
final class PrivateFolder: Sendable {
    let path: String
    /// Uploaded pictures by the name the person chose, newest kept per name.
    private let uploads = Mutex<[String: String]>([:])
    private let counter = Atomic<Int>(0)

    init() throws {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/wallgen-studio-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else {
            throw HTTPServerError(
                description: "cannot make a private folder in \(base): \(String(cString: strerror(errno)))")
        }
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A new file name inside the folder, never used before in this session.
    func newFile(_ stem: String) -> String {
        path + "/\(stem)-\(counter.add(1, ordering: .relaxed).newValue)"
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
