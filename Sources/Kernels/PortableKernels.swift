/// The kernels compiled for the architecture's baseline: what runs on any processor.
public enum PortableKernels: KernelSet {
    public static let name = "portable"
}
