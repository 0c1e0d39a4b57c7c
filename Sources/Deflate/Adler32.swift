internal import CImaging

/// Adler-32 (RFC 1950, 8.2), the checksum that ends a zlib stream.
///
/// The sums are C (`adler32.c`): zlib's loop, or 32 bytes a step in AVX2 when the caller
/// says the processor may (the one switch for every kernel is `KernelChoice`).
public enum Adler32 {
    /// The checksum of no bytes, where a running one starts.
    public static let initial: UInt32 = 1

    /// The checksum of `bytes`.
    public static func checksum(_ bytes: UnsafeBufferPointer<UInt8>, vectorized: Bool) -> UInt32 {
        wg_adler32(bytes.baseAddress, bytes.count, vectorized ? 1 : 0)
    }

    /// The checksum of two buffers one after the other, from theirs and the second's length.
    public static func combine(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
        wg_adler32_combine(first, second, secondLength)
    }
}
