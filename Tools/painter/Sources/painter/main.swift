import Foundation

/// Command line: `painter [name ...] [--preview | --scale S] [--out DIR]`.
/// A name is a season (`spring`), a solar term by slug (`dongzhi`) or file
/// stem (`22-dongzhi`), or a group: `all`/`seasons` (the four seasons) or
/// `terms` (all 24). Writes `<file stem>.ppm` files; with no name, paints
/// the four seasons, as it always has.
struct Options {
    var scale: Float = 1
    var outDir = "."
    var scenes: [Scene] = []
}

func usage(exitCode: Int32 = 2) -> Never {
    let seasons = Scenes.all.map { $0.name }.joined(separator: "|")
    print("usage: painter [\(seasons)|all|seasons|terms|<term> ...] [--preview | --scale S] [--out DIR]")
    print("  <term>      a solar term: " + Scenes.terms.map { $0.name }.joined(separator: " "))
    print("  --preview   paint at quarter size (800x600) for quick iteration")
    print("  --scale S   paint at S times 3200x2400")
    print("  --out DIR   directory for the .ppm files (default: current)")
    exit(exitCode)
}

func parse(_ args: [String]) -> Options {
    var o = Options()
    var i = 0
    let known = Scenes.all + Scenes.terms
    while i < args.count {
        let a = args[i]
        switch a {
        case "--preview": o.scale = 0.25
        case "--scale":
            i += 1
            guard i < args.count, let s = Float(args[i]), s > 0, s <= 2 else { usage() }
            o.scale = s
        case "--out":
            i += 1
            guard i < args.count else { usage() }
            o.outDir = args[i]
        case "-h", "--help": usage(exitCode: 0)
        case "all", "seasons": o.scenes += Scenes.all
        case "terms": o.scenes += Scenes.terms
        default:
            guard let scene = known.first(where: { $0.name == a || $0.fileName == a }) else {
                FileHandle.standardError.write("unknown picture: \(a)\n".data(using: .utf8)!)
                usage()
            }
            o.scenes.append(scene)
        }
        i += 1
    }
    if o.scenes.isEmpty { o.scenes = Scenes.all }
    return o
}

let options = parse(Array(CommandLine.arguments.dropFirst()))
try? FileManager.default.createDirectory(atPath: options.outDir, withIntermediateDirectories: true)
for scene in options.scenes {
    let start = Date()
    let canvas = Canvas(scale: options.scale)
    scene.paint(on: canvas)
    let path = (options.outDir as NSString).appendingPathComponent("\(scene.fileName).ppm")
    do {
        try ImageWriter.writePPM(canvas, to: path)
    } catch {
        FileHandle.standardError.write("cannot write \(path): \(error)\n".data(using: .utf8)!)
        exit(1)
    }
    let secs = String(format: "%.1f", Date().timeIntervalSince(start))
    print("painted \(path) (\(canvas.width)x\(canvas.height)) in \(secs) s")
}
