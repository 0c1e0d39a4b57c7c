import Escaping
import FoundationEssentials

/// KDE's dynamic wallpaper (the plasma-wallpapers-dynamic plugin), as its builder writes
/// it: an AVIF image sequence whose XMP holds, in the `plasma` namespace, the attribute
/// `dynamic-wallpaper-solar`: Base64 of a JSON array with one object per frame,
/// `{"CrossFade": true, "Elevation": altitude, "Azimuth": azimuth, "Time": fraction of
/// the day, "Index": frame}` (degrees, azimuth from north through east). The plugin
/// places each frame where its Sun stands on the viewer's day and place, by its time when
/// it knows no place, and fades from one frame to the next.
public enum KDEDynamicWallpaper {
    public static let namespace = "http://ns.kde.org/xmp/1.0/plasma/"

    /// The JSON array of `frames`' solar metadata.
    public static func json(_ frames: [DynamicFrame]) -> String {
        // Swift writes a finite Double as its shortest exact decimal, which JSON reads.
        let items = frames.map { frame in
            "{\"CrossFade\":true,\"Elevation\":\(frame.altitude),\"Azimuth\":\(frame.azimuth),"
                + "\"Time\":\(frame.dayFraction),\"Index\":\(frame.index)}"
        }
        return "[" + items.joined(separator: ",") + "]"
    }

    /// The XMP packet KDE's plugin reads.
    public static func xmp(_ frames: [DynamicFrame]) -> String {
        """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about="" xmlns:plasma="\(namespace)"
            plasma:dynamic-wallpaper-solar="\(Base64.encode(Array(json(frames).utf8)))"/>
         </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="r"?>
        """
    }

    /// What an XMP packet's `plasma:dynamic-wallpaper-solar` (or `-day-night`) says, as
    /// the timing `DynamicFrameChoice` reads; nil when it has neither.
    public static func timing(inXMP packet: String) throws(AppleDynamicDesktop.Malformed)
        -> AppleDynamicDesktop.Timing?
    {
        for property in ["dynamic-wallpaper-solar", "dynamic-wallpaper-day-night"] {
            guard let text = XMPProperty.value(of: "plasma:" + property, in: packet) else { continue }
            func malformed(_ reason: String) -> AppleDynamicDesktop.Malformed {
                AppleDynamicDesktop.Malformed(property: property, reason: reason, namespace: "plasma")
            }
            guard let bytes = Base64.decode(text) else { throw malformed("not Base64") }
            let items: [JSONValue]
            do {
                guard let array = try JSONValue.parse(bytes).array else { throw malformed("not a JSON array") }
                items = array
            } catch let error as AppleDynamicDesktop.Malformed {
                throw error
            } catch {
                throw malformed("not JSON: \(error)")
            }
            var timing = AppleDynamicDesktop.Timing(solar: [], times: [], light: nil, dark: nil)
            for (position, item) in items.enumerated() {
                guard let index = item["Index"]?.int, index >= 0 else {
                    throw malformed("item \(position) has no Index")
                }
                if property == "dynamic-wallpaper-day-night" {
                    guard let kind = item["TimeOfDay"]?.string else {
                        throw malformed("item \(position) has no TimeOfDay")
                    }
                    if kind == "day" { timing.light = index } else { timing.dark = index }
                    continue
                }
                guard let time = item["Time"]?.double, (0...1).contains(time) else {
                    throw malformed("item \(position) needs a Time from 0 to 1")
                }
                timing.times.append((time, index))
                if let elevation = item["Elevation"]?.double, let azimuth = item["Azimuth"]?.double {
                    timing.solar.append(
                        DynamicFrame(
                            index: index, altitude: elevation, azimuth: azimuth, dayFraction: time,
                            isDark: elevation < DynamicFrame.darkBelow))
                }
            }
            return timing
        }
        return nil
    }
}
