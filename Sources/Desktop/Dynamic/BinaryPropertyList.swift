import FoundationEssentials

/// A value of Apple's property lists, the few kinds a dynamic desktop's metadata uses.
public indirect enum PropertyListValue: Sendable, Equatable {
    case integer(Int)
    case real(Double)
    case string(String)
    case boolean(Bool)
    case array([PropertyListValue])
    /// Keys in the order written (readers do not care; the bytes stay the same run to run).
    case dictionary([(String, PropertyListValue)])

    public static func == (a: PropertyListValue, b: PropertyListValue) -> Bool {
        switch (a, b) {
        case (.integer(let x), .integer(let y)): x == y
        case (.real(let x), .real(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.boolean(let x), .boolean(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.dictionary(let x), .dictionary(let y)):
            x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    public subscript(key: String) -> PropertyListValue? {
        if case .dictionary(let members) = self { members.first { $0.0 == key }?.1 } else { nil }
    }

    /// A number of either kind, as a Double.
    public var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }

    public var integer: Int? { if case .integer(let value) = self { value } else { nil } }
    public var array: [PropertyListValue]? { if case .array(let items) = self { items } else { nil } }
}

/// Apple's binary property list (`bplist00`): a header, the objects, a table of their
/// offsets and a 32-byte trailer saying how wide offsets and references are. Written with
/// one object per value (no sharing), read with every reference and offset checked.
public enum BinaryPropertyList {
    public struct Malformed: Error, Equatable, CustomStringConvertible {
        public let reason: String
        public init(reason: String) { self.reason = reason }
        public var description: String { reason }
    }

    // MARK: Writing

    /// A value flattened to objects, children referring to objects by index.
    private enum Object {
        case integer(Int)
        case real(Double)
        case string(String)
        case boolean(Bool)
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    public static func encode(_ value: PropertyListValue) -> [UInt8] {
        var objects: [Object] = []
        flatten(value, into: &objects)
        let referenceSize = objects.count < 256 ? 1 : objects.count < 65_536 ? 2 : 4
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(out.count)
            write(object, referenceSize: referenceSize, into: &out)
        }
        let tableOffset = out.count
        let offsetSize = tableOffset < 256 ? 1 : tableOffset < 65_536 ? 2 : tableOffset < 1 << 32 ? 4 : 8
        for offset in offsets { out += bigEndian(UInt64(offset), bytes: offsetSize) }
        out += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        out += bigEndian(UInt64(objects.count), bytes: 8)
        out += bigEndian(0, bytes: 8)
        out += bigEndian(UInt64(tableOffset), bytes: 8)
        return out
    }

    @discardableResult
    private static func flatten(_ value: PropertyListValue, into objects: inout [Object]) -> Int {
        let index = objects.count
        objects.append(.boolean(false))
        switch value {
        case .integer(let number): objects[index] = .integer(number)
        case .real(let number): objects[index] = .real(number)
        case .string(let text): objects[index] = .string(text)
        case .boolean(let flag): objects[index] = .boolean(flag)
        case .array(let items):
            let references = items.map { flatten($0, into: &objects) }
            objects[index] = .array(references)
        case .dictionary(let members):
            let keys = members.map { flatten(.string($0.0), into: &objects) }
            let values = members.map { flatten($0.1, into: &objects) }
            objects[index] = .dictionary(keys: keys, values: values)
        }
        return index
    }

    private static func write(_ object: Object, referenceSize: Int, into out: inout [UInt8]) {
        switch object {
        case .boolean(let flag): out.append(flag ? 0x09 : 0x08)
        case .integer(let number): writeInteger(number, into: &out)
        case .real(let number):
            out.append(0x23)
            out += bigEndian(number.bitPattern, bytes: 8)
        case .string(let text):
            if text.utf8.allSatisfy({ $0 < 0x80 }) {
                writeMarker(0x50, count: text.utf8.count, into: &out)
                out += Array(text.utf8)
            } else {
                let units = Array(text.utf16)
                writeMarker(0x60, count: units.count, into: &out)
                for unit in units { out += bigEndian(UInt64(unit), bytes: 2) }
            }
        case .array(let references):
            writeMarker(0xA0, count: references.count, into: &out)
            for reference in references { out += bigEndian(UInt64(reference), bytes: referenceSize) }
        case .dictionary(let keys, let values):
            writeMarker(0xD0, count: keys.count, into: &out)
            for reference in keys + values { out += bigEndian(UInt64(reference), bytes: referenceSize) }
        }
    }

    /// An integer in the fewest bytes the format allows: 1, 2 or 4 unsigned, else 8 signed.
    private static func writeInteger(_ number: Int, into out: inout [UInt8]) {
        switch number {
        case 0..<0x100: out += [0x10, UInt8(number)]
        case 0x100..<0x1_0000: out += [0x11] + bigEndian(UInt64(number), bytes: 2)
        case 0x1_0000..<0x1_0000_0000: out += [0x12] + bigEndian(UInt64(number), bytes: 4)
        default: out += [0x13] + bigEndian(UInt64(bitPattern: Int64(number)), bytes: 8)
        }
    }

    /// A kind's marker with its count in the low four bits, or 15 and the count after it.
    private static func writeMarker(_ kind: UInt8, count: Int, into out: inout [UInt8]) {
        if count < 15 {
            out.append(kind | UInt8(count))
        } else {
            out.append(kind | 0x0F)
            writeInteger(count, into: &out)
        }
    }

    private static func bigEndian(_ value: UInt64, bytes: Int) -> [UInt8] {
        (0..<bytes).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * (bytes - 1 - $0))) }
    }

    // MARK: Reading

    /// The top object of a binary property list. Every offset, reference and length is
    /// checked against the data, and nesting deeper than 64 is refused, so a hostile file
    /// costs no more than its size.
    public static func decode(_ bytes: [UInt8]) throws(Malformed) -> PropertyListValue {
        guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist00".utf8)) else {
            throw Malformed(reason: "not a binary property list (no bplist00 header and trailer)")
        }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        let count = number(bytes, at: trailer + 8, size: 8)
        let top = number(bytes, at: trailer + 16, size: 8)
        let table = number(bytes, at: trailer + 24, size: 8)
        guard [1, 2, 4, 8].contains(offsetSize), [1, 2, 4, 8].contains(referenceSize), count > 0, top < count,
            table >= 8, table <= trailer, count <= UInt64(trailer - Int(table)) / UInt64(offsetSize)
        else { throw Malformed(reason: "the property list's trailer is damaged") }
        let reader = Reader(
            bytes: bytes, offsetSize: offsetSize, referenceSize: referenceSize, count: Int(count),
            table: Int(table))
        return try reader.object(Int(top), depth: 0)
    }

    fileprivate static func number(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<offset + size { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        let offsetSize: Int
        let referenceSize: Int
        let count: Int
        let table: Int

        func object(_ index: Int, depth: Int) throws(Malformed) -> PropertyListValue {
            guard index < count else { throw Malformed(reason: "a reference past the last object") }
            guard depth < 64 else { throw Malformed(reason: "nested deeper than 64") }
            let offset = Int(BinaryPropertyList.number(bytes, at: table + index * offsetSize, size: offsetSize))
            guard offset >= 8, offset < table else { throw Malformed(reason: "an object outside the data") }
            let marker = bytes[offset]
            let low = Int(marker & 0x0F)
            switch marker >> 4 {
            case 0x0:
                switch marker {
                case 0x08: return .boolean(false)
                case 0x09: return .boolean(true)
                default: throw Malformed(reason: "an object of a kind not read (marker \(marker))")
                }
            case 0x1:
                let size = 1 << low
                try need(offset + 1, size)
                guard size <= 8 else { throw Malformed(reason: "an integer wider than 8 bytes") }
                let raw = BinaryPropertyList.number(bytes, at: offset + 1, size: size)
                return .integer(size == 8 ? Int(Int64(bitPattern: raw)) : Int(raw))
            case 0x2:
                let size = 1 << low
                try need(offset + 1, size)
                let raw = BinaryPropertyList.number(bytes, at: offset + 1, size: size)
                switch size {
                case 4: return .real(Double(Float(bitPattern: UInt32(raw))))
                case 8: return .real(Double(bitPattern: raw))
                default: throw Malformed(reason: "a real of \(size) bytes")
                }
            case 0x5:
                let (length, start) = try lengthAndStart(offset, low)
                try need(start, length)
                guard let text = String(validating: bytes[start..<start + length], as: Unicode.ASCII.self) else {
                    throw Malformed(reason: "an ASCII string that is not ASCII")
                }
                return .string(text)
            case 0x6:
                let (length, start) = try lengthAndStart(offset, low)
                try need(start, length * 2)
                let units = (0..<length).map {
                    UInt16(BinaryPropertyList.number(bytes, at: start + 2 * $0, size: 2))
                }
                guard let text = String(validating: units, as: UTF16.self) else {
                    throw Malformed(reason: "a UTF-16 string that is not UTF-16")
                }
                return .string(text)
            case 0xA:
                let (length, start) = try lengthAndStart(offset, low)
                try need(start, length * referenceSize)
                var items: [PropertyListValue] = []
                for item in 0..<length { items.append(try object(reference(start, item), depth: depth + 1)) }
                return .array(items)
            case 0xD:
                let (length, start) = try lengthAndStart(offset, low)
                try need(start, 2 * length * referenceSize)
                var members: [(String, PropertyListValue)] = []
                for member in 0..<length {
                    guard case .string(let key) = try object(reference(start, member), depth: depth + 1) else {
                        throw Malformed(reason: "a dictionary key that is not a string")
                    }
                    members.append((key, try object(reference(start, length + member), depth: depth + 1)))
                }
                return .dictionary(members)
            default:
                throw Malformed(reason: "an object of a kind not read (marker \(marker))")
            }
        }

        func reference(_ start: Int, _ item: Int) -> Int {
            Int(BinaryPropertyList.number(bytes, at: start + item * referenceSize, size: referenceSize))
        }

        /// A count in the marker's low bits, or in the integer object after it.
        func lengthAndStart(_ offset: Int, _ low: Int) throws(Malformed) -> (Int, Int) {
            if low < 15 { return (low, offset + 1) }
            try need(offset + 1, 1)
            let marker = bytes[offset + 1]
            guard marker >> 4 == 0x1, marker & 0x0F <= 3 else { throw Malformed(reason: "a damaged count") }
            let size = 1 << Int(marker & 0x0F)
            try need(offset + 2, size)
            let length = BinaryPropertyList.number(bytes, at: offset + 2, size: size)
            guard length < UInt64(bytes.count) else { throw Malformed(reason: "a count larger than the data") }
            return (Int(length), offset + 2 + size)
        }

        func need(_ start: Int, _ length: Int) throws(Malformed) {
            guard length >= 0, start <= table, length <= table - start else {
                throw Malformed(reason: "an object running past the data")
            }
        }
    }
}
