import Glibc
import Platform

/// A canvas's pixels, row-major, each channel a 16-bit fixed-point number: 6 bytes a pixel
/// where an array of `RGB` (a `SIMD3`, padded to 16) took 16, so a 6K painting holds
/// 117 MiB rather than 311, and a painting with the image it is made for stays within
/// three 8-bit canvases' bytes.
///
/// A channel holds -0.5 to 2.1 (glows added over a light sky pass 1; a few tints dip
/// below 0) in steps of 1/25,206: a 6,400th of an 8-bit level, far below the dither of
/// about one level the painting is quantised with. A value past the range is held at its
/// end.
///
/// A raw buffer rather than an array so that parallel row workers can write disjoint rows
/// without copy-on-write checks; the canvas that owns it frees it.
struct CanvasPixels: @unchecked Sendable {
    private let channels: UnsafeMutablePointer<UInt16>

    /// The value a channel's 0 stands for, and steps per unit.
    private static let lowest: Float = -0.5
    private static let stepsPerUnit: Float = 65_535 / 2.6
    private static let unitsPerStep: Float = 2.6 / 65_535

    /// Black pixels; a canvas the process cannot have stops it with a message and the
    /// command line's status (`OutOfMemory`), as an image buffer does, never a crash.
    init(count: Int) {
        let (bytes, overflow) = count.multipliedReportingOverflow(by: 3 * MemoryLayout<UInt16>.stride)
        guard !overflow, let memory = malloc(max(bytes, 1)) else { OutOfMemory.stop(bytes) }
        channels = memory.bindMemory(to: UInt16.self, capacity: 3 * count)
        let black = CanvasPixels.encode(0)
        channels.initialize(repeating: black, count: 3 * count)
    }

    /// Rounded to the nearest step; a NaN (which no scene makes) is stored as the lowest.
    @inline(__always) private static func encode(_ value: Float) -> UInt16 {
        let steps = (value - lowest) * stepsPerUnit + 0.5
        return steps >= 0 ? (steps < 65_535 ? UInt16(steps) : 65_535) : 0
    }

    @inline(__always) private static func decode(_ stored: UInt16) -> Float {
        Float(stored) * unitsPerStep + lowest
    }

    @inline(__always) subscript(index: Int) -> RGB {
        get {
            let at = channels + 3 * index
            return RGB(CanvasPixels.decode(at[0]), CanvasPixels.decode(at[1]), CanvasPixels.decode(at[2]))
        }
        nonmutating set {
            let at = channels + 3 * index
            at[0] = CanvasPixels.encode(newValue.x)
            at[1] = CanvasPixels.encode(newValue.y)
            at[2] = CanvasPixels.encode(newValue.z)
        }
    }

    /// `value` as a pixel holds it: each channel rounded to its step and held in range, as
    /// storing it and reading it back gives.
    @inline(__always) static func held(_ value: RGB) -> RGB {
        RGB(decode(encode(value.x)), decode(encode(value.y)), decode(encode(value.z)))
    }

    func free() { Glibc.free(channels) }
}
