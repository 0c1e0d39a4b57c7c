import FoundationEssentials
import Glibc
import Synchronization

/// Environment switches that only the tests set, to reach states no ordinary run can
/// be stopped in on purpose.
///
/// TEST-ONLY: `WALLGEN_TEST_STOP_BEFORE_RENAME=N` makes the writer kill its own process
/// with SIGKILL once its Nth new file (1, the first) is complete but before it takes the
/// target's name (as `kill -9` or the out-of-memory killer would at the worst moment): a
/// batch is stopped after exactly N - 1 rows, however fast it is;
/// `WALLGEN_TEST_NO_TMPFILE=1` makes it use a named temporary, as on a file system
/// without O_TMPFILE. Neither is documented for users.
enum TestHook {
    static func isSet(_ name: String) -> Bool {
        getenv(name).map { String(cString: $0) == "1" } ?? false
    }

    /// Files that reached the point before their rename, in this process.
    private static let renames = Atomic<Int>(0)

    /// Kills this process at once, with no handler run, at the Nth file about to take its
    /// name when `WALLGEN_TEST_STOP_BEFORE_RENAME` is N.
    static func killBeforeRename() {
        guard let value = getenv("WALLGEN_TEST_STOP_BEFORE_RENAME"), let stopAt = Int(String(cString: value)),
            stopAt >= 1
        else { return }
        if renames.add(1, ordering: .relaxed).newValue == stopAt { raise(SIGKILL) }
    }
}
