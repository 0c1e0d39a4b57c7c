import Files

/// A file's bytes as a decoder reads them: mapped from the file (a picture read once,
/// `FileReader.mapped`), or held in an array.
public struct FileBytes: Sendable {
    private let array: [UInt8]
    private let mapping: MappedFile?

    public init(_ bytes: [UInt8]) {
        array = bytes
        mapping = nil
    }

    init(_ mapping: MappedFile) {
        array = []
        self.mapping = mapping
    }

    public var count: Int { mapping?.bytes.count ?? array.count }

    /// Whether the file was cut short while mapped (see `MappedFile`): what was decoded
    /// from these bytes is not the file's.
    public var wasCutShort: Bool { mapping?.wasCutShort ?? false }

    public func withUnsafeBufferPointer<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        if let mapping { return try body(mapping.bytes) }
        return try array.withUnsafeBufferPointer { (buffer) throws(Failure) -> Result in try body(buffer) }
    }
}
