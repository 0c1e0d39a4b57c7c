/// The first bytes that say what a file is: the one place wallgen's input signatures
/// live, so a format added later is one case here.
///
/// Files are recognised by content, never by name, and before they are read whole:
/// a file that is not what a flag wants is refused after a few bytes.
public enum FileSignature: Sendable, CaseIterable, CustomStringConvertible {
    case jpeg
    case png
    /// "RIFF", the container's size, "WEBP".
    case webp
    /// An ISO base media file whose first box is "ftyp" with a HEIF image brand: HEIC
    /// (iPhone photos), the generic "mif1", and AVIF (HEIF with AV1 inside).
    case heif
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
            case .picture: [.jpeg, .png, .webp, .heif]
            case .font: [.trueType, .openType, .fontCollection]
            }
        }

        /// "a JPEG, PNG, WebP, HEIC or AVIF picture", for messages: made from the
        /// members, so a format that joins the family joins the message.
        public var expected: String {
            switch self {
            case .picture: "a " + FileSignature.listed(members.flatMap(\.formatNames)) + " picture"
            case .font: "a TrueType or OpenType font"
            }
        }
    }

    /// The formats a person knows a signature as: HEIF's brands are the iPhone's HEIC and
    /// AVIF.
    public var formatNames: [String] {
        switch self {
        case .heif: ["HEIC", "AVIF"]
        default: [description]
        }
    }

    /// `["A", "B", "C"]` as "A, B or C".
    public static func listed(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }

    public var description: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .webp: "WebP"
        case .heif: "HEIF"
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
        case .webp: bytes.starts(with: Array("RIFF".utf8)) && Array(bytes.dropFirst(8).prefix(4)) == Array("WEBP".utf8)
        case .heif:
            Array(bytes.dropFirst(4).prefix(4)) == Array("ftyp".utf8)
                && Self.heifBrands.contains(Array(bytes.dropFirst(8).prefix(4)))
        case .trueType: bytes.starts(with: [0x00, 0x01, 0x00, 0x00]) || bytes.starts(with: Array("true".utf8))
        case .openType: bytes.starts(with: Array("OTTO".utf8))
        case .fontCollection: bytes.starts(with: Array("ttcf".utf8))
        }
    }

    /// Major brands of HEIF still pictures and sequences (whose primary picture is read):
    /// HEVC ones (heic, heix, hevc, hevx, heim, heis), the codec-neutral mif1 and msf1
    /// (iPhones write heic; other cameras mif1), and AVIF's avif and avis.
    static let heifBrands: Set<[UInt8]> = Set(
        ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "avif", "avis"].map { Array($0.utf8) })

    /// The signature `bytes` start with, among `candidates`.
    public static func sniff(_ bytes: some Collection<UInt8>, among candidates: [FileSignature] = allCases)
        -> FileSignature?
    {
        candidates.first { $0.matches(bytes) }
    }
}
