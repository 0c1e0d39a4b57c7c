import Glibc

/// A number as C's `printf` writes it, for the few places that want its rounding
/// (`%.1f`, `%g`): the C library's own formatting, always in the C locale's form
/// (wallgen never calls `setlocale`, so the decimal point is always a dot).
public enum PrintfNumber {
    /// `value` formatted by `format`, a printf conversion for one `double` such as
    /// "%.2f" or "%g" (with any text around it).
    public static func format(_ format: String, _ value: Double) -> String {
        withVaList([value]) { arguments in
            var buffer = [CChar](repeating: 0, count: 64)
            var needed = Int(vsnprintf(&buffer, buffer.count, format, arguments))
            if needed >= buffer.count {
                buffer = [CChar](repeating: 0, count: needed + 1)
                needed = Int(withVaList([value]) { vsnprintf(&buffer, buffer.count, format, $0) })
            }
            return String(cBuffer: buffer.prefix(max(0, needed)))
        }
    }
}
