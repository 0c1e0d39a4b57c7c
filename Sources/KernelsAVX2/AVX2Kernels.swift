import CImaging
import Kernels

/// The kernels compiled for x86-64-v3 (AVX2, FMA, BMI2): this module alone is built with
/// that instruction set (see Package.swift), and must only run where `KernelChoice`
/// found it supported. Elsewhere, or on other architectures, it is the portable code.
///
/// The row compositing loops are CImaging's (composite_rows.c): the same float operations
/// as `RowCompositingLoops`, eight pixels packed at a time where Swift's SIMD types leave
/// the lane moves of quantising to scalar code.
public enum AVX2Kernels: KernelSet {
    public static let name = "avx2"
    @inlinable public static var hasFusedMultiplyAdd: Bool { true }

    public static func loadRow(
        _ row: UnsafePointer<UInt8>, into accumulator: UnsafeMutablePointer<SIMD4<Float>>, count: Int
    ) {
        wg_composite_load(row, floats(accumulator), count)
    }

    public static func solidRow(
        _ color: SIMD4<Float>, over accumulator: UnsafeMutablePointer<SIMD4<Float>>, count: Int
    ) {
        withUnsafePointer(to: color) { color in
            wg_composite_solid(UnsafeRawPointer(color).assumingMemoryBound(to: Float.self), floats(accumulator), count)
        }
    }

    public static func pictureRow(
        _ row: UnsafePointer<UInt8>, opacity: Float, over accumulator: UnsafeMutablePointer<SIMD4<Float>>, count: Int
    ) {
        wg_composite_picture(row, opacity, floats(accumulator), count)
    }

    public static func colorRow(
        _ color: SIMD4<Float>, alphas: UnsafePointer<Float>, over accumulator: UnsafeMutablePointer<SIMD4<Float>>,
        count: Int
    ) {
        withUnsafePointer(to: color) { color in
            wg_composite_color(
                UnsafeRawPointer(color).assumingMemoryBound(to: Float.self), alphas, floats(accumulator), count)
        }
    }

    public static func storeRow(
        _ accumulator: UnsafePointer<SIMD4<Float>>, into row: UnsafeMutablePointer<UInt8>,
        thresholds: UnsafePointer<Float>, thresholdMask: Int, count: Int
    ) {
        wg_composite_store(
            UnsafeRawPointer(accumulator).assumingMemoryBound(to: Float.self), row, thresholds, thresholdMask, count)
    }

    /// The accumulator's pixels as their four floats each.
    private static func floats(_ accumulator: UnsafeMutablePointer<SIMD4<Float>>) -> UnsafeMutablePointer<Float> {
        UnsafeMutableRawPointer(accumulator).assumingMemoryBound(to: Float.self)
    }
}
