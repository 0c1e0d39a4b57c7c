import Files

/// A file format wallgen writes.
public enum OutputFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    case png
    case jpeg
    case webp
    case avif

    /// What the format is and can do, declared once: the options' words and help, the
    /// checks made before any pixel is rendered, the encoders' settings and the note's
    /// reader all read this.
    public var declaration: FormatDeclaration {
        switch self {
        case .png:
            FormatDeclaration(
                name: "PNG", signature: .png, extensions: ["png"], quality: .none, largestSide: nil, note: .pngText)
        case .jpeg:
            // libjpeg's own limit; wallgen's canvases stop below it.
            FormatDeclaration(
                name: "JPEG", signature: .jpeg, extensions: ["jpg", "jpeg"], quality: .lossy, largestSide: 65_500,
                note: .jpegComment)
        case .webp:
            FormatDeclaration(
                name: "WebP", signature: .webp, extensions: ["webp"], quality: .losslessAtBest, largestSide: 16_383,
                note: .webpXMP)
        case .avif:
            // AV1 allows 65536 a side; wallgen's canvases stop below it.
            FormatDeclaration(
                name: "AVIF", signature: .heif, extensions: ["avif"], quality: .losslessAtBest, largestSide: 65_536,
                note: .heifXMP)
        }
    }

    /// The extension wallgen gives the files it names itself.
    public var fileExtension: String { declaration.extensions[0] }

    /// Every extension that names this format, in any case.
    public var fileExtensions: [String] { declaration.extensions }

    /// PNG, JPEG, WebP: as people write them.
    public var description: String { declaration.name }

    /// The format an extension names (without its dot, any case), or nil.
    public init?(fileExtension: String) {
        let lowered = fileExtension.lowercased()
        guard let format = Self.allCases.first(where: { $0.fileExtensions.contains(lowered) }) else { return nil }
        self = format
    }

    /// The formats and their extensions, for messages: "PNG (.png), JPEG (.jpg, .jpeg) or WebP (.webp)".
    public static var listedWithExtensions: String {
        listed(allCases.map { "\($0) (" + $0.fileExtensions.map { "." + $0 }.joined(separator: ", ") + ")" })
    }

    /// The formats that take `--quality`.
    public static var lossy: [OutputFormat] { allCases.filter(\.declaration.takesQuality) }

    /// "a, b or c".
    public static func listed(_ items: [String]) -> String {
        items.count > 1 ? items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1] : items.joined()
    }
}

/// What an output format is and can do.
public struct FormatDeclaration: Sendable {
    /// As people write it: `WebP`.
    public let name: String
    /// How its files begin, for the readers that find a note by the file's kind.
    public let signature: FileSignature
    /// Every extension that names it, in lower case; the first is the one wallgen gives.
    public let extensions: [String]
    public let quality: QualityUse
    /// The most pixels a side may have; nil when only wallgen's own limit applies.
    public let largestSide: Int?
    /// Where the note of how the picture was made goes.
    public let note: NotePlace

    /// Whether `--quality` means something to it.
    public var takesQuality: Bool { quality != .none }

    /// How a format takes a quality.
    public enum QualityUse: Sendable, Equatable {
        /// Lossless only (PNG): no quality.
        case none
        /// Lossy at every quality (JPEG).
        case lossy
        /// Lossy below the best quality, lossless at it (WebP).
        case losslessAtBest
    }
}

/// Where a format carries the note of how the picture was made (`Provenance`, as its
/// JSON; see `ProvenanceReader`), and how much of it that place holds.
public enum NotePlace: Sendable, Equatable, CustomStringConvertible {
    /// A PNG `iTXt` chunk, keyword `wallgen`.
    case pngText
    /// A JPEG COM segment, the text after `wallgen `.
    case jpegComment
    /// A WebP `XMP ` chunk, its packet's `wallgen:spec` property.
    case webpXMP
    /// An XMP item of a HEIF file's primary image (AVIF), the same packet.
    case heifXMP

    public var description: String {
        switch self {
        case .pngText: "a PNG iTXt chunk"
        case .jpegComment: "a JPEG comment"
        case .webpXMP: "WebP XMP"
        case .heifXMP: "an AVIF XMP item"
        }
    }

    /// The bytes `note` takes there, as the encoder writes it.
    public func size(of note: Provenance) -> Int {
        let text = note.json
        return switch self {
        case .pngText: text.utf8.count
        case .jpegComment: ProvenanceReader.jpegCommentPrefix.utf8.count + text.utf8.count
        case .webpXMP, .heifXMP: XMPPacket.wallgenSpec(text).utf8.count
        }
    }

    /// The most bytes the place holds (a COM segment's length field counts itself:
    /// 65,533 bytes of payload); nil when it holds more than any note wallgen makes.
    public var largestSize: Int? {
        switch self {
        case .jpegComment: 65_533
        case .pngText, .webpXMP, .heifXMP: nil
        }
    }
}

/// How a finished image becomes bytes: the format and its settings.
public enum OutputEncoding: Sendable, Equatable {
    case png(PNGEncodingOptions)
    /// Progressive, optimised, sRGB; see `JPEGEncoder.encodeOutput`.
    case jpeg(quality: Int)
    /// Lossy at `quality`, lossless at 100.
    case webp(quality: Int)
    /// AV1 through libheif: lossy at `quality` (full chroma from 90), lossless at 100.
    case avif(quality: Int)

    /// The quality the lossy formats use when none is given.
    public static let defaultQuality = 90
    /// The qualities people may ask for; at 100 a format that can be lossless is.
    public static let qualities = 1...100

    public static let standard = OutputEncoding.png(.fast)

    /// `format` at `quality` (a lossy format's) or with `png` (PNG's compression).
    public init(_ format: OutputFormat, quality: Int, png: PNGEncodingOptions) {
        switch format {
        case .png: self = .png(png)
        case .jpeg: self = .jpeg(quality: quality)
        case .webp: self = .webp(quality: quality)
        case .avif: self = .avif(quality: quality)
        }
    }

    public var format: OutputFormat {
        switch self {
        case .png: .png
        case .jpeg: .jpeg
        case .webp: .webp
        case .avif: .avif
        }
    }

    /// Encodes `image`. `provenance` is written, as its JSON, where the format's
    /// declaration says (see `NotePlace`, `ProvenanceReader`): the typed note becomes text
    /// here and nowhere earlier. `sharing` (bands shared with a background) serves PNG,
    /// whose bands are compressed apart; the other formats encode the whole image.
    public func encode(
        _ image: Image, workers: Int = Parallel.availableCores, provenance: Provenance? = nil,
        sharing: PNGBandSharing? = nil
    ) throws(ImageEncodingError) -> [UInt8] {
        let note = provenance?.json
        return switch self {
        case .png(let options):
            try PNGEncoder.encode(image, options: options, workers: workers, note: note, sharing: sharing)
        case .jpeg(let quality): try JPEGEncoder.encodeOutput(image, quality: quality, note: note)
        case .webp(let quality): try WebPEncoder.encode(image, quality: quality, lossless: quality == 100, note: note)
        case .avif(let quality): try AVIFEncoder.encode(image, quality: quality, note: note)
        }
    }

    /// `encode`, into `file`: a PNG as its bands are compressed (`PNGFileWriter`), the other
    /// formats once encoded. A write that fails is reported by `file.finish()`.
    public func encode(
        _ image: Image, into file: GrowingFile, workers: Int = Parallel.availableCores, provenance: Provenance? = nil,
        sharing: PNGBandSharing? = nil
    ) throws(ImageEncodingError) {
        guard case .png(let options) = self else {
            try encode(image, workers: workers, provenance: provenance, sharing: sharing).withUnsafeBytes {
                file.append($0)
            }
            return
        }
        try PNGEncoder.encode(
            image, into: file, options: options, workers: workers, note: provenance?.json, sharing: sharing)
    }
}
