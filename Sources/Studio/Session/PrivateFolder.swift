import Files
import FoundationEssentials
import Glibc
import Platform
import Synchronization

/// The studio's own temporary folder (mode 0700, made by mkdtemp): the pictures the page
/// uploads, the file Apply sets and the launcher live here and nowhere else; it is removed
/// when the studio stops (Ctrl-C, SIGTERM, SIGHUP, SIGQUIT). They are written as every file
/// wallgen writes (`Files`): complete or not at all, and the half-written ones removed if a
/// signal stops the studio.
///
/// A studio killed outright (SIGKILL, a crash, the machine losing power) cannot remove its
/// folder, so each folder names its owner (`owner`: the process and when it started) and a
/// later studio removes the folders of this user's studios that no longer run.
final class PrivateFolder: Sendable {
    static let prefix = "wallgen-studio-"
    static let ownerFile = "owner"
    /// A folder without an owner record (an older wallgen's) is swept once this old.
    static let unownedAge: time_t = 24 * 60 * 60

    let path: String
    /// The folder open as a descriptor: what is written here stays beneath it.
    let files: OutputFolder
    /// Uploaded pictures by the name the person chose, newest kept per name, with sizes.
    private let uploads = Mutex<[String: (file: String, bytes: Int)]>([:])
    /// The most the kept uploads may take together: a page has two tabs, each with one
    /// picture at a time, so two of the largest a picture may be.
    static let uploadBudget = 1 << 30
    private let counter = Atomic<Int>(0)

    /// Makes the folder in `base` (the temporary folder), after sweeping the abandoned ones.
    init(in base: String = ProcessEnvironment.temporaryFolder) throws {
        Self.sweepAbandoned(in: base)
        var template = Array((base + "/" + Self.prefix + "XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else {
            throw HTTPServerError(
                description: "cannot make a private folder in \(base): \(String(cString: strerror(errno)))")
        }
        path = String(cBuffer: template)
        do {
            files = try OutputFolder(opening: path)
            try files.write(Array((ProcessIdentity.current?.text ?? "").utf8), to: Self.ownerFile)
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw HTTPServerError(description: "cannot open the private folder \(path): \(error)")
        }
    }

    /// Removes this user's studio folders in `base` whose studio no longer runs: its owner
    /// record names a process that has ended (or another one now holding its number), or,
    /// without a record, the folder is older than `unownedAge`. Only folders (never links)
    /// owned by this user are looked at.
    static func sweepAbandoned(in base: String, now: time_t = time(nil)) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
        for name in names where name.hasPrefix(prefix) {
            let path = base + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid() else {
                continue
            }
            let record = ReadOnlyFile(path: path + "/" + ownerFile).flatMap { try? $0.read(upToCount: 64) }
            if let record {
                if let owner = ProcessIdentity(text: String(decoding: record, as: UTF8.self)), owner.isRunning {
                    continue
                }
            } else if now - status.st_mtim.tv_sec < unownedAge {
                continue
            }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// A new name inside the folder, never used before in this session.
    func newName(_ stem: String) -> String {
        "\(stem)-\(counter.add(1, ordering: .relaxed).newValue)"
    }

    /// Records an upload of `bytes` stored at `file` under the person's `name`, removing
    /// the one it replaces.
    func keep(upload file: String, as name: String, bytes: Int) {
        let replaced = uploads.withLock { table in
            defer { table[name] = (file, bytes) }
            return table[name]?.file
        }
        if let replaced { unlink(replaced) }
    }

    /// Where the upload called `name` lies, if there is one.
    func upload(named name: String) -> String? {
        uploads.withLock { $0[name]?.file }
    }

    /// How many more bytes an upload called `name` may take: the budget less what the other
    /// names' uploads take (the one it replaces goes when it is kept).
    func uploadRoom(replacing name: String) -> Int {
        uploads.withLock { table in
            Self.uploadBudget - table.filter { $0.key != name }.reduce(0) { $0 + $1.value.bytes }
        }
    }

    /// Removes the folder and all it holds.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
