/// What a schedule's systemd units, autostart entry and Settings entry are called: after
/// what the schedule follows, `wallgen-terms.*` for the solar terms and
/// `wallgen-seasons.*` for the seasons.
///
/// One schedule is installed at a time (there is one wallpaper), so installing one set
/// removes the other, and `--uninstall` removes both. That also takes away what an
/// earlier wallgen installed for a seasons schedule under the terms' names, so an
/// upgrading user is not left with two timers.
public struct ScheduleUnitNames: Sendable, Equatable {
    /// The name without its suffix.
    public let stem: String

    public static let terms = ScheduleUnitNames(stem: "wallgen-terms")
    public static let seasons = ScheduleUnitNames(stem: "wallgen-seasons")
    /// A dynamic wallpaper's frames through the day (`schedule --dynamic`).
    public static let dynamic = ScheduleUnitNames(stem: "wallgen-dynamic")
    /// Every name a schedule is or was installed under.
    public static let all: [ScheduleUnitNames] = [.terms, .seasons, .dynamic]

    /// The names of the schedule that follows the solar terms, or else the seasons.
    public static func following(terms: Bool) -> ScheduleUnitNames { terms ? .terms : .seasons }

    /// What the schedule follows, in the units' and the entry's descriptions.
    public var subject: String {
        switch self {
        case .seasons: "season"
        case .dynamic: "moment of the Sun"
        default: "solar term"
        }
    }

    public var timer: String { stem + ".timer" }
    public var service: String { stem + ".service" }
    public var autostartEntry: String { stem + ".desktop" }
    public var settingsEntry: String { stem + ".xml" }
    /// The timer and the service, as `systemctl` is given them.
    public var units: [String] { [timer, service] }
    /// The timer, the service and the autostart entry: the files a schedule of these
    /// names writes in its folder for them.
    public var unitFiles: [String] { [timer, service, autostartEntry] }
}
