/// One picture of a dynamic wallpaper and the Sun it was painted under, as the desktops'
/// formats describe it: Apple's HEIC (`AppleDynamicDesktop`) by the Sun's place and the
/// time of day, GNOME's XML by the second it starts.
public struct DynamicFrame: Sendable, Equatable {
    /// The picture's place in the file, from 0.
    public var index: Int
    /// The Sun's altitude above the horizon, degrees.
    public var altitude: Double
    /// The Sun's azimuth, degrees from north through east (0 ..< 360).
    public var azimuth: Double
    /// The local time the frame starts, as a fraction of the day from midnight (0 ..< 1).
    public var dayFraction: Double
    /// A night picture: what a dark appearance shows.
    public var isDark: Bool

    public init(index: Int, altitude: Double, azimuth: Double, dayFraction: Double, isDark: Bool) {
        self.index = index
        self.altitude = altitude
        self.azimuth = azimuth
        self.dayFraction = dayFraction
        self.isDark = isDark
    }

    /// The Sun's altitude below which a frame is a night picture: civil dusk's.
    public static let darkBelow = -6.0
}
