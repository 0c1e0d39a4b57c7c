/// The first bytes that say what a file is: the one place wallgen's input signatures
/// live, so a format added later (WebP, HEIC) is one case here.
///
/// Files are recognised by content, never by name, and before they are read whole:
/// a file that is not what a flag wants is refused after a few bytes.
public enum FileSignature: Sendable, CaseIterable, CustomStringConvertible {
    case jpeg
    case png
    /// TrueType outlines: version 1.0 (00 01 00 00) or Apple's 'true'.
    case trueType
    /// OpenType with CFF outlines ('OTTO').
    case openType
    /// A TrueType/OpenType collection ('ttcf').
    case fontCollection

    /// Bytes enough to tell every signature apart.
    public static let prefixLength = 16

    /// What a kind of input may be. Formats join a family when wallgen decodes them.
    public enum Family: Sendable {
        case picture
        case font

        public var members: [FileSignature] {
            switch self {
            case .picture: [.jpeg, .png]
            case .font: [.trueType, .openType, .fontCollection]
            }
        }

        /// "a JPEG or PNG", for messages.
        public var expected: String {
            switch self {
            case .picture: "a JPEG or PNG"
            case .font: "a TrueType or OpenType font"
            }
        }
    }

    public var description: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .trueType: "TrueType"
        case .openType: "OpenType"
        case .fontCollection: "font collection"
        }
    }

    /// Whether `bytes` (a file's start) carry this signature.
    public func matches(_ bytes: some Collection<UInt8>) -> Bool {
        switch self {
        case .jpeg: bytes.starts(with: [0xFF, 0xD8, 0xFF])
        case .png: bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        case .trueType: bytes.starts(with: [0x00, 0x01, 0x00, 0x00]) || bytes.starts(with: Array("true".utf8))
        case .openType: bytes.starts(with: Array("OTTO".utf8))
        case .fontCollection: bytes.starts(with: Array("ttcf".utf8))
        }
        // Room for the formats work: WebP is "RIFF" size "WEBP" (bytes 8..<12), HEIC a
        // box "ftyp" at 4..<8 with the brand "heic" or "mif1" at 8..<12.
    }

    /// The signature `bytes` start with, among `candidates`.
    public static func sniff(_ bytes: some Collection<UInt8>, among candidates: [FileSignature] = allCases)
        -> FileSignature?
    {
        candidates.first { $0.matches(bytes) }
    }
}
