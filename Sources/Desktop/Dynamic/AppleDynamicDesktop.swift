import Escaping
import FoundationEssentials

/// Apple's dynamic desktop, as macOS reads it from a HEIC: the primary picture's XMP
/// carries, in the `apple_desktop` namespace, three Base64 binary property lists:
///
/// - `solar`: `si`, one `{a: altitude, z: azimuth, i: index, o: 1 light or 0 dark}` per
///   frame (degrees; azimuth from north through east), and `ap`, `{l: index, d: index}`,
///   the pictures for the light and dark appearances;
/// - `h24`: `ti`, one `{t: time of day as a fraction, i: index}` per frame, and `ap`;
/// - `apr`: `{l, d}` alone, for a desktop that follows the appearance only.
///
/// macOS chooses by `solar` when it knows the place, else by `h24`.
public enum AppleDynamicDesktop {
    public static let namespace = "http://ns.apple.com/namespace/1.0/"

    /// What an Apple-format file says of its frames.
    public struct Timing: Sendable, Equatable {
        /// From `solar`, in the file's order; empty when the file has none.
        public var solar: [DynamicFrame]
        /// From `h24`: (fraction of the day, index), in the file's order.
        public var times: [(fraction: Double, index: Int)]
        public var light: Int?
        public var dark: Int?

        public static func == (a: Timing, b: Timing) -> Bool {
            a.solar == b.solar && a.light == b.light && a.dark == b.dark
                && a.times.map(\.fraction) == b.times.map(\.fraction) && a.times.map(\.index) == b.times.map(\.index)
        }
    }

    /// The XMP packet for `frames` (in index order); `light` and `dark` are the indices
    /// of the pictures for each appearance. Times of day are written to the minute.
    public static func xmp(_ frames: [DynamicFrame], light: Int, dark: Int) -> String {
        let appearance = PropertyListValue.dictionary([("d", .integer(dark)), ("l", .integer(light))])
        let solar = PropertyListValue.dictionary([
            ("ap", appearance),
            (
                "si",
                .array(
                    frames.map {
                        .dictionary([
                            ("a", .real($0.altitude)), ("i", .integer($0.index)), ("o", .integer($0.isDark ? 0 : 1)),
                            ("z", .real($0.azimuth)),
                        ])
                    })
            ),
        ])
        let day = PropertyListValue.dictionary([
            ("ap", appearance),
            (
                "ti",
                .array(
                    frames.map {
                        .dictionary([("i", .integer($0.index)), ("t", .real(minute($0.dayFraction)))])
                    })
            ),
        ])
        func encoded(_ value: PropertyListValue) -> String { Base64.encode(BinaryPropertyList.encode(value)) }
        return """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about="" xmlns:apple_desktop="\(namespace)"
                apple_desktop:solar="\(encoded(solar))"
                apple_desktop:h24="\(encoded(day))"
                apple_desktop:apr="\(encoded(appearance))"/>
             </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="r"?>
            """
    }

    /// A fraction of the day rounded to the minute, as Apple's `h24` keeps it.
    static func minute(_ fraction: Double) -> Double { (fraction * 1440).rounded() / 1440 }

    /// Why a packet's Apple metadata could not be read: the property and the key.
    public struct Malformed: Error, Equatable, CustomStringConvertible {
        public let property: String
        public let reason: String
        /// The XMP prefix: Apple's `apple_desktop`, or KDE's `plasma`.
        public let namespace: String
        public init(property: String, reason: String, namespace: String = "apple_desktop") {
            self.property = property
            self.reason = reason
            self.namespace = namespace
        }
        public var description: String { "\(namespace):\(property): \(reason)" }
    }

    /// What an XMP packet's `apple_desktop` properties say, or nil when it has none (an
    /// ordinary picture). Each property may be an attribute or an element.
    public static func timing(inXMP packet: String) throws(Malformed) -> Timing? {
        let solar = XMPProperty.value(of: "apple_desktop:solar", in: packet)
        let day = XMPProperty.value(of: "apple_desktop:h24", in: packet)
        let appearance = XMPProperty.value(of: "apple_desktop:apr", in: packet)
        if solar == nil, day == nil, appearance == nil { return nil }
        var timing = Timing(solar: [], times: [], light: nil, dark: nil)
        if let solar {
            let list = try propertyList(solar, "solar")
            guard let items = list["si"]?.array else { throw Malformed(property: "solar", reason: "no si list") }
            for (position, item) in items.enumerated() {
                guard let altitude = item["a"]?.number, let azimuth = item["z"]?.number, let index = item["i"]?.integer,
                    index >= 0
                else {
                    throw Malformed(property: "solar", reason: "si[\(position)] needs numbers a and z and an index i")
                }
                let dark = item["o"]?.integer.map { $0 == 0 } ?? (altitude < DynamicFrame.darkBelow)
                timing.solar.append(
                    DynamicFrame(index: index, altitude: altitude, azimuth: azimuth, dayFraction: 0, isDark: dark))
            }
            try readAppearance(list["ap"], "solar", into: &timing)
        }
        if let day {
            let list = try propertyList(day, "h24")
            guard let items = list["ti"]?.array else { throw Malformed(property: "h24", reason: "no ti list") }
            for (position, item) in items.enumerated() {
                guard let fraction = item["t"]?.number, (0...1).contains(fraction), let index = item["i"]?.integer,
                    index >= 0
                else {
                    throw Malformed(
                        property: "h24", reason: "ti[\(position)] needs a time t from 0 to 1 and an index i")
                }
                timing.times.append((fraction, index))
            }
            try readAppearance(list["ap"], "h24", into: &timing)
        }
        if let appearance { try readAppearance(try propertyList(appearance, "apr"), "apr", into: &timing) }
        return timing
    }

    private static func propertyList(_ text: String, _ property: String) throws(Malformed) -> PropertyListValue {
        guard let bytes = Base64.decode(text) else { throw Malformed(property: property, reason: "not Base64") }
        do {
            return try BinaryPropertyList.decode(bytes)
        } catch {
            throw Malformed(property: property, reason: error.reason)
        }
    }

    private static func readAppearance(_ value: PropertyListValue?, _ property: String, into timing: inout Timing)
        throws(Malformed)
    {
        guard let value else { return }
        for (key, keyPath) in [("l", \Timing.light), ("d", \Timing.dark)] {
            guard let entry = value[key] else { continue }
            guard let index = entry.integer, index >= 0 else {
                throw Malformed(property: property, reason: "ap's \(key) is not an index")
            }
            timing[keyPath: keyPath] = index
        }
    }
}
