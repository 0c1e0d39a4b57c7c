import Desktop
import Escaping
import Foundation
import Testing

private let python = "/usr/bin/python3"

/// Apple's binary property lists and dynamic-desktop XMP, against Python's own plistlib
/// (standard library): what wallgen writes Python reads as the same values, and what
/// Python writes (shared objects, wide references, UTF-16 strings) wallgen reads.
@Suite struct AppleDynamicDesktopTests {
    /// Python's reading of `bytes`, as JSON.
    static func pythonReads(_ bytes: [UInt8]) throws -> Any {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.file("list.bplist")
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let run = try runTool(
            python,
            ["-c", "import json, plistlib, sys; print(json.dumps(plistlib.load(open(sys.argv[1], 'rb'))))", file])
        try #require(run.status == 0, "\(run.error)")
        return try JSONSerialization.jsonObject(with: Data(run.output.utf8))
    }

    /// Python's binary property list of a Python literal.
    static func pythonWrites(_ literal: String) throws -> [UInt8] {
        let run = try runTool(
            python,
            ["-c", "import plistlib, sys; sys.stdout.write(plistlib.dumps(\(literal), fmt=plistlib.FMT_BINARY).hex())"])
        try #require(run.status == 0, "\(run.error)")
        var bytes: [UInt8] = []
        var hex = run.output[...]
        while hex.count >= 2 {
            bytes.append(UInt8(hex.prefix(2), radix: 16)!)
            hex = hex.dropFirst(2)
        }
        return bytes
    }

    @Test func pythonReadsWhatIsWritten() throws {
        let frames = (0..<20).map { index in
            PropertyListValue.dictionary([
                ("a", .real(-87.5 + Double(index))), ("i", .integer(index)), ("o", .integer(index % 2)),
                ("z", .real(Double(index) * 17.25)),
            ])
        }
        let value = PropertyListValue.dictionary([
            ("ap", .dictionary([("d", .integer(0)), ("l", .integer(6))])), ("si", .array(frames)),
            ("wide", .integer(70_000)), ("huge", .integer(1 << 40)), ("below", .integer(-3)),
            ("name", .string("冬至 at noon, a long enough text to need a second count byte")), ("yes", .boolean(true)),
        ])
        let read = try #require(try Self.pythonReads(BinaryPropertyList.encode(value)) as? [String: Any])
        let si = try #require(read["si"] as? [[String: Any]])
        #expect(si.count == 20)
        #expect(si[3]["a"] as? Double == -84.5)
        #expect(si[3]["z"] as? Double == 51.75)
        #expect(si[19]["i"] as? Int == 19)
        #expect((read["ap"] as? [String: Int]) == ["d": 0, "l": 6])
        #expect(read["wide"] as? Int == 70_000)
        #expect(read["huge"] as? Int == 1 << 40)
        #expect(read["below"] as? Int == -3)
        #expect(read["name"] as? String == "冬至 at noon, a long enough text to need a second count byte")
        #expect(read["yes"] as? Bool == true)
    }

    @Test func readsWhatPythonWrites() throws {
        // 300 objects: two-byte references; the repeated dictionaries are shared objects.
        let bytes = try Self.pythonWrites(
            "{'si': [{'a': i * 0.5, 'i': i, 'z': 180.0} for i in range(100)], 'ap': {'l': 1, 'd': 2}, 'n': '夏至', 'big': 2**40}"
        )
        let value = try BinaryPropertyList.decode(bytes)
        let si = try #require(value["si"]?.array)
        #expect(si.count == 100)
        #expect(si[99]["a"] == .real(49.5))
        #expect(si[99]["i"] == .integer(99))
        #expect(value["ap"]?["d"] == .integer(2))
        #expect(value["n"] == .string("夏至"))
        #expect(value["big"] == .integer(1 << 40))
    }

    @Test(arguments: [
        ("not a list", Array("hello, this is not a binary property list at all....".utf8)),
        ("truncated", Array("bplist00".utf8) + [0xD1, 0x01, 0x02]),
    ])
    func malformedListsAreRefused(what: String, bytes: [UInt8]) {
        #expect(throws: BinaryPropertyList.Malformed.self, "\(what)") { try BinaryPropertyList.decode(bytes) }
    }

    /// An array that holds itself: refused by depth, not followed for ever; a reference
    /// past the last object and an offset outside the data: refused.
    @Test func hostileListsAreRefused() throws {
        // Object 0: an array of one reference, to object 0.
        func list(_ objects: [UInt8], offsets: [UInt8], count: UInt8) -> [UInt8] {
            let header = Array("bplist00".utf8)
            let table = UInt8(header.count + objects.count)
            return header + objects + offsets + [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, count]
                + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, table]
        }
        let cycle = list([0xA1, 0x00], offsets: [8], count: 1)
        #expect(throws: BinaryPropertyList.Malformed(reason: "nested deeper than 64")) {
            try BinaryPropertyList.decode(cycle)
        }
        let pastTheEnd = list([0xA1, 0x05], offsets: [8], count: 1)
        #expect(throws: BinaryPropertyList.Malformed(reason: "a reference past the last object")) {
            try BinaryPropertyList.decode(pastTheEnd)
        }
        let outside = list([0xA1, 0x00], offsets: [200], count: 1)
        #expect(throws: BinaryPropertyList.Malformed(reason: "an object outside the data")) {
            try BinaryPropertyList.decode(outside)
        }
    }

    /// The packet's three properties, read back by Python from the XMP text: the frames'
    /// Sun, minute times, the appearances.
    @Test func theXMPSaysEachFramesSunAndTime() throws {
        let frames = [
            DynamicFrame(index: 0, altitude: -87.5, azimuth: 50.1, dayFraction: 0, isDark: true),
            DynamicFrame(index: 1, altitude: -0.833, azimuth: 115.6, dayFraction: 0.2736, isDark: false),
            DynamicFrame(index: 2, altitude: 41.5, azimuth: 180, dayFraction: 0.49444, isDark: false),
        ]
        let packet = AppleDynamicDesktop.xmp(frames, light: 2, dark: 0)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write("packet.xmp", packet)
        let script = """
            import base64, json, plistlib, re, sys
            text = open(sys.argv[1]).read()
            print(json.dumps({k: plistlib.loads(base64.b64decode(re.search(' apple_desktop:%s="([^"]+)"' % k, text).group(1)))
                              for k in ('solar', 'h24', 'apr')}))
            """
        let run = try runTool(python, ["-c", script, file])
        try #require(run.status == 0, "\(run.error)")
        let read = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let solar = try #require(read["solar"] as? [String: Any])
        let si = try #require(solar["si"] as? [[String: Any]])
        #expect(si.map { $0["i"] as? Int } == [0, 1, 2])
        #expect(si.map { $0["o"] as? Int } == [0, 1, 1])
        #expect(si.map { $0["a"] as? Double } == [-87.5, -0.833, 41.5])
        #expect(si.map { $0["z"] as? Double } == [50.1, 115.6, 180])
        #expect((solar["ap"] as? [String: Int]) == ["l": 2, "d": 0])
        let h24 = try #require(read["h24"] as? [String: Any])
        let ti = try #require(h24["ti"] as? [[String: Any]])
        // To the minute: 0.2736 of a day is 393.98 minutes, written as 394.
        let minutes = ti.map { ($0["t"] as? Double ?? -1) * 1440 }
        #expect(minutes.map { $0.rounded() } == [0, 394, 712])
        #expect(minutes.allSatisfy { abs($0 - $0.rounded()) < 1e-9 }, "whole minutes: \(minutes)")
        #expect((read["apr"] as? [String: Int]) == ["l": 2, "d": 0])
        // And wallgen reads its own packet back as it wrote it.
        let timing = try #require(try AppleDynamicDesktop.timing(inXMP: packet))
        #expect(timing.solar.map(\.altitude) == [-87.5, -0.833, 41.5])
        #expect(timing.solar.map(\.isDark) == [true, false, false])
        #expect(timing.times.map(\.index) == [0, 1, 2])
        #expect(timing.light == 2 && timing.dark == 0)
    }

    /// Element form, as other writers use, with a plist Python made; a damaged one is named.
    @Test func readsTheElementFormAndNamesWhatIsDamaged() throws {
        let solar = Base64.encode(
            try Self.pythonWrites("{'si': [{'a': 10.0, 'z': 90.0, 'i': 0}, {'a': -30.0, 'z': 0.0, 'i': 1}]}"))
        let packet = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:apple_desktop="http://ns.apple.com/namespace/1.0/">
            <apple_desktop:solar>\(solar)</apple_desktop:solar>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        let timing = try #require(try AppleDynamicDesktop.timing(inXMP: packet))
        #expect(timing.solar.map(\.azimuth) == [90, 0])
        // No `o`: dark by the Sun's altitude.
        #expect(timing.solar.map(\.isDark) == [false, true])
        #expect(try AppleDynamicDesktop.timing(inXMP: "<x:xmpmeta/>") == nil)
        let noTimes = Base64.encode(try Self.pythonWrites("{'ti': [{'t': 2.5, 'i': 0}]}"))
        #expect(
            throws: AppleDynamicDesktop.Malformed(
                property: "h24", reason: "ti[0] needs a time t from 0 to 1 and an index i")
        ) {
            try AppleDynamicDesktop.timing(inXMP: "<r apple_desktop:h24=\"\(noTimes)\"/>")
        }
        #expect(throws: AppleDynamicDesktop.Malformed(property: "solar", reason: "not Base64")) {
            try AppleDynamicDesktop.timing(inXMP: "<r apple_desktop:solar=\"@@@\"/>")
        }
    }
}
