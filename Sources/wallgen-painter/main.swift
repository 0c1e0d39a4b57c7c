import Almanac
import FoundationEssentials
import Glibc
import Platform
import Scenery

// The front of the Scenery module that paints wallgen's bundled pictures (driven by
// Tools/painter/paint-assets.sh) and the docs' contact sheet (Scripts/contact-sheet):
// `wallgen-painter [name ...] [--scale S | --size WxH] [--light L | --sky LAT,LON,SECONDS]
// [--out DIR]`. A name is a season, a term's slug (`dongzhi`) or file stem
// (`22-dongzhi`), `seasons` (or `all`) or `terms`; none paints the four seasons. `--sky`
// lights the scenes by the real sky over a place (decimal degrees, north and east
// positive) at an instant (seconds since 1970, UTC), as `wallgen --place --at` does.
// Each picture is written as `<file stem>.ppm`.

func fail(_ message: String) -> Never {
    StandardError.write("wallgen-painter: \(message)\n")
    exit(2)
}

var names: [String] = []
var scale: Float = 1
var size: (width: Int, height: Int)?
var folder = "."
var light: SceneLight?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--scale":
        guard let text = arguments.popFirst(), let value = Float(text), value > 0, value <= 2 else {
            fail("--scale takes a number above 0, at most 2")
        }
        scale = value
    case "--size":
        let parts = (arguments.popFirst() ?? "").split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ (1...16384).contains($0) }) else { fail("--size takes WxH") }
        size = (parts[0], parts[1])
    case "--light":
        let values = (arguments.popFirst() ?? "").split(separator: ",").compactMap { Double($0) }
        guard values.count == 6 else {
            fail("--light takes sun altitude,azimuth,moon altitude,azimuth,lit fraction,bright limb angle")
        }
        light = SceneLight(
            sunAltitude: values[0], sunAzimuth: values[1], moonAltitude: values[2], moonAzimuth: values[3],
            moonIllumination: values[4], moonBrightLimbFromZenith: values[5])
    case "--sky":
        let values = (arguments.popFirst() ?? "").split(separator: ",").compactMap { Double($0) }
        guard values.count == 3, (-90...90).contains(values[0]), (-180...180).contains(values[1]) else {
            fail("--sky takes latitude,longitude,seconds since 1970 (UTC)")
        }
        let view = Sky.view(
            at: Date(timeIntervalSince1970: values[2]), from: Place(latitude: values[0], longitude: values[1]))
        light = SceneLight(
            sunAltitude: view.sun.altitude, sunAzimuth: view.sun.azimuth, moonAltitude: view.moon.altitude,
            moonAzimuth: view.moon.azimuth, moonIllumination: view.moonIllumination,
            moonBrightLimbFromZenith: view.moonBrightLimbFromZenith)
    case "--out":
        guard let value = arguments.popFirst() else { fail("--out needs a folder") }
        folder = value
    case "all", "seasons": names += ["spring", "summer", "autumn", "winter"]
    case "terms": names += ScenePainter.names.dropFirst(4)
    default:
        guard ScenePainter.fileStem(of: argument) != nil else {
            fail("no scene '\(argument)'; scenes: " + ScenePainter.names.joined(separator: " "))
        }
        names.append(argument)
    }
}
if names.isEmpty { names = ["spring", "summer", "autumn", "winter"] }

for name in names {
    let start = Date()
    let painted: (width: Int, height: Int, rgb: [UInt8])
    if let size {
        painted = (
            size.width, size.height, ScenePainter.paint(name, width: size.width, height: size.height, light: light)!
        )
    } else {
        painted = ScenePainter.paintGrid(name, scale: scale)!
    }
    let path = folder + "/" + ScenePainter.fileStem(of: name)! + ".ppm"
    let file = Array("P6\n\(painted.width) \(painted.height)\n255\n".utf8) + painted.rgb
    guard FileManager.default.createFile(atPath: path, contents: Data(file)) else { fail("cannot write \(path)") }
    let seconds = Date().timeIntervalSince(start)
    print("painted \(path) (\(painted.width)x\(painted.height)) in \((seconds * 10).rounded() / 10) s")
}
