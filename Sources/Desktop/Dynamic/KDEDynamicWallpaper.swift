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
}
