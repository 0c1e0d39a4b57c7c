import Files
import FoundationEssentials
import Glibc
import Platform

/// The folder holding wallgen's bundled `Assets/` and `fonts/`.
///
/// Looked for, in order: `$WALLGEN_DATA`; the folders above the running executable
/// (a checkout: `.build/release/wallgen` sits three levels below); and the shared
/// data folders an install uses (`<prefix>/share/wallgen`, found beside `<prefix>/bin`).
/// The walk up stops at the first folder anyone may write in (`/tmp`, for a binary
/// copied to `/tmp/x/`): there another user could have put pictures and fonts of their
/// own for wallgen to parse.
public struct DataDirectory: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Finds the data folder, or throws with every place it looked.
    public static func locate(environment: [String: String] = ProcessEnvironment.variables)
        throws(PipelineError) -> DataDirectory
    {
        let candidates = searchPaths(environment: environment)
        for candidate in candidates where holdsData(candidate) {
            return DataDirectory(path: candidate)
        }
        throw .dataMissing(
            searched: candidates, fromEnvironment: environment["WALLGEN_DATA"].map { !$0.isEmpty } ?? false)
    }

    static func searchPaths(environment: [String: String]) -> [String] {
        if let explicit = environment["WALLGEN_DATA"], !explicit.isEmpty { return [explicit] }
        var paths: [String] = []
        // The running binary's real path: argv[0] may be a bare name found on $PATH, or a link.
        let executable =
            PathQueries.resolved("/proc/self/exe") ?? PathQueries.resolved(CommandLine.arguments[0])
            ?? CommandLine.arguments[0]
        var folder = FilePath.folder(of: executable)
        // Near the root the walk up repeats "/": each place is listed once.
        for _ in 0..<5 {
            if isWritableByOthers(folder) { break }
            for path in [folder, (folder == "/" ? "" : folder) + "/share/wallgen"] where !paths.contains(path) {
                paths.append(path)
            }
            folder = FilePath.folder(of: folder)
        }
        return paths
    }

    /// Whether users other than its owner may make files in `folder` (world-writable, as
    /// `/tmp` and `/var/tmp` are).
    static func isWritableByOthers(_ folder: String) -> Bool {
        var status = stat()
        return stat(folder, &status) == 0 && status.st_mode & S_IWOTH != 0
    }

    private static func holdsData(_ path: String) -> Bool {
        PathQueries.exists(path + "/Assets/seasons") && PathQueries.exists(path + "/fonts")
    }

    /// The bundled picture of a season.
    public func seasonPicture(_ name: String) -> String {
        path + "/Assets/seasons/\(name).jpg"
    }

    /// The bundled picture of a solar term (`01-lichun`).
    public func termPicture(_ fileStem: String) -> String {
        path + "/Assets/terms/\(fileStem).jpg"
    }

    /// A bundled font file.
    public func font(_ fileName: String) -> String {
        path + "/fonts/\(fileName)"
    }
}
