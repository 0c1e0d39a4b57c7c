/// A file format wallgen writes.
public enum OutputFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    case png
    case jpeg
    case webp

    /// The extension wallgen gives the files it names itself.
    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .webp: "webp"
        }
    }

    /// Every extension that names this format, in any case.
    public var fileExtensions: [String] {
        switch self {
        case .png: ["png"]
        case .jpeg: ["jpg", "jpeg"]
        case .webp: ["webp"]
        }
    }

    /// PNG, JPEG, WebP: as people write them.
    public var description: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .webp: "WebP"
        }
    }

    /// The format an extension names (without its dot, any case), or nil.
    public init?(fileExtension: String) {
        let lowered = fileExtension.lowercased()
        guard let format = Self.allCases.first(where: { $0.fileExtensions.contains(lowered) }) else { return nil }
        self = format
    }

    /// The formats and their extensions, for messages: "PNG (.png), JPEG (.jpg, .jpeg) or WebP (.webp)".
    public static var listedWithExtensions: String {
        let items = allCases.map { format in
            "\(format) (" + format.fileExtensions.map { "." + $0 }.joined(separator: ", ") + ")"
        }
        return items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
    }
}

/// How a finished image becomes bytes: the format and its settings.
public enum OutputEncoding: Sendable, Equatable {
    case png(PNGEncodingOptions)
    /// Progressive, optimised, sRGB; see `JPEGEncoder.encodeOutput`.
    case jpeg(quality: Int)
    /// Lossy at `quality`, lossless at 100.
    case webp(quality: Int)

    /// The quality JPEG and WebP use when none is given.
    public static let defaultQuality = 90
    /// The qualities people may ask for; at 100 WebP is lossless.
    public static let qualities = 1...100

    public static let standard = OutputEncoding.png(.fast)

    public var format: OutputFormat {
        switch self {
        case .png: .png
        case .jpeg: .jpeg
        case .webp: .webp
        }
    }

    /// Encodes `image`. `provenance` (the spec as JSON) is written into JPEG and WebP
    /// files (see `ProvenanceReader`); PNG does not take it here.
    public func encode(_ image: Image, workers: Int = Parallel.availableCores, provenance: String? = nil)
        throws(ImageEncodingError) -> [UInt8]
    {
        switch self {
        case .png(let options): try PNGEncoder.encode(image, options: options, workers: workers, provenance: provenance)
        case .jpeg(let quality): try JPEGEncoder.encodeOutput(image, quality: quality, provenance: provenance)
        case .webp(let quality):
            try WebPEncoder.encode(image, quality: quality, lossless: quality == 100, provenance: provenance)
        }
    }
}
