/// The pixel loops that dominate rendering time, as one set of functions.
///
/// The loops themselves are written once (`SourceOverLoops`, `RowCompositingLoops`,
/// `ConvolutionLoops`) and are `@inlinable` and always inlined, so each conforming type
/// compiles its own copy with the instruction set its module is built for:
/// `PortableKernels` here for the architecture's baseline (SSE2 on x86-64), and
/// `AVX2Kernels` in `KernelsAVX2` for x86-64-v3 (AVX2, FMA). The compositor picks one
/// at run time from what the processor supports. (`AVX2Kernels` takes its row
/// compositing loops from CImaging's composite_rows.c instead, the same float operations
/// in C.) Every set gives identical bytes.
public protocol KernelSet: Sendable {
    /// A short name for logs and benchmarks.
    static var name: String { get }
    /// Whether this set's instruction set has fused multiply-add, so loops may ask for
    /// one instruction where they would write a product and a sum. (Elsewhere a fused
    /// multiply-add would be a library call per lane.)
    static var hasFusedMultiplyAdd: Bool { get }

    /// See `SourceOverLoops.span`.
    static func sourceOver(destination: UnsafeMutablePointer<UInt8>, source: UnsafePointer<UInt8>, count: Int)
    /// See `SourceOverLoops.coverage`.
    static func sourceOver(
        destination: UnsafeMutablePointer<UInt8>, color: SIMD4<UInt8>, coverage: UnsafePointer<UInt8>, count: Int)

    /// See `RowCompositingLoops.load`.
    static func loadRow(_ row: UnsafePointer<UInt8>, into accumulator: UnsafeMutablePointer<SIMD4<Float>>, count: Int)
    /// See `RowCompositingLoops.solid`.
    static func solidRow(_ color: SIMD4<Float>, over accumulator: UnsafeMutablePointer<SIMD4<Float>>, count: Int)
    /// See `RowCompositingLoops.picture`.
    static func pictureRow(
        _ row: UnsafePointer<UInt8>, opacity: Float, over accumulator: UnsafeMutablePointer<SIMD4<Float>>, count: Int)
    /// See `RowCompositingLoops.color`.
    static func colorRow(
        _ color: SIMD4<Float>, alphas: UnsafePointer<Float>, over accumulator: UnsafeMutablePointer<SIMD4<Float>>,
        count: Int)
    /// See `RowCompositingLoops.store`.
    static func storeRow(
        _ accumulator: UnsafePointer<SIMD4<Float>>, into row: UnsafeMutablePointer<UInt8>,
        thresholds: UnsafePointer<Float>, thresholdMask: Int, count: Int)

    /// See `ConvolutionLoops.horizontal`.
    static func convolveHorizontally(
        _ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>, outputCount: Int,
        firstSource: UnsafePointer<Int>, weights: UnsafePointer<Float>, pairedWeights: UnsafePointer<SIMD8<Float>>,
        tapCount: Int, scratch: UnsafeMutablePointer<Float>, columns: ClosedRange<Int>)
    /// See `ConvolutionLoops.start`.
    static func startTaps(
        _ row: UnsafePointer<UInt8>, weight: Int32, into sums: UnsafeMutablePointer<Int32>, count: Int)
    /// See `ConvolutionLoops.accumulate`.
    static func accumulateTap(
        _ row: UnsafePointer<UInt8>, weight: Int32, into sums: UnsafeMutablePointer<Int32>, count: Int)
    /// See `ConvolutionLoops.store`.
    static func storeSums(_ sums: UnsafePointer<Int32>, into row: UnsafeMutablePointer<UInt8>, pixelCount: Int)
}

// One body per requirement, shared by every set. Being `@inlinable` and always inlined,
// each is compiled into the witness of the conforming module, with that module's
// instruction set; this is what makes `AVX2Kernels` AVX2 code.
extension KernelSet {
    @inlinable public static var hasFusedMultiplyAdd: Bool { false }

    @inlinable @inline(__always)
    public static func sourceOver(destination: UnsafeMutablePointer<UInt8>, source: UnsafePointer<UInt8>, count: Int) {
        SourceOverLoops.span(destination: destination, source: source, count: count)
    }

    @inlinable @inline(__always)
    public static func sourceOver(
        destination: UnsafeMutablePointer<UInt8>, color: SIMD4<UInt8>, coverage: UnsafePointer<UInt8>, count: Int
    ) {
        SourceOverLoops.coverage(destination: destination, color: color, coverage: coverage, count: count)
    }

    @inlinable @inline(__always)
    public static func loadRow(
        _ row: UnsafePointer<UInt8>, into accumulator: UnsafeMutablePointer<SIMD4<Float>>, count: Int
    ) {
        RowCompositingLoops.load(row, into: accumulator, count: count)
    }

    @inlinable @inline(__always)
    public static func solidRow(_ color: SIMD4<Float>, over accumulator: UnsafeMutablePointer<SIMD4<Float>>, count: Int)
    {
        RowCompositingLoops.solid(color, over: accumulator, count: count)
    }

    @inlinable @inline(__always)
    public static func pictureRow(
        _ row: UnsafePointer<UInt8>, opacity: Float, over accumulator: UnsafeMutablePointer<SIMD4<Float>>, count: Int
    ) {
        RowCompositingLoops.picture(row, opacity: opacity, over: accumulator, count: count)
    }

    @inlinable @inline(__always)
    public static func colorRow(
        _ color: SIMD4<Float>, alphas: UnsafePointer<Float>, over accumulator: UnsafeMutablePointer<SIMD4<Float>>,
        count: Int
    ) {
        RowCompositingLoops.color(color, alphas: alphas, over: accumulator, count: count)
    }

    @inlinable @inline(__always)
    public static func storeRow(
        _ accumulator: UnsafePointer<SIMD4<Float>>, into row: UnsafeMutablePointer<UInt8>,
        thresholds: UnsafePointer<Float>, thresholdMask: Int, count: Int
    ) {
        RowCompositingLoops.store(
            accumulator, into: row, thresholds: thresholds, thresholdMask: thresholdMask, count: count)
    }

    @inlinable @inline(__always)
    public static func convolveHorizontally(
        _ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>, outputCount: Int,
        firstSource: UnsafePointer<Int>, weights: UnsafePointer<Float>, pairedWeights: UnsafePointer<SIMD8<Float>>,
        tapCount: Int, scratch: UnsafeMutablePointer<Float>, columns: ClosedRange<Int>
    ) {
        ConvolutionLoops.horizontal(
            source, into: destination, outputCount: outputCount, firstSource: firstSource, weights: weights,
            pairedWeights: pairedWeights, tapCount: tapCount, scratch: scratch, columns: columns,
            fusedMultiplyAdd: hasFusedMultiplyAdd)
    }

    @inlinable @inline(__always)
    public static func startTaps(
        _ row: UnsafePointer<UInt8>, weight: Int32, into sums: UnsafeMutablePointer<Int32>, count: Int
    ) {
        ConvolutionLoops.start(row, weight: weight, into: sums, count: count)
    }

    @inlinable @inline(__always)
    public static func accumulateTap(
        _ row: UnsafePointer<UInt8>, weight: Int32, into sums: UnsafeMutablePointer<Int32>, count: Int
    ) {
        ConvolutionLoops.accumulate(row, weight: weight, into: sums, count: count)
    }

    @inlinable @inline(__always)
    public static func storeSums(_ sums: UnsafePointer<Int32>, into row: UnsafeMutablePointer<UInt8>, pixelCount: Int) {
        ConvolutionLoops.store(sums, into: row, pixelCount: pixelCount)
    }
}
