/// What the page asks to be made: a command (`wallpaper` or `term`), the term's name for a
/// card, and options by their long names, as the page's controls name them (a flag's
/// value is `true` when it is on).
public struct StudioSettings: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case text(String)
        case flag(Bool)
    }

    public var command: String
    public var term: String?
    public var options: [String: Value]
    /// Where the picture the page uploaded under the name in `options["background"]` lies
    /// on disk (the command line names it by that name; the studio reads it here).
    public var backgroundFile: String?

    public init(command: String, term: String? = nil, options: [String: Value], backgroundFile: String? = nil) {
        self.command = command
        self.term = term
        self.options = options
        self.backgroundFile = backgroundFile
    }
}

/// Something wrong with the settings, in the command line's words, with the option
/// (`text`, `background`) it concerns so the page shows it beside that control.
public struct StudioFailure: Error, Sendable, Equatable, Codable {
    public var option: String?
    public var message: String

    public init(option: String?, message: String) {
        self.option = option
        self.message = message
    }
}

/// What the page shows beside the picture: the command that makes it, the file it
/// writes, and what is wrong or cut.
public struct StudioDescription: Sendable, Equatable, Codable {
    /// `wallgen --season winter …`, shell-quoted.
    public var command: String
    /// The file the command writes (and Save downloads).
    public var fileName: String?
    public var warnings: [String] = []
    public var errors: [StudioFailure] = []
    /// The season the settings show (a date's, by the season rule), for a wallpaper.
    public var season: String?
    /// The person's text, as a person counts it, and the size step it gets.
    public var textCount: Int?
    /// The text as the label draws it (cut at a word past the limit), and its size step.
    public var textShown: String?
    public var textStep: String?
    /// `wallgen … --apply` for these settings: the picture made at the screen's own size.
    public var applyCommand: String?
    /// `wallgen schedule --install …` for these settings, and the options it cannot carry.
    public var scheduleCommand: String?
    public var scheduleDrops: [String] = []

    public init(command: String) {
        self.command = command
    }
}

/// A whole picture, as the shown command writes it.
public struct StudioPicture: Sendable {
    public var bytes: [UInt8]
    public var fileName: String
    /// `image/png`, `image/jpeg`, `image/webp`.
    public var mediaType: String

    public init(bytes: [UInt8], fileName: String, mediaType: String) {
        self.bytes = bytes
        self.fileName = fileName
        self.mediaType = mediaType
    }
}

/// How `wallgen apply` or `wallgen schedule --install` ended: its status and what it said.
public struct StudioOutcome: Sendable, Equatable, Codable {
    public var command: String
    public var status: Int32
    public var output: String
    /// For Schedule: whether its timer runs now (nil where not asked).
    public var running: Bool?

    public init(command: String, status: Int32, output: String) {
        self.command = command
        self.status = status
        self.output = output
    }
}

/// Everything the studio needs from the command layer. The studio itself knows HTTP, the
/// page and its safety, never pixels or options: the command layer, which owns the option
/// declarations and the pipeline, answers these.
public protocol StudioEngine: Sendable {
    /// The controls the page draws (ranges, steps, defaults, choices, devices, terms), as JSON.
    var controls: [UInt8] { get }
    /// What the page may set, from the same controls: every route's settings are checked
    /// against it before anything else.
    var allowList: StudioAllowList { get }
    /// The command, file name, warnings and errors for these settings, without rendering.
    func describe(_ settings: StudioSettings) -> StudioDescription
    /// The settings rendered at `width`×`height` as PNG, as the command line would with
    /// that `--size`.
    func preview(_ settings: StudioSettings, width: Int, height: Int) throws(StudioFailure) -> [UInt8]
    /// The full picture, byte for byte what the described command writes.
    func picture(_ settings: StudioSettings) throws(StudioFailure) -> StudioPicture
    /// The colour schemes (light and dark) of the settings' picture drawn at `width`×`height`,
    /// as JSON for the page's swatches: `{"seed", "light": {background, foreground, cursor,
    /// colors}, "dark": {…}}`.
    func scheme(_ settings: StudioSettings, width: Int, height: Int) throws(StudioFailure) -> [UInt8]
    /// The full picture's scheme files, both variants, as one archive to download.
    func schemeArchive(_ settings: StudioSettings) throws(StudioFailure) -> StudioPicture
    /// Makes the picture of these settings at the screen's own size, in `folder` (the
    /// studio's own), and sets it as the desktop's wallpaper, as `wallgen … --apply` does
    /// (the settings' uploaded picture read from `backgroundFile`).
    func apply(_ settings: StudioSettings, in folder: String) -> StudioOutcome
    /// Installs the term schedule for these settings, as `wallgen schedule --install` does.
    func schedule(_ settings: StudioSettings) -> StudioOutcome
    /// Ends whatever the engine started (a schedule being rendered) when the studio stops.
    func stop()
}
