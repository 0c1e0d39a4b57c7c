import Glibc

/// Writes to standard error directly, whole, unbuffered (messages interleave with a
/// child's in the order they were written).
public enum StandardError {
    public static func write(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var done = 0
            while done < buffer.count {
                let written = Glibc.write(2, buffer.baseAddress! + done, buffer.count - done)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                done += written
            }
        }
    }
}
