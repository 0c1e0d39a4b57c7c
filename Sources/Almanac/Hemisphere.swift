/// Which half of the Earth a season is reckoned for.
///
/// The seasons are opposite across the equator: when the north has spring the south has
/// autumn, so a southern user's season is the northern one shifted by two.
public enum Hemisphere: String, CaseIterable, Sendable {
    case north, south

    /// The season this hemisphere has when the northern reckoning gives `northern`.
    public func season(fromNorthern northern: Season) -> Season {
        switch self {
        case .north: northern
        case .south: Season.allCases[(Season.allCases.firstIndex(of: northern)! + 2) % 4]
        }
    }
}
