import FoundationEssentials
import Glibc

/// Environment switches that only the tests set, to reach states no ordinary run can
/// be stopped in on purpose.
///
/// TEST-ONLY: `WALLGEN_TEST_STOP_BEFORE_RENAME=1` makes the writer kill its own
/// process with SIGKILL once the new file is complete but before it takes the target's
/// name (as `kill -9` or the out-of-memory killer would at the worst moment);
/// `WALLGEN_TEST_NO_TMPFILE=1` makes it use a named temporary, as on a file system
/// without O_TMPFILE. Neither is documented for users.
enum TestHook {
    static func isSet(_ name: String) -> Bool {
        getenv(name).map { String(cString: $0) == "1" } ?? false
    }

    /// Kills this process at once, with no handler run, when `name` is set.
    static func killIfSet(_ name: String) {
        if isSet(name) { raise(SIGKILL) }
    }
}
