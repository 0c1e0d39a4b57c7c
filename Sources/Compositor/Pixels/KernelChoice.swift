internal import CImaging
import FoundationEssentials
import Kernels
import KernelsAVX2
import Platform

/// Which compiled copy of the pixel loops this process runs.
///
/// The AVX2 copy is about twice as fast for resampling and blending, but an x86-64
/// processor older than Haswell (2013) would stop on its first instruction, so the choice
/// is made here, once, by asking the processor. `WALLGEN_KERNELS=portable` forces the
/// baseline copy, to compare the two or rule the AVX2 one out.
public enum KernelChoice {
    /// The set every loop in the compositor calls.
    public static let active: any KernelSet.Type = {
        if ProcessEnvironment.variables["WALLGEN_KERNELS"] == "portable" { return PortableKernels.self }
        return supported.last!
    }()

    /// Whether the active set is the AVX2 one: the C kernels (Adler-32) follow the same
    /// choice, so `WALLGEN_KERNELS=portable` reaches them too.
    public static var isVectorized: Bool { ObjectIdentifier(active) == ObjectIdentifier(AVX2Kernels.self) }

    /// Every set this processor can run, the baseline first.
    public static let supported: [any KernelSet.Type] =
        wg_cpu_supports_x86_64_v3() == 1 ? [PortableKernels.self, AVX2Kernels.self] : [PortableKernels.self]
}
