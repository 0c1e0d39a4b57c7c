import Foundation
import TestSupport
import Testing

/// libfaketime from Debian's faketime package: preloaded, it makes a process read its
/// clock from a file, re-read on every call.
private let libfaketime = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"
private let systemPython = "/usr/bin/python3"

private func pythonCan(_ script: String) -> Bool {
    guard FileManager.default.isExecutableFile(atPath: systemPython) else { return false }
    return
        (try? withTemporaryFolder {
            try launch(["-c", script], in: $0, executable: URL(fileURLWithPath: systemPython))
        })?
        .status == 0
}

private let gnomeDesktopLoads = pythonCan(
    "import gi\ngi.require_version('GnomeDesktop', '3.0')\nfrom gi.repository import GnomeDesktop")
private let ephemLoads = pythonCan("import ephem")

/// Loads the timed background with GNOME's own code (libgnome-desktop's BGSlideShow) and
/// prints the frame it shows at each local time given ("HH:MM:SS" on the XML's day).
private let slideshowProbe = """
    import sys, time
    import gi
    gi.require_version('GnomeDesktop', '3.0')
    from gi.repository import GnomeDesktop
    xml, clock, day = sys.argv[1], sys.argv[2], sys.argv[3]
    show = GnomeDesktop.BGSlideShow.new(xml)
    show.load()
    for local in sys.argv[4:]:
        with open(clock, 'w') as f:
            f.write(day + ' ' + local)
        print(show.get_current_slide(64, 36)[3].rsplit('/', 1)[1])
    """

/// Reads the XML independently (its start time and durations), finds when each frame first
/// shows, and checks the Sun there with PyEphem: each moment's altitude (the dawns and dusks,
/// sunrise and sunset, golden hour at +6°) within 0.05°, the Sun's highest within a minute.
private let sunProbe = """
    import sys, datetime, math, re
    from zoneinfo import ZoneInfo
    import ephem
    xml, zone, lat, lon = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
    text = open(xml).read()
    start = {k: int(re.search('<%s>(\\\\d+)</%s>' % (k, k), text).group(1)) for k in
             ('year', 'month', 'day', 'hour', 'minute', 'second')}
    t = datetime.datetime(start['year'], start['month'], start['day'], start['hour'], start['minute'],
                          start['second'], tzinfo=ZoneInfo(zone)).timestamp()
    first, total = {}, 0
    for duration, path in re.findall(r'<duration>(\\d+)</duration>\\s*<file>([^<]+)</file>', text):
        name = path.rsplit('/', 1)[1]
        first.setdefault(name, t + total)
        total += int(duration)
    print('total', total)
    altitudes = {'astronomical-dawn': -18, 'nautical-dawn': -12, 'civil-dawn': -6, 'sunrise': -0.833,
                 'golden-hour': 6, 'sunset': -0.833, 'civil-dusk': -6, 'nautical-dusk': -12,
                 'astronomical-dusk': -18}
    place = ephem.Observer()
    place.lat, place.lon, place.elevation, place.pressure = lat, lon, 0, 0
    for name, when in sorted(first.items(), key=lambda item: item[1]):
        moment = name.split('-', 2)[2].rsplit('.', 1)[0]
        place.date = ephem.Date(datetime.datetime.utcfromtimestamp(when))
        sun = ephem.Sun(place)
        if moment in altitudes:
            print(moment, 'altitude-error', abs(math.degrees(sun.alt) - altitudes[moment]))
        elif moment == 'noon':
            place.date = ephem.Date(datetime.datetime.utcfromtimestamp(when - 6 * 3600))
            transit = place.next_transit(ephem.Sun()).datetime().replace(tzinfo=datetime.timezone.utc)
            print(moment, 'seconds-error', abs(transit.timestamp() - when))
        else:
            print(moment, 'shown')
    """

/// Reads an Apple dynamic HEIC with tools that are not wallgen: ExifTool gives the
/// primary picture's apple_desktop properties, plistlib decodes them; heif-convert decodes
/// every frame, compared with the folder form's PNG of the same frame by Pillow. Each
/// frame's exact instant is read from the folder form's GNOME XML (when it first shows);
/// PyEphem gives the Sun there, against the frame's altitude and azimuth, and `h24`'s
/// minute is compared with that instant's local time.
private let appleProbe = """
    import base64, datetime, json, math, os, plistlib, re, subprocess, sys
    from zoneinfo import ZoneInfo
    import ephem
    from PIL import Image, ImageChops, ImageStat
    heic, frames, zone, lat, lon, day = sys.argv[1:7]
    tags = json.loads(subprocess.run(['exiftool', '-json', '-b', '-XMP-apple_desktop:all', heic],
                                     capture_output=True, check=True).stdout)[0]
    lists = {k: plistlib.loads(base64.b64decode(tags[k])) for k in ('Solar', 'H24', 'Apr')}
    print('apr', lists['Apr']['l'], lists['Apr']['d'])
    print('ap', lists['Solar']['ap']['l'], lists['Solar']['ap']['d'], lists['H24']['ap']['l'])
    print('count', len(lists['Solar']['si']), len(lists['H24']['ti']))
    subprocess.run(['heif-convert', heic, os.path.join(os.path.dirname(heic), 'frame.png')],
                   capture_output=True, check=True)
    xml = open(os.path.join(frames, 'winter-dynamic.xml')).read()
    start = {k: int(re.search('<%s>(\\d+)</%s>' % (k, k), xml).group(1)) for k in
             ('year', 'month', 'day', 'hour', 'minute', 'second')}
    t = datetime.datetime(start['year'], start['month'], start['day'], start['hour'], start['minute'],
                          start['second'], tzinfo=ZoneInfo(zone)).timestamp()
    first, total = {}, 0
    for duration, path in re.findall(r'<duration>(\\d+)</duration>\\s*<file>([^<]+)</file>', xml):
        first.setdefault(path.rsplit('/', 1)[1], t + total)
        total += int(duration)
    pngs = sorted(first, key=lambda name: first[name])
    place = ephem.Observer()
    place.lat, place.lon, place.elevation, place.pressure = lat, lon, 0, 0
    midnight = datetime.datetime.fromisoformat(day).replace(tzinfo=ZoneInfo(zone)).timestamp()
    times = {item['i']: item['t'] for item in lists['H24']['ti']}
    for item in lists['Solar']['si']:
        index = item['i']
        decoded = Image.open(os.path.join(os.path.dirname(heic), 'frame-%d.png' % (index + 1))).convert('RGB')
        reference = Image.open(os.path.join(frames, pngs[index])).convert('RGB')
        difference = ImageStat.Stat(ImageChops.difference(decoded, reference)).mean
        when = first[pngs[index]]
        place.date = ephem.Date(datetime.datetime.fromtimestamp(when, datetime.timezone.utc).replace(tzinfo=None))
        sun = ephem.Sun(place)
        turn = (item['z'] - math.degrees(sun.az) + 180) % 360 - 180
        minutes = abs(times[index] * 1440 - (when - midnight) / 60)
        print('frame', index, pngs[index].split('-', 2)[2].rsplit('.', 1)[0], item['o'],
              '%.4f' % abs(item['a'] - math.degrees(sun.alt)), '%.4f' % abs(turn), '%.2f' % max(difference),
              '%.3f' % minutes)
    """

/// Reads KDE's dynamic AVIF with tools that are not wallgen: ExifTool gives the XMP's
/// plasma:dynamic-wallpaper-solar, Python's base64 and json decode it; libavif's avifdec
/// decodes each frame of the sequence (`--index`), compared with the folder form's PNG;
/// PyEphem gives the Sun at each frame's exact instant (from the folder form's GNOME XML).
private let kdeProbe = """
    import base64, datetime, json, math, os, re, subprocess, sys
    from zoneinfo import ZoneInfo
    import ephem
    from PIL import Image, ImageChops, ImageStat
    avif, frames, zone, lat, lon, day = sys.argv[1:7]
    tags = json.loads(subprocess.run(['exiftool', '-json', '-b', '-XMP-plasma:all', avif],
                                     capture_output=True, check=True).stdout)[0]
    items = json.loads(base64.b64decode(tags['Dynamic-wallpaper-solar']))
    print('count', len(items))
    xml = open(os.path.join(frames, 'winter-dynamic.xml')).read()
    start = {k: int(re.search('<%s>(\\d+)</%s>' % (k, k), xml).group(1)) for k in
             ('year', 'month', 'day', 'hour', 'minute', 'second')}
    t = datetime.datetime(start['year'], start['month'], start['day'], start['hour'], start['minute'],
                          start['second'], tzinfo=ZoneInfo(zone)).timestamp()
    first, total = {}, 0
    for duration, path in re.findall(r'<duration>(\\d+)</duration>\\s*<file>([^<]+)</file>', xml):
        first.setdefault(path.rsplit('/', 1)[1], t + total)
        total += int(duration)
    pngs = sorted(first, key=lambda name: first[name])
    place = ephem.Observer()
    place.lat, place.lon, place.elevation, place.pressure = lat, lon, 0, 0
    midnight = datetime.datetime.fromisoformat(day).replace(tzinfo=ZoneInfo(zone)).timestamp()
    for item in items:
        index = item['Index']
        decoded_path = os.path.join(os.path.dirname(avif), 'frame-%d.png' % index)
        subprocess.run(['avifdec', '--index', str(index), avif, decoded_path], capture_output=True, check=True)
        decoded = Image.open(decoded_path).convert('RGB')
        reference = Image.open(os.path.join(frames, pngs[index])).convert('RGB')
        difference = ImageStat.Stat(ImageChops.difference(decoded, reference)).mean
        when = first[pngs[index]]
        place.date = ephem.Date(datetime.datetime.fromtimestamp(when, datetime.timezone.utc).replace(tzinfo=None))
        sun = ephem.Sun(place)
        turn = (item['Azimuth'] - math.degrees(sun.az) + 180) % 360 - 180
        seconds = abs(item['Time'] * 86400 - (when - midnight))
        print('frame', index, item['CrossFade'], '%.4f' % abs(item['Elevation'] - math.degrees(sun.alt)),
              '%.4f' % abs(turn), '%.2f' % max(difference), '%.3f' % seconds)
    """

@Suite struct DynamicCommandTests {
    static func make(_ date: String, in folder: String) throws -> RunResult {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = folder + "/cache"
        return try launch(
            [
                "dynamic", "--season", "winter", "--place", "Taipei", "--date", date, "--size", "64x36", "-o",
                "day-\(date)",
            ],
            in: folder, environment: environment)
    }

    /// GNOME's own slideshow code, its clock faked: at local midnight the night's frame, at
    /// noon the noon frame, a few minutes after sunrise (05:05 in June, 06:34 in December)
    /// the sunrise frame, and before midnight the last dusk's, for Taipei.
    @Test(
        .enabled(if: gnomeDesktopLoads, "libgnome-desktop's introspection data or python3-gi is missing"),
        .enabled(if: FileManager.default.fileExists(atPath: libfaketime), "faketime is not installed"),
        arguments: [("2026-06-21", "05:10:00", "sunrise"), ("2026-12-21", "06:40:00", "sunrise")])
    func gnomeShowsTheFrameOfEachMoment(date: String, afterSunrise: String, expected: String) throws {
        try withTemporaryFolder { folder in
            let made = try Self.make(date, in: folder)
            #expect(made.status == 0, "\(made.standardError)")
            let clock = folder + "/clock"
            _ = FileManager.default.createFile(atPath: clock, contents: Data("\(date) 00:00:00".utf8))
            var environment = ProcessInfo.processInfo.environment
            environment["TZ"] = "Asia/Taipei"
            environment["LD_PRELOAD"] = libfaketime
            environment["FAKETIME_TIMESTAMP_FILE"] = clock
            environment["FAKETIME_NO_CACHE"] = "1"
            let probe = try launch(
                [
                    "-c", slideshowProbe, "\(folder)/day-\(date)/winter-dynamic.xml", clock, date, "00:00:30",
                    "12:00:00",
                    afterSunrise, "23:59:00",
                ],
                in: folder, environment: environment, executable: URL(fileURLWithPath: systemPython))
            #expect(probe.status == 0, "\(probe.standardError)")
            let shown = probe.output.split(separator: "\n").map(String.init)
            #expect(shown.count == 4)
            #expect(shown[0].hasSuffix("-midnight.png"), "\(shown)")
            #expect(shown[1].hasSuffix("-noon.png"), "\(shown)")
            #expect(shown[2].hasSuffix("-\(expected).png"), "\(shown)")
            #expect(shown[3].hasSuffix("-astronomical-dusk.png"), "\(shown)")
        }
    }

    /// Each frame shows from the instant its Sun is where its name says, by PyEphem.
    @Test(
        .enabled(if: ephemLoads, "python3-ephem is missing"),
        arguments: ["2026-06-21", "2026-12-21"])
    func eachFrameStartsWhereItsSunIs(date: String) throws {
        try withTemporaryFolder { folder in
            let made = try Self.make(date, in: folder)
            #expect(made.status == 0, "\(made.standardError)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/day-\(date)").sorted()
            #expect(names.count == 14, "13 frames and the XML: \(names)")
            let probe = try launch(
                ["-c", sunProbe, "\(folder)/day-\(date)/winter-dynamic.xml", "Asia/Taipei", "25.05", "121.5"],
                in: folder, executable: URL(fileURLWithPath: systemPython))
            #expect(probe.status == 0, "\(probe.standardError)")
            let lines = probe.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            #expect(lines.first == ["total", "86400"], "a day, looping")
            var checked = 0
            for line in lines.dropFirst() where line.count == 3 {
                let error = try #require(Double(line[2]))
                if line[1] == "altitude-error" { #expect(error <= 0.05, "\(line)") }
                if line[1] == "seconds-error" { #expect(error <= 60, "\(line)") }
                checked += 1
            }
            #expect(checked == 10, "nine altitudes and the Sun's highest: \(lines)")
        }
    }

    /// Apple's dynamic HEIC, read by ExifTool, heif-convert, plistlib and PyEphem: 13
    /// frames, the noon frame primary and light, midnight dark; each frame the folder
    /// form's picture; each frame's Sun within 0.05° of PyEphem's at its instant, and
    /// `h24` its local time to the minute.
    @Test(
        .enabled(if: ephemLoads, "python3-ephem is missing"),
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "ExifTool is not installed"),
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/heif-convert"), "heif-convert is missing"))
    func appleHEICSaysEachFramesSun() throws {
        try withTemporaryFolder { folder in
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_CACHE_HOME"] = folder + "/cache"
            let common = [
                "dynamic", "--season", "winter", "--place", "Taipei", "--date", "2026-12-21", "--size", "128x72",
            ]
            let heic = try launch(common + ["-o", "winter.heic"], in: folder, environment: environment)
            #expect(heic.status == 0, "\(heic.standardError)")
            #expect(heic.standardError.contains("Wrote winter.heic: 13 frames of winter"), "\(heic.standardError)")
            let frames = try launch(common + ["-o", "frames"], in: folder, environment: environment)
            #expect(frames.status == 0, "\(frames.standardError)")
            try FileManager.default.createDirectory(atPath: folder + "/decoded", withIntermediateDirectories: false)
            try FileManager.default.moveItem(atPath: folder + "/winter.heic", toPath: folder + "/decoded/winter.heic")
            let probe = try launch(
                [
                    "-c", appleProbe, folder + "/decoded/winter.heic", folder + "/frames", "Asia/Taipei", "25.05",
                    "121.5",
                    "2026-12-21",
                ],
                in: folder, executable: URL(fileURLWithPath: systemPython))
            #expect(probe.status == 0, "\(probe.standardError)")
            let lines = probe.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            #expect(lines.first == ["apr", "6", "0"], "light: the noon frame; dark: midnight's")
            #expect(lines.dropFirst().first == ["ap", "6", "0", "6"])
            #expect(lines.dropFirst(2).first == ["count", "13", "13"])
            let frameLines = lines.filter { $0.first == "frame" }
            #expect(frameLines.count == 13)
            let night: Set = [
                "midnight", "astronomical-dawn", "nautical-dawn", "civil-dusk", "nautical-dusk", "astronomical-dusk",
            ]
            for line in frameLines {
                let (moment, light) = (line[2], line[3])
                #expect(light == (night.contains(moment) ? "0" : "1"), "\(line): o is 1 for light, 0 for dark")
                #expect(try #require(Double(line[4])) <= 0.05, "altitude: \(line)")
                #expect(try #require(Double(line[5])) <= 0.05, "azimuth: \(line)")
                // HEVC 4:2:0 of a 128x72 frame against the lossless PNG, per channel.
                #expect(try #require(Double(line[6])) <= 3, "the frame's picture: \(line)")
                // h24 is the frame's local time to the minute.
                #expect(try #require(Double(line[7])) <= 0.5, "h24's minute: \(line)")
            }
            #expect(frameLines.map { $0[2] }.first == "midnight")
            #expect(frameLines.map { $0[2] }[6] == "noon")
        }
    }

    /// KDE's dynamic AVIF, read by ExifTool, json, avifdec and PyEphem: a sequence of 13
    /// frames, each the folder form's picture, each frame's Sun within 0.05° of PyEphem's
    /// at its instant and its time of day that instant's, cross-fading.
    @Test(
        .enabled(if: ephemLoads, "python3-ephem is missing"),
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "ExifTool is not installed"),
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/avifdec"), "avifdec (libavif-bin) is missing"))
    func kdeAVIFSaysEachFramesSun() throws {
        try withTemporaryFolder { folder in
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_CACHE_HOME"] = folder + "/cache"
            let common = [
                "dynamic", "--season", "winter", "--place", "Taipei", "--date", "2026-12-21", "--size", "128x72",
            ]
            let avif = try launch(common + ["-o", "winter.avif"], in: folder, environment: environment)
            #expect(avif.status == 0, "\(avif.standardError)")
            #expect(avif.standardError.contains("Wrote winter.avif: 13 frames of winter"), "\(avif.standardError)")
            let frames = try launch(common + ["-o", "frames"], in: folder, environment: environment)
            #expect(frames.status == 0, "\(frames.standardError)")
            try FileManager.default.createDirectory(atPath: folder + "/decoded", withIntermediateDirectories: false)
            try FileManager.default.moveItem(atPath: folder + "/winter.avif", toPath: folder + "/decoded/winter.avif")
            let probe = try launch(
                [
                    "-c", kdeProbe, folder + "/decoded/winter.avif", folder + "/frames", "Asia/Taipei", "25.05",
                    "121.5",
                    "2026-12-21",
                ],
                in: folder, executable: URL(fileURLWithPath: systemPython))
            #expect(probe.status == 0, "\(probe.standardError)")
            let lines = probe.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            #expect(lines.first == ["count", "13"])
            let frameLines = lines.filter { $0.first == "frame" }
            #expect(frameLines.map { $0[1] } == (0..<13).map(String.init))
            for line in frameLines {
                #expect(line[2] == "True", "cross-fading: \(line)")
                #expect(try #require(Double(line[3])) <= 0.05, "elevation: \(line)")
                #expect(try #require(Double(line[4])) <= 0.05, "azimuth: \(line)")
                // AV1 4:4:4 at quality 90 of a 128x72 frame against the lossless PNG.
                #expect(try #require(Double(line[5])) <= 3, "the frame's picture: \(line)")
                #expect(try #require(Double(line[6])) <= 1, "the time of day: \(line)")
            }
        }
    }

    @Test(arguments: [
        (["--season", "winter", "--format", "png", "-o", "x.avif"], "--format is for a folder's frames; an .avif"),
        (["--season", "winter", "--quality", "100", "-o", "x.heic"], "a .heic is lossy, 1 to 99"),
        (["--season", "winter", "--format", "jpeg", "-o", "x.heic"], "--format is for a folder's frames"),
        (["--season", "winter", "--term", "冬至", "-o", "d"], "--season and --term both choose the scene"),
        (["-o", "d"], "'dynamic' needs a scene"),
        (["--season", "winter"], "'dynamic' needs -o FOLDER, -o NAME.heic or -o NAME.avif"),
        (["--term", "冬至", "--label", "on", "-o", "d"], "--label goes with --season"),
    ])
    func badRequestsAreRefused(arguments: [String], message: String) throws {
        try withTemporaryFolder { folder in
            let result = try launch(["dynamic", "--place", "Taipei"] + arguments, in: folder)
            #expect(result.status == 64)
            #expect(result.standardError.contains(message), "\(result.standardError)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        }
    }
}
