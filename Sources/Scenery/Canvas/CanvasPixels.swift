import Glibc
import Platform

/// A canvas's pixels, row-major, each three floats packed together: 12 bytes a pixel where
/// an array of `RGB` (a `SIMD3`, padded to 16) takes 16, so a 6K painting holds 233 MiB
/// rather than 311. A colour is read and written whole, with the same values either way.
///
/// A raw buffer rather than an array so that parallel row workers can write disjoint rows
/// without copy-on-write checks; the canvas that owns it frees it.
struct CanvasPixels: @unchecked Sendable {
    private let channels: UnsafeMutablePointer<Float>

    /// Black pixels; a canvas the process cannot have stops it with a message and the
    /// command line's status (`OutOfMemory`), as an image buffer does, never a crash.
    init(count: Int) {
        let (bytes, overflow) = count.multipliedReportingOverflow(by: 3 * MemoryLayout<Float>.stride)
        guard !overflow, let memory = calloc(max(bytes, 1), 1) else { OutOfMemory.stop(bytes) }
        channels = memory.bindMemory(to: Float.self, capacity: 3 * count)
    }

    @inline(__always) subscript(index: Int) -> RGB {
        get {
            let at = channels + 3 * index
            return RGB(at[0], at[1], at[2])
        }
        nonmutating set {
            let at = channels + 3 * index
            at[0] = newValue.x
            at[1] = newValue.y
            at[2] = newValue.z
        }
    }

    func free() { Glibc.free(channels) }
}
