import FoundationEssentials
import Platform

/// With `WALLGEN_TRACE_DECODES` set, one line on standard error each time a pipeline
/// decodes a picture: a check (used by the tests) that several sizes made in one run
/// decode their picture once.
enum DecodeTrace {
    static let isOn = !(ProcessEnvironment.variables["WALLGEN_TRACE_DECODES"] ?? "").isEmpty

    static func decoding(_ path: String, for canvases: [(width: Int, height: Int)]) {
        guard isOn else { return }
        let sizes = canvases.map { "\($0.width)x\($0.height)" }.joined(separator: ", ")
        StandardError.write("wallgen: decode \(path) for \(sizes)\n")
    }
}
