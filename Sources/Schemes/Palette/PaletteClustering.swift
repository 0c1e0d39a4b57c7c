/// A colour of a picture and the share of its pixels nearest to it.
public struct WeightedColour: Equatable, Sendable {
    public var colour: SchemeColour
    /// 0...1 of the picture.
    public var share: Double

    public init(colour: SchemeColour, share: Double) {
        (self.colour, self.share) = (colour, share)
    }
}

/// The picture's main colours, found by k-means in Oklab: the space where a distance is a
/// difference the eye sees, so a large sky does not split into bands of one blue while a
/// small red roof is kept. Deterministic: the first centre is the mean, each next the
/// sample farthest from those chosen, then sixteen rounds of assigning and re-centring.
/// The picture is given as samples: its pixels averaged down to a few thousand.
public enum PaletteClustering {
    public static let clusterCount = 8

    public static func clusters(of samples: [SchemeColour]) -> [WeightedColour] {
        guard !samples.isEmpty else { return [] }
        let points = samples.map { colour -> (Double, Double, Double) in Oklab.fromLinear(colour.linear) }
        var centres = [mean(of: points, where: { _ in true }) ?? points[0]]
        var nearest = points.map { distance($0, centres[0]) }
        while centres.count < min(clusterCount, points.count) {
            guard let farthest = nearest.indices.max(by: { nearest[$0] < nearest[$1] }), nearest[farthest] > 1e-6
            else { break }
            centres.append(points[farthest])
            for index in points.indices {
                nearest[index] = min(nearest[index], distance(points[index], points[farthest]))
            }
        }
        var assignment = [Int](repeating: 0, count: points.count)
        for _ in 0..<16 {
            for (index, point) in points.enumerated() {
                assignment[index] = centres.indices.min(by: {
                    distance(point, centres[$0]) < distance(point, centres[$1])
                })!
            }
            for cluster in centres.indices {
                if let centre = mean(of: points, where: { assignment[$0] == cluster }) { centres[cluster] = centre }
            }
        }
        var counts = [Int](repeating: 0, count: centres.count)
        for cluster in assignment { counts[cluster] += 1 }
        return centres.indices.filter { counts[$0] > 0 }
            .map { cluster in
                let (lightness, a, b) = centres[cluster]
                let rgb = Oklab.toLinear(lightness, a, b)
                return WeightedColour(
                    colour: SchemeColour(linearRed: rgb.0, green: rgb.1, blue: rgb.2),
                    share: Double(counts[cluster]) / Double(points.count))
            }
            .sorted { $0.share > $1.share }
    }

    private static func distance(_ one: (Double, Double, Double), _ other: (Double, Double, Double)) -> Double {
        let (dl, da, db) = (one.0 - other.0, one.1 - other.1, one.2 - other.2)
        return dl * dl + da * da + db * db
    }

    private static func mean(of points: [(Double, Double, Double)], where included: (Int) -> Bool) -> (
        Double, Double, Double
    )? {
        var (sum, count) = ((0.0, 0.0, 0.0), 0)
        for (index, point) in points.enumerated() where included(index) {
            sum = (sum.0 + point.0, sum.1 + point.1, sum.2 + point.2)
            count += 1
        }
        guard count > 0 else { return nil }
        return (sum.0 / Double(count), sum.1 / Double(count), sum.2 / Double(count))
    }
}
