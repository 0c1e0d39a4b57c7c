import Foundation

/// The small XMP packet a WebP carries its provenance in: one `wallgen:spec` property
/// whose value is the spec's JSON text, XML-escaped.
public enum XMPPacket {
    /// The namespace of wallgen's XMP properties (a URN: it names, it is not fetched).
    public static let namespace = "urn:x-wallgen:xmp:1.0/"

    /// A complete packet, with the `xpacket` wrapper XMP readers look for.
    ///
    /// `spec` is a JSON text; JSON never holds a raw control character other than tab,
    /// line feed and carriage return (RFC 8259), and those three are written as
    /// character references so no XML reader normalises them. Any other control
    /// character, which XML 1.0 cannot carry at all, is written as U+FFFD.
    public static func wallgenSpec(_ spec: String) -> String {
        """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about="" xmlns:wallgen="\(namespace)">
           <wallgen:spec>\(escaped(spec))</wallgen:spec>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="r"?>
        """
    }

    /// The `wallgen:spec` value of a packet made by `wallgenSpec`, unescaped, or nil.
    public static func specValue(in packet: String) -> String? {
        guard let open = packet.range(of: "<wallgen:spec>"),
            let close = packet.range(of: "</wallgen:spec>", range: open.upperBound..<packet.endIndex)
        else { return nil }
        return unescaped(packet[open.upperBound..<close.lowerBound])
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result += "&#\(scalar.value);"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Undoes XML escaping: the five named entities and numeric character references.
    /// An unknown or broken reference makes the whole value unreadable (nil).
    static func unescaped(_ text: Substring) -> String? {
        var result = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { return nil }
            let name = rest[rest.index(after: ampersand)..<semicolon]
            switch name {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                guard name.hasPrefix("#") else { return nil }
                let digits = name.dropFirst()
                let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                guard let value, let scalar = Unicode.Scalar(value) else { return nil }
                result.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
