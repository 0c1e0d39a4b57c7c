import Foundation

/// Command line: `painter [season ...] [--preview | --scale S] [--out DIR]`.
/// Writes `<season>.ppm` files; with no season, paints all four.
struct Options {
    var scale: Float = 1
    var outDir = "."
    var names: [String] = []
}

func usage(exitCode: Int32 = 2) -> Never {
    let names = Scenes.all.map { $0.name }.joined(separator: "|")
    print("usage: painter [\(names)|all ...] [--preview | --scale S] [--out DIR]")
    print("  --preview   paint at quarter size (800x600) for quick iteration")
    print("  --scale S   paint at S times 3200x2400")
    print("  --out DIR   directory for the .ppm files (default: current)")
    exit(exitCode)
}

func parse(_ args: [String]) -> Options {
    var o = Options()
    var i = 0
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
        case "all": o.names += Scenes.all.map { $0.name }
        default:
            guard Scenes.all.contains(where: { $0.name == a }) else {
                FileHandle.standardError.write("unknown season: \(a)\n".data(using: .utf8)!)
                usage()
            }
            o.names.append(a)
        }
        i += 1
    }
    if o.names.isEmpty { o.names = Scenes.all.map { $0.name } }
    return o
}

let options = parse(Array(CommandLine.arguments.dropFirst()))
try? FileManager.default.createDirectory(atPath: options.outDir, withIntermediateDirectories: true)
for name in options.names {
    guard let scene = Scenes.all.first(where: { $0.name == name }) else { continue }
    let start = Date()
    let canvas = Canvas(scale: options.scale)
    scene.paint(on: canvas)
    let path = (options.outDir as NSString).appendingPathComponent("\(name).ppm")
    do {
        try ImageWriter.writePPM(canvas, to: path)
    } catch {
        FileHandle.standardError.write("cannot write \(path): \(error)\n".data(using: .utf8)!)
        exit(1)
    }
    let secs = String(format: "%.1f", Date().timeIntervalSince(start))
    print("painted \(path) (\(canvas.width)x\(canvas.height)) in \(secs) s")
}
