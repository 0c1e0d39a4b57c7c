import Kernels

/// The kernels compiled for x86-64-v3 (AVX2, FMA, BMI2): this module alone is built with
/// that instruction set (see Package.swift), and must only run where `KernelChoice`
/// found it supported. Elsewhere, or on other architectures, it is the portable code.
public enum AVX2Kernels: KernelSet {
    public static let name = "avx2"
    @inlinable public static var hasFusedMultiplyAdd: Bool { true }
}
