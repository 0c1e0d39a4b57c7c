/// What values an option takes, as data: its range, its step, its choices. A form draws
/// its control from this (a slider, a menu, a switch), and it is the same declaration the
/// parser checks values against, so the two cannot disagree.
public enum ValueKind: Sendable, Equatable {
    /// No value: the option is given or not.
    case flag
    /// `on` or `off`.
    case onOff
    /// A number from `minimum` to `maximum`, in steps of `step` (a slider's).
    case number(minimum: Double, maximum: Double, step: Double)
    /// A whole number of at least `minimum`, and at most `maximum` when there is one.
    case wholeNumber(minimum: Int, maximum: Int?)
    /// One of a list of words.
    case choice([ControlChoice])
    /// Any text that is not empty.
    case text
    /// An opaque colour: `#RGB`, `#RRGGBB` or a CSS name.
    case colour
    /// A day, `yyyy-mm-dd`.
    case date
    /// An instant: `now`, or a date and time.
    case instant
    /// A canvas, `WxH`, each side from `minimumSide` to `maximumSide` pixels.
    case canvasSize(minimumSide: Int, maximumSide: Int)
    /// A time zone: an IANA name, an offset, `UTC` or `local`.
    case zone
    /// A file to read.
    case file
    /// A folder.
    case folder
    /// A file to write, or `-` for standard output.
    case outputFile

    /// The kind a completion suggests: words are a choice; files and folders are
    /// themselves; anything else is text.
    init(offeredBy completion: ValueCompletion) {
        switch completion {
        case .none: self = .text
        case .file: self = .file
        case .folder: self = .folder
        case .words(let words): self = .choice(words.map { ControlChoice($0) })
        case .zones: self = .zone
        }
    }

    /// The kind's name in a control description.
    var name: String {
        switch self {
        case .flag: "flag"
        case .onOff: "switch"
        case .number: "number"
        case .wholeNumber: "integer"
        case .choice: "choice"
        case .text: "text"
        case .colour: "colour"
        case .date: "date"
        case .instant: "instant"
        case .canvasSize: "size"
        case .zone: "zone"
        case .file: "file"
        case .folder: "folder"
        case .outputFile: "output"
        }
    }
}

/// One word of a choice, with the names people read for it where it has them.
public struct ControlChoice: Sendable, Equatable, Encodable {
    /// The word the option takes (`spring`, `iphone-15`).
    public let value: String
    /// Its display name in English, or its only one (`Spring`, `iPhone 15, 15 Pro`).
    public let label: String?
    /// Its display name in Traditional Chinese (`春`, `冬至`).
    public let chineseLabel: String?
    /// A device preset's canvas, in pixels.
    public let width: Int?
    public let height: Int?

    init(_ value: String, label: String? = nil, chineseLabel: String? = nil, width: Int? = nil, height: Int? = nil) {
        self.value = value
        self.label = label
        self.chineseLabel = chineseLabel
        self.width = width
        self.height = height
    }
}
