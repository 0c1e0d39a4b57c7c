import Foundation
import TestSupport
import Testing

private let systemPython = "/usr/bin/python3"

/// Makes a dynamic HEIC without wallgen: three flat frames (night blue, day yellow, dusk
/// orange) encoded by libheif's heif-enc, and Apple's `apple_desktop:solar` written into
/// it by ExifTool, its property list by Python's plistlib.
let independentHEIC = """
    import base64, plistlib, subprocess, sys
    from PIL import Image
    folder = sys.argv[1]
    names = []
    for name, colour in (('night', (10, 20, 80)), ('day', (240, 200, 40)), ('dusk', (200, 80, 40))):
        Image.new('RGB', (64, 64), colour).save('%s/%s.png' % (folder, name))
        names.append('%s/%s.png' % (folder, name))
    subprocess.run(['heif-enc', '-q', '90'] + names + ['-o', folder + '/dynamic.heic'], check=True,
                   capture_output=True)
    solar = {'si': [{'a': -60.0, 'z': 0.0, 'i': 0, 'o': 0}, {'a': 41.5, 'z': 180.0, 'i': 1, 'o': 1},
                    {'a': -3.0, 'z': 245.0, 'i': 2, 'o': 1}], 'ap': {'l': 1, 'd': 0}}
    value = base64.b64encode(plistlib.dumps(solar, fmt=plistlib.FMT_BINARY)).decode()
    open(folder + '/packet.xmp', 'w').write(
        "<?xpacket begin='' id='W5M0MpCehiHzreSzNTczkc9d'?><x:xmpmeta xmlns:x='adobe:ns:meta/'>"
        "<rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>"
        "<rdf:Description rdf:about='' xmlns:apple_desktop='http://ns.apple.com/namespace/1.0/'>"
        "<apple_desktop:solar>%s</apple_desktop:solar></rdf:Description></rdf:RDF></x:xmpmeta>"
        "<?xpacket end='w'?>" % value)
    subprocess.run(['exiftool', '-q', '-overwrite_original', '-xmp<=' + folder + '/packet.xmp',
                    folder + '/dynamic.heic'], check=True)
    """

/// KDE's form without wallgen: the same three frames as an AVIF image sequence by libavif's
/// own avifenc, with the plugin's XMP (`plasma:dynamic-wallpaper-solar`, Base64 JSON made by
/// Python's json) given to avifenc as the primary item's XMP. argv[2] replaces the JSON's
/// second Time (to damage it).
let independentKDEAVIF = """
    import base64, json, subprocess, sys
    from PIL import Image
    folder = sys.argv[1]
    second_time = float(sys.argv[2]) if len(sys.argv) > 2 else 0.5
    names = []
    for name, colour in (('night', (10, 20, 80)), ('day', (240, 200, 40)), ('dusk', (200, 80, 40))):
        Image.new('RGB', (64, 64), colour).save('%s/%s.png' % (folder, name))
        names.append('%s/%s.png' % (folder, name))
    items = [{'CrossFade': True, 'Elevation': -60.0, 'Azimuth': 0.0, 'Time': 0.0, 'Index': 0},
             {'CrossFade': True, 'Elevation': 41.5, 'Azimuth': 180.0, 'Time': second_time, 'Index': 1},
             {'CrossFade': True, 'Elevation': -3.0, 'Azimuth': 245.0, 'Time': 0.72, 'Index': 2}]
    value = base64.b64encode(json.dumps(items).encode()).decode()
    open(folder + '/kde.xmp', 'w').write(
        "<?xpacket begin='' id='W5M0MpCehiHzreSzNTczkc9d'?><x:xmpmeta xmlns:x='adobe:ns:meta/'>"
        "<rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>"
        "<rdf:Description rdf:about='' xmlns:plasma='http://ns.kde.org/xmp/1.0/plasma/' "
        "plasma:dynamic-wallpaper-solar='%s'/></rdf:RDF></x:xmpmeta><?xpacket end='w'?>" % value)
    subprocess.run(['avifenc', '-s', '8', '-k', '1', '--min', '0', '--max', '0', '--xmp', folder + '/kde.xmp']
                   + names + [folder + '/kde.avif'], check=True, capture_output=True)
    """

/// The mean colour of a picture, by Pillow.
private let meanColour = """
    import sys
    from PIL import Image, ImageStat
    print(' '.join('%d' % round(v) for v in ImageStat.Stat(Image.open(sys.argv[1]).convert('RGB')).mean))
    """

private let toolsInstalled = ["/usr/bin/heif-enc", "/usr/bin/exiftool", systemPython].allSatisfy {
    FileManager.default.isExecutableFile(atPath: $0)
}

/// `wallgen apply` of a dynamic HEIC another program wrote: the frame in effect at the
/// instant and place given is what the desktop's setter gets.
@Suite struct DynamicApplyTests {
    /// Applies `file` in `folder` at `instant` in Taipei on sway (a stand-in swaymsg) and
    /// checks what it says and that the setter was handed a PNG of `colour` (Pillow's
    /// mean, within 4 levels); returns the session's environment for further runs.
    @discardableResult
    static func expectApplied(_ file: String, at instant: String, colour: [Int], said: String, in folder: String)
        throws -> [String: String]
    {
        let bin = try LivingWallpaperTests.standIn("swaymsg", in: folder)
        let environment = LivingWallpaperTests.session(
            folder, ["XDG_CURRENT_DESKTOP": "sway", "PATH": bin + ":/usr/bin:/bin"])
        let result = try launch(
            ["apply", file, "--place", "Taipei", "--at", instant], in: folder, environment: environment)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("\(file): a dynamic wallpaper; \(said)"), "\(result.standardError)")
        // The setter was handed a PNG of that frame.
        let arguments = try String(contentsOfFile: folder + "/swaymsg.args", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let stored = try #require(arguments.first { $0.hasSuffix(".png\"") }).trimmingCharacters(
            in: CharacterSet(charactersIn: "\""))
        let mean = try launch(["-c", meanColour, stored], in: folder, executable: URL(fileURLWithPath: systemPython))
        let read = mean.output.split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(read.count == 3)
        for (got, wanted) in zip(read, colour) { #expect(abs(got - wanted) <= 4, "\(read) against \(colour)") }
        return environment
    }

    @Test(
        .enabled(if: toolsInstalled, "heif-enc (libheif-examples), ExifTool or Python is missing"),
        arguments: [
            // Taipei, 2026-12-21: the Sun at 41.5° due south near 12:00 (the day frame); the
            // night frame after midnight; 3° below the horizon at 245° about 17:25 (dusk).
            ("2026-12-21T12:30+08:00", [240, 200, 40], "frame 2 of 3"),
            ("2026-12-21T01:00+08:00", [10, 20, 80], "frame 1 of 3"),
            ("2026-12-21T17:45+08:00", [200, 80, 40], "frame 3 of 3"),
        ])
    func appliesTheFrameInEffect(instant: String, colour: [Int], said: String) throws {
        try withTemporaryFolder { folder in
            let made = try launch(
                ["-c", independentHEIC, folder], in: folder, executable: URL(fileURLWithPath: systemPython))
            try #require(made.status == 0, "\(made.standardError)")
            try Self.expectApplied("dynamic.heic", at: instant, colour: colour, said: said, in: folder)
        }
    }

    /// KDE's form, made by avifenc: the frame in effect at each instant is what the setter
    /// gets, `inspect` names it KDE's, and a Time out of range is 65 naming the key.
    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/avifenc"), "avifenc (libavif-bin) is missing"),
        arguments: [
            ("2026-12-21T12:30+08:00", [240, 200, 40], "frame 2 of 3"),
            ("2026-12-21T01:00+08:00", [10, 20, 80], "frame 1 of 3"),
            ("2026-12-21T17:45+08:00", [200, 80, 40], "frame 3 of 3"),
        ])
    func appliesKDEsFrameInEffect(instant: String, colour: [Int], said: String) throws {
        try withTemporaryFolder { folder in
            let made = try launch(
                ["-c", independentKDEAVIF, folder], in: folder, executable: URL(fileURLWithPath: systemPython))
            try #require(made.status == 0, "\(made.standardError)")
            let environment = try Self.expectApplied(
                "kde.avif", at: instant, colour: colour, said: said, in: folder)
            let inspected = try launch(["inspect", "kde.avif"], in: folder)
            #expect(inspected.status == 0 && inspected.output.hasPrefix("dynamic: KDE's dynamic wallpaper, 3 pictures"))
            let damaged = try launch(
                ["-c", independentKDEAVIF, folder, "1.5"], in: folder, executable: URL(fileURLWithPath: systemPython))
            try #require(damaged.status == 0, "\(damaged.standardError)")
            let refused = try launch(["apply", "kde.avif", "--place", "Taipei"], in: folder, environment: environment)
            #expect(refused.status == 65, "\(refused.standardError)")
            #expect(
                refused.standardError.contains("plasma:dynamic-wallpaper-solar: item 1 needs a Time from 0 to 1"),
                "\(refused.standardError)")
        }
    }

    /// `inspect` lists the frames of a dynamic HEIC another program made, as its metadata
    /// says, and succeeds though it has no wallgen note.
    @Test(.enabled(if: toolsInstalled, "heif-enc (libheif-examples), ExifTool or Python is missing"))
    func inspectListsTheFrames() throws {
        try withTemporaryFolder { folder in
            let made = try launch(
                ["-c", independentHEIC, folder], in: folder, executable: URL(fileURLWithPath: systemPython))
            try #require(made.status == 0, "\(made.standardError)")
            let result = try launch(["inspect", "dynamic.heic"], in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(
                result.output == """
                    dynamic: Apple's dynamic wallpaper, 3 pictures; light: frame 2, dark: frame 1
                    frame 1: the Sun at -60.0° altitude, 0.0° azimuth; dark
                    frame 2: the Sun at 41.5° altitude, 180.0° azimuth; light
                    frame 3: the Sun at -3.0° altitude, 245.0° azimuth; light

                    """)
        }
    }

    /// Damaged timing is refused with 65, naming the property and the key; a place that
    /// is not one, or none where the machine's zone has none, is 64.
    @Test(.enabled(if: toolsInstalled, "heif-enc (libheif-examples), ExifTool or Python is missing"))
    func damagedTimingAndNoPlaceAreRefused() throws {
        try withTemporaryFolder { folder in
            let broken = independentHEIC.replacingOccurrences(of: "'a': 41.5, ", with: "")
            let made = try launch(["-c", broken, folder], in: folder, executable: URL(fileURLWithPath: systemPython))
            try #require(made.status == 0, "\(made.standardError)")
            let bin = try LivingWallpaperTests.standIn("swaymsg", in: folder)
            let environment = LivingWallpaperTests.session(
                folder, ["XDG_CURRENT_DESKTOP": "sway", "PATH": bin + ":/usr/bin:/bin"])
            let result = try launch(
                ["apply", "dynamic.heic", "--place", "Taipei"], in: folder, environment: environment)
            #expect(result.status == 65, "\(result.standardError)")
            #expect(
                result.standardError.contains("apple_desktop:solar: si[1] needs numbers a and z and an index i"),
                "\(result.standardError)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/swaymsg.args"))
            let inspected = try launch(["inspect", "dynamic.heic"], in: folder)
            #expect(inspected.status == 65 && inspected.standardError.contains("si[1] needs numbers a and z"))
            let nowhere = try launch(
                ["apply", "dynamic.heic", "--place", "Atlantis"], in: folder, environment: environment)
            #expect(nowhere.status == 64, "\(nowhere.standardError)")
            // No --place, and a machine zone the tz tables place nowhere: 64, saying so.
            let whole = try launch(
                ["-c", independentHEIC, folder], in: folder, executable: URL(fileURLWithPath: systemPython))
            try #require(whole.status == 0, "\(whole.standardError)")
            var utc = environment
            utc["TZ"] = "Etc/UTC"
            let placeless = try launch(["apply", "dynamic.heic"], in: folder, environment: utc)
            #expect(placeless.status == 64, "\(placeless.standardError)")
            #expect(
                placeless.standardError.contains(
                    "is a dynamic wallpaper, whose frame depends on the place: --place is needed"),
                "\(placeless.standardError)")
        }
    }
}

/// Reads a converted dynamic wallpaper back with tools that are not wallgen: avifdec
/// decodes a KDE AVIF's frames (or heif-convert a HEIC's), Pillow gives each frame's mean
/// colour, ExifTool and json or plistlib its timing; PyEphem the Sun at each frame's time.
/// Prints one line per frame: its mean colour, its altitude as written, the Sun's there.
private let convertedProbe = """
    import base64, datetime, glob, json, math, os, plistlib, subprocess, sys
    from zoneinfo import ZoneInfo
    import ephem
    from PIL import Image, ImageStat
    path, zone, lat, lon, day = sys.argv[1:6]
    folder = os.path.dirname(path)
    place = ephem.Observer()
    place.lat, place.lon, place.elevation, place.pressure = lat, lon, 0, 0
    midnight = datetime.datetime.fromisoformat(day).replace(tzinfo=ZoneInfo(zone))
    if path.endswith('.avif'):
        tags = json.loads(subprocess.run(['exiftool', '-json', '-b', '-XMP-plasma:all', path],
                                         capture_output=True, check=True).stdout)[0]
        items = [(i['Index'], i['Time'], i['Elevation']) for i in
                 json.loads(base64.b64decode(tags['Dynamic-wallpaper-solar']))]
        frames = []
        for index, _, _ in items:
            out = os.path.join(folder, 'frame%d.png' % index)
            subprocess.run(['avifdec', '--index', str(index), path, out], capture_output=True, check=True)
            frames.append(out)
    else:
        tags = json.loads(subprocess.run(['exiftool', '-json', '-b', '-XMP-apple_desktop:all', path],
                                         capture_output=True, check=True).stdout)[0]
        times = {t['i']: t['t'] for t in plistlib.loads(base64.b64decode(tags['H24']))['ti']}
        items = [(s['i'], times[s['i']], s['a']) for s in plistlib.loads(base64.b64decode(tags['Solar']))['si']]
        subprocess.run(['heif-convert', path, os.path.join(folder, 'frame.png')], capture_output=True, check=True)
        frames = [os.path.join(folder, 'frame-%d.png' % (index + 1)) for index, _, _ in items]
    for (index, time, altitude), frame in zip(items, frames):
        colour = [round(v) for v in ImageStat.Stat(Image.open(frame).convert('RGB')).mean]
        when = midnight + datetime.timedelta(days=time)
        place.date = ephem.Date(when.astimezone(datetime.timezone.utc).replace(tzinfo=None))
        sun = math.degrees(ephem.Sun(place).alt)
        print(index, *colour, '%.2f' % altitude, '%.2f' % sun)
    """

/// `wallgen dynamic --from`: a dynamic wallpaper made without wallgen, converted for
/// another day. Apple's three frames become KDE's in order of that day's time (day, dusk,
/// night), their pictures kept, each written with the Sun of its new time; KDE's become
/// Apple's the same way.
@Suite struct DynamicConversionTests {
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/avifdec"), "avifdec is missing"),
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "ExifTool is missing"),
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/heif-enc"), "heif-enc is missing"),
        arguments: [("dynamic.heic", "june.avif"), ("kde.avif", "june.heic")])
    func convertsForAnotherDay(source: String, target: String) throws {
        try withTemporaryFolder { folder in
            let script = source.hasSuffix(".heic") ? independentHEIC : independentKDEAVIF
            let made = try launch(["-c", script, folder], in: folder, executable: URL(fileURLWithPath: systemPython))
            try #require(made.status == 0, "\(made.standardError)")
            try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: false)
            let converted = try launch(
                ["dynamic", "--from", source, "--place", "Taipei", "--date", "2026-06-21", "-o", "out/" + target],
                in: folder)
            #expect(converted.status == 0, "\(converted.standardError)")
            let probe = try launch(
                ["-c", convertedProbe, folder + "/out/" + target, "Asia/Taipei", "25.05", "121.5", "2026-06-21"],
                in: folder, executable: URL(fileURLWithPath: systemPython))
            #expect(probe.status == 0, "\(probe.standardError)")
            let lines = probe.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            #expect(lines.count == 3, "\(probe.output)")
            // In June's order: the day frame at noon, the dusk frame, the night frame.
            let colours = lines.map { $0[1...3].compactMap { Int($0) } }
            let expected = [[240, 200, 40], [200, 80, 40], [10, 20, 80]]
            for (got, wanted) in zip(colours, expected) {
                #expect(zip(got, wanted).allSatisfy { abs($0 - $1) <= 6 }, "\(got) against \(wanted): \(probe.output)")
            }
            for line in lines {
                // Each frame's altitude is the Sun's at its time that day (to the minute for h24).
                #expect(abs(Double(line[4])! - Double(line[5])!) <= 0.3, "\(line)")
            }
            // The dusk frame starts where June's Sun sets through -3 degrees.
            #expect(abs(Double(lines[1][5])! + 3) <= 0.3, "\(lines[1])")
        }
    }
}
