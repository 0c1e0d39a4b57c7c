import Escaping
import FoundationEssentials

/// The small XMP packet a WebP carries its provenance in: one `wallgen:spec` property
/// whose value is the spec's JSON text, XML-escaped.
public enum XMPPacket {
    /// The namespace of wallgen's XMP properties (a URN: it names, it is not fetched).
    public static let namespace = "urn:x-wallgen:xmp:1.0/"

    /// A complete packet, with the `xpacket` wrapper XMP readers look for.
    ///
    /// `spec` is a JSON text, escaped by `XMLText` (which writes tab, line feed and
    /// carriage return as character references, so no XML reader normalises them).
    public static func wallgenSpec(_ spec: String) -> String {
        """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about="" xmlns:wallgen="\(namespace)">
           <wallgen:spec>\(XMLText.escape(spec))</wallgen:spec>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="r"?>
        """
    }

    /// The `wallgen:spec` value of a packet made by `wallgenSpec`, unescaped, or nil.
    public static func specValue(in packet: String) -> String? {
        guard let open = packet.firstRange(of: "<wallgen:spec>"),
            let close = packet[open.upperBound...].firstRange(of: "</wallgen:spec>")
        else { return nil }
        return XMLText.unescape(packet[open.upperBound..<close.lowerBound])
    }
}
