/// Reads the tz database's binary files (TZif, RFC 8536, versions 1 to 4).
///
/// A file holds a header and a block of 32-bit data, then, from version 2, a second
/// header and block with 64-bit transition times and a footer with a POSIX TZ rule for
/// the instants after the last transition. The 64-bit block is read when there is one;
/// the 32-bit one alone only in a version 1 file.
enum TZif {
    /// The largest file read: the biggest zones are a few kilobytes.
    static let maximumSize = 1 << 20

    static func zone(named name: String, from bytes: [UInt8]) throws(ZoneError) -> Zone {
        var reader = ByteReader(bytes: bytes, name: name)
        let first = try reader.header()
        guard first.version >= 2 else { return try reader.block(first, timeSize: 4, name: name, rule: nil) }
        try reader.skip(first.blockSize(timeSize: 4))
        let second = try reader.header()
        let zone = try reader.block(second, timeSize: 8, name: name, rule: nil)
        let rule = try reader.footer()
        return Zone(
            name: name, transitions: zone.transitions, transitionOffsets: zone.transitionOffsets,
            offsets: zone.offsets, rule: rule)
    }

    struct Header {
        let version: Int
        let utLocalCount: Int
        let standardWallCount: Int
        let leapCount: Int
        let transitionCount: Int
        let typeCount: Int
        let characterCount: Int

        func blockSize(timeSize: Int) -> Int {
            transitionCount * (timeSize + 1) + typeCount * 6 + characterCount + leapCount * (timeSize + 4)
                + standardWallCount + utLocalCount
        }
    }

    private struct ByteReader {
        let bytes: [UInt8]
        let name: String
        var index = 0

        func malformed(_ reason: String) -> ZoneError { .malformed(name: name, reason: reason) }

        mutating func skip(_ count: Int) throws(ZoneError) {
            guard count <= bytes.count - index else { throw malformed("it ends early") }
            index += count
        }

        mutating func integer(_ size: Int) throws(ZoneError) -> Int64 {
            guard size <= bytes.count - index else { throw malformed("it ends early") }
            var value: UInt64 = 0
            for byte in bytes[index..<(index + size)] { value = value << 8 | UInt64(byte) }
            index += size
            // Sign-extend from the field's width.
            let shift = UInt64(64 - 8 * size)
            return Int64(bitPattern: value << shift) >> Int64(shift)
        }

        mutating func header() throws(ZoneError) -> Header {
            guard bytes.count - index >= 44, bytes[index..<(index + 4)].elementsEqual("TZif".utf8) else {
                throw malformed("it is not a TZif file")
            }
            let versionByte = bytes[index + 4]
            let version: Int
            switch versionByte {
            case 0: version = 1
            case UInt8(ascii: "2")...UInt8(ascii: "9"): version = Int(versionByte - UInt8(ascii: "0"))
            default: throw malformed("unknown version byte \(versionByte)")
            }
            index += 20
            var counts: [Int] = []
            for _ in 0..<6 {
                let count = try integer(4)
                guard count >= 0, count <= TZif.maximumSize else { throw malformed("a count is out of range") }
                counts.append(Int(count))
            }
            let header = Header(
                version: version, utLocalCount: counts[0], standardWallCount: counts[1], leapCount: counts[2],
                transitionCount: counts[3], typeCount: counts[4], characterCount: counts[5])
            guard header.typeCount >= 1, header.characterCount >= 1,
                header.utLocalCount == 0 || header.utLocalCount == header.typeCount,
                header.standardWallCount == 0 || header.standardWallCount == header.typeCount
            else { throw malformed("its header's counts do not fit together") }
            return header
        }

        mutating func block(_ header: Header, timeSize: Int, name: String, rule: PosixZoneRule?) throws(ZoneError)
            -> Zone
        {
            guard header.blockSize(timeSize: timeSize) <= bytes.count - index else { throw malformed("it ends early") }
            var transitions: [Int64] = []
            for _ in 0..<header.transitionCount {
                let time = try integer(timeSize)
                guard transitions.last.map({ $0 < time }) ?? true else {
                    throw malformed("its transitions are not in order")
                }
                transitions.append(time)
            }
            var transitionOffsets: [Int] = []
            for _ in 0..<header.transitionCount {
                let type = Int(try integer(1))
                guard type < header.typeCount else { throw malformed("a transition names a missing type") }
                transitionOffsets.append(type)
            }
            var records: [(secondsEast: Int, isDaylightSaving: Bool, abbreviationIndex: Int)] = []
            for _ in 0..<header.typeCount {
                let secondsEast = try integer(4)
                let isDaylightSaving = try integer(1)
                let abbreviationIndex = Int(try integer(1))
                guard secondsEast != Int64(Int32.min), isDaylightSaving <= 1,
                    abbreviationIndex < header.characterCount
                else { throw malformed("a local time type is out of range") }
                records.append((Int(secondsEast), isDaylightSaving == 1, abbreviationIndex))
            }
            let characters = bytes[index..<(index + header.characterCount)]
            index += header.characterCount
            guard header.leapCount == 0 else {
                throw .leapSeconds(name: name)
            }
            try skip(header.standardWallCount + header.utLocalCount)
            let offsets = records.map { record in
                let tail = characters[(characters.startIndex + record.abbreviationIndex)...]
                let abbreviation = tail.prefix { $0 != 0 }
                return ZoneOffset(
                    secondsEast: record.secondsEast, abbreviation: String(decoding: abbreviation, as: UTF8.self),
                    isDaylightSaving: record.isDaylightSaving)
            }
            return Zone(
                name: name, transitions: transitions, transitionOffsets: transitionOffsets, offsets: offsets,
                rule: rule)
        }

        /// `\n` rule `\n`; an empty rule is none.
        mutating func footer() throws(ZoneError) -> PosixZoneRule? {
            guard index < bytes.count, bytes[index] == 0x0A,
                let end = bytes[(index + 1)...].firstIndex(of: 0x0A)
            else { throw malformed("its footer is missing") }
            let text = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            index = end + 1
            if text.isEmpty { return nil }
            guard let rule = PosixZoneRule(text) else { throw malformed("its footer '\(text)' is not a TZ rule") }
            return rule
        }
    }
}
