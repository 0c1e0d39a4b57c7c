import Batch
import Compositor
import Designs
import Desktop
import Files
import FoundationEssentials
import Platform

/// A validated request for one image of a design: a wallpaper or a card.
public struct ImageRequest<Design: PictureDesign>: Equatable, Sendable where Design.Spec: Equatable {
    var spec: Design.Spec
    var output: OutputTarget
    /// The sizes to make: the spec's own alone unless several were asked for.
    var canvases = CanvasPlan.sizes([])
    var settings = RenderSettings()
    /// Said on standard error before the image is made (a text cut to the limit).
    var warnings: [String] = []
    /// Set it as the desktop's wallpaper once written (`--apply`); nil when not asked.
    var applyAfterwards: SingleOutput.ApplyAfterwards?
    /// How the image was asked for, written into the file (nil with --no-metadata).
    var provenance: Provenance?
    /// The real sky the scene is painted under (`--at`, `--place`), resolved.
    var sky: SkyOptions.Reading?
    /// Show each picture in the terminal once written (`--preview`).
    var preview = false
    /// Write the picture's colour scheme once it is written (`--scheme`).
    var scheme: SchemeChoice? = nil
}

public typealias WallpaperRequest = ImageRequest<SeasonWallpaper>
public typealias TermRequest = ImageRequest<TermCard>

/// `wallgen [options]` and `wallgen term NAME`: one image, written where asked, or
/// several (several sizes, one per monitor, or one picture spanning the monitors).
enum ImageCommand {
    static func run<Design>(_ request: ImageRequest<Design>, subject: String, _ output: StatusOutput)
        throws(CommandFailure)
    {
        for warning in request.warnings { Console.report(warning) }
        if let scheme = request.scheme {
            do {
                try SchemeWriting.check(scheme)
            } catch {
                throw .in("scheme", error, status: error.exitCode)
            }
        }
        let outputs: [PlannedOutput]
        let span: SpanLayout?
        let monitors: [Monitor]
        do {
            (outputs, span, monitors) = try plan(request, environment: ProcessEnvironment.variables)
        } catch {
            throw .from(error)
        }
        let files = outputs.compactMap { if case .file(let path) = $0.target { path } else { nil } }
        guard outputs.count == 1, let only = outputs.first else {
            try SeveralOutputs.run(request, outputs, span: span, monitors: monitors, subject: subject, output)
            return try finish(files, request, output)
        }
        // One picture: made as it always was, whatever asked for it. At the screen's size
        // (`--apply` alone) its note records that size, so it can be made again.
        let spec = Design.spec(request.spec, width: only.size.width, height: only.size.height)
        let note =
            if case .screens = request.canvases { request.provenance?.resized(to: only.size) } else {
                request.provenance
            }
        // With --scheme the picture's pixels are kept for it: read back from the file, a
        // 4K PNG's decode would take longer than the picture.
        var kept: Image?
        try SingleOutput.run(
            only.target, format: request.settings.encoding.format, subject: subject, output,
            thenApply: request.applyAfterwards, derived: only.derived
        ) {
            (file) throws(PipelineError) in
            let pipeline: DesignPipeline<Design> = request.settings.pipeline(try DataDirectory.locate(), output: output)
            // Else `SingleOutput` reads only the picture's size.
            let rendered = try pipeline.render(spec, provenance: note, into: file, keepsPixels: request.scheme != nil)
            if request.scheme != nil { kept = rendered.image }
            return rendered
        }
        try finish(files, request, output, picture: kept)
    }

    /// After the pictures: their scheme (`--scheme`, from the first: its pixels as rendered
    /// when kept, else read back), then the preview.
    private static func finish<Design>(
        _ files: [String], _ request: ImageRequest<Design>, _ output: StatusOutput, picture: Image? = nil
    ) throws(CommandFailure) {
        if let scheme = request.scheme, let first = files.first {
            try SchemeWriting.writeAfterPicture(first, scheme, output, picture: picture)
        }
        if request.preview { ShowCommand.preview(files) }
    }

    /// The files the request makes, the layout when they are one picture spanning the
    /// monitors, and the monitors (one per file, in order) when made per monitor.
    /// Monitors are found here, when the command runs.
    static func plan<Design>(_ request: ImageRequest<Design>, environment: [String: String]) throws
        -> ([PlannedOutput], SpanLayout?, [Monitor])
    {
        switch request.canvases {
        case .sizes(let canvases):
            let named = canvases.isEmpty ? [NamedCanvas(size: request.size, device: nil)] : canvases
            return (try OutputNaming.plan(request.output, OutputNaming.entries(named), keepsSingleName: true), nil, [])
        case .screens(let file):
            // No size was asked for a picture that is to be the wallpaper: the screen's own.
            let monitors: [Monitor]
            do {
                monitors = try findMonitors(file: file, environment: environment)
            } catch {
                let size = request.size
                Console.report(
                    "Warning: no monitor was found (\(error)); the picture is \(size.width)x\(size.height): give --size or --device for your screen's"
                )
                return (try OutputNaming.plan(request.output, [Self.entry(size)], keepsSingleName: true), nil, [])
            }
            try checkMonitors(monitors, source: file, request.settings)
            let sizes = monitors.map { CanvasSize(width: $0.width, height: $0.height) }
            // Every monitor one size: one picture, under the name as given, set on them all.
            if let first = sizes.first, sizes.allSatisfy({ $0 == first }) {
                return (try OutputNaming.plan(request.output, [Self.entry(first)], keepsSingleName: true), nil, [])
            }
            return (try perMonitor(request, monitors), nil, monitors)
        case .monitors(let spans, let file):
            if spans,
                Design.spanning(request.spec, width: 1, height: 1, textFrame: .init(x: 0, y: 0, width: 1, height: 1))
                    == nil
            {
                throw CommandFailure(
                    "--span lays a wallpaper across the monitors; a card's lines would be cut at the seams (--device here makes one card per monitor)",
                    option: "span")
            }
            let monitors = try findMonitors(file: file, environment: environment)
            try checkMonitors(monitors, source: file, request.settings)
            let layout = spans ? SpanLayout(monitors) : nil
            if let layout {
                let canvas = CanvasSize(width: layout.canvasWidth, height: layout.canvasHeight)
                guard canvas.width <= CanvasSize.maxSide, canvas.height <= CanvasSize.maxSide else {
                    throw CommandFailure(
                        "--span: the monitors' layout is \(canvas.width)x\(canvas.height), more than \(CanvasSize.maxSide) pixels across",
                        option: "span")
                }
                try canvas.check(maxPixels: request.settings.limits.maxPixels)
            }
            return (try perMonitor(request, monitors), layout, monitors)
        }
    }

    /// The monitors from `file` (`--monitors`), or the session's.
    static func findMonitors(file: String?, environment: [String: String]) throws -> [Monitor] {
        if let file { return try MonitorDetection.read(path: file) }
        return try MonitorDetection.detect(environment: environment, runner: ProcessRunner(environment: environment)).1
    }

    /// Refuses a monitor whose picture wallgen cannot make: a side out of range, more
    /// pixels than `--max-pixels`, more than the format holds.
    static func checkMonitors(_ monitors: [Monitor], source: String?, _ settings: RenderSettings) throws {
        for monitor in monitors {
            let sides = 1...CanvasSize.maxSide
            guard sides.contains(monitor.width), sides.contains(monitor.height) else {
                throw DesktopError.unreadableMonitors(
                    source: source ?? "the session",
                    reason:
                        "the monitor \(monitor.name) is \(monitor.width)x\(monitor.height); its sides must be 1 to \(CanvasSize.maxSide) pixels"
                )
            }
            let canvas = CanvasSize(width: monitor.width, height: monitor.height)
            try canvas.check(maxPixels: settings.limits.maxPixels)
            // Each monitor's picture (or tile of the spanned one) is what is encoded.
            try settings.check(canvas: canvas)
        }
    }

    /// A file for each monitor, named by its output.
    private static func perMonitor<Design>(_ request: ImageRequest<Design>, _ monitors: [Monitor]) throws
        -> [PlannedOutput]
    {
        let entries = OutputNaming.entries(
            monitors: monitors.map { ($0.name, CanvasSize(width: $0.width, height: $0.height)) })
        let outputs = try OutputNaming.plan(request.output, entries, keepsSingleName: false)
        guard outputs.count == monitors.count else {
            throw CommandFailure(
                "--output: two monitors would get the same file; put {device} in the name so each gets its own",
                option: "output")
        }
        return outputs
    }

    /// One canvas named by its size.
    private static func entry(_ size: CanvasSize) -> OutputNaming.Entry {
        OutputNaming.entries([NamedCanvas(size: size, device: nil)])[0]
    }
}

extension ImageRequest {
    /// The spec's own canvas.
    var size: CanvasSize {
        let canvas = Design.canvas(of: spec)
        return CanvasSize(width: canvas.width, height: canvas.height)
    }
}

/// Writing the pictures of a several-size run: every one is rendered (from one decode
/// of the picture) and encoded before any is written, so a picture that cannot be made
/// leaves no file; then each is written atomically, and a write that fails is named,
/// with those written before it.
enum SeveralOutputs {
    /// A picture made for one output, waiting to be written.
    struct Made {
        let target: OutputTarget
        let size: CanvasSize
        let bytes: [UInt8]
        let derived: DerivedPlace?
    }

    /// Every picture made, with the warnings and timings of their renders.
    struct Rendered {
        var made: [Made] = []
        var warnings: [String] = []
        var timings: [StageTimings] = []
    }

    static func run<Design>(
        _ request: ImageRequest<Design>, _ outputs: [PlannedOutput], span: SpanLayout?, monitors: [Monitor],
        subject: String, _ output: StatusOutput
    ) throws(CommandFailure) {
        try checkBeforeStarting(request, outputs, monitors: monitors)
        let clock = ContinuousClock()
        let started = clock.now
        let rendered = try render(request, outputs, span: span, output)
        for warning in rendered.warnings { Console.report(warning) }
        try write(rendered.made, subject: subject, output)
        if output.verbose { for timing in rendered.timings { Console.report(SingleOutput.describe(timing)) } }
        output.status(
            "Wrote \(rendered.made.count) pictures" + (span == nil ? "" : " spanning the monitors") + " in "
                + PrintfNumber.format("%.2f", WallgenCLI.seconds(clock.now - started)) + " s")
        if let apply = request.applyAfterwards {
            // Each monitor the picture just written for it.
            let pictures = zip(monitors, outputs).compactMap { monitor, planned -> MonitorFile? in
                guard case .file(let path) = planned.target else { return nil }
                return MonitorFile(name: monitor.name, path: path)
            }
            try ApplyCommand.run(.monitors(pictures, of: monitors, desktop: apply.desktop), output)
        }
    }

    /// Refuses what cannot start: `--apply` with sizes that are not one per monitor, or an
    /// output that cannot be written.
    private static func checkBeforeStarting<Design>(
        _ request: ImageRequest<Design>, _ outputs: [PlannedOutput], monitors: [Monitor]
    ) throws(CommandFailure) {
        if request.applyAfterwards != nil && monitors.count != outputs.count {
            throw CommandFailure(
                "--apply sets one picture, or one per monitor (--device here, --span), and this makes \(outputs.count) sizes; apply one with wallgen apply FILE",
                option: "apply")
        }
        for planned in outputs { try SingleOutput.precheck(planned.target, derived: planned.derived) }
    }

    /// Every picture rendered and encoded (from one decode of the picture), a step of the
    /// progress line each; nothing is written yet.
    private static func render<Design>(
        _ request: ImageRequest<Design>, _ outputs: [PlannedOutput], span: SpanLayout?, _ output: StatusOutput
    ) throws(CommandFailure) -> Rendered {
        var rendered = Rendered()
        // The same line as a batch's, one step a picture made (they are written after).
        var sizes: [CanvasSize] = []
        for planned in outputs where !sizes.contains(planned.size) { sizes.append(planned.size) }
        let progress = BatchProgress.onStandardError(
            total: span == nil ? sizes.count : outputs.count, unit: span == nil ? "sizes" : "monitors",
            quiet: output.quiet)
        func keep(_ picture: RenderedImage, for planned: [PlannedOutput]) {
            for warning in picture.warnings where !rendered.warnings.contains(warning) {
                rendered.warnings.append(warning)
            }
            rendered.timings.append(picture.timings)
            for item in planned {
                rendered.made.append(
                    Made(target: item.target, size: item.size, bytes: picture.encoded, derived: item.derived))
            }
            if let first = planned.first {
                let name =
                    if case .file(let path) = first.target { FilePath.name(of: path) } else { "-" }
                progress?.advance(label: "\(first.size.width)x\(first.size.height) \(name)")
            }
        }
        do {
            let pipeline: DesignPipeline<Design> = request.settings.pipeline(try DataDirectory.locate(), output: output)
            if let span {
                let main = span.mainTile
                guard
                    let spec = Design.spanning(
                        request.spec, width: span.canvasWidth, height: span.canvasHeight,
                        textFrame: TextFrame(x: main.x, y: main.y, width: main.width, height: main.height))
                else { preconditionFailure("plan refuses --span for designs that cannot span") }
                let tiles = zip(span.tiles, outputs).map { tile, planned in
                    (tile.x, tile.y, tile.width, tile.height, (planned.size.width, planned.size.height))
                }
                try pipeline.renderSpan(spec, tiles: tiles, provenance: request.provenance) { index, picture in
                    keep(picture, for: [outputs[index]])
                }
            } else {
                let notes = sizes.map { request.provenance?.resized(to: $0) }
                try pipeline.render(request.spec, canvases: sizes.map { ($0.width, $0.height) }, provenances: notes) {
                    index, picture in
                    keep(picture, for: outputs.filter { $0.size == sizes[index] })
                }
            }
        } catch {
            progress?.clear()
            throw CommandFailure(error)
        }
        progress?.clear()
        return rendered
    }

    /// Writes each picture atomically and says so; a write that fails is named, with those
    /// written before it and those not written, and ends the run with its status.
    private static func write(_ made: [Made], subject: String, _ output: StatusOutput) throws(CommandFailure) {
        var written: [String] = []
        for (index, item) in made.enumerated() {
            let place = if case .file(let path) = item.target { path } else { "standard output" }
            do {
                try SingleOutput.write(item.bytes, to: item.target, derived: item.derived)
            } catch {
                let before =
                    written.isEmpty ? "none was written" : "written before it: " + written.joined(separator: ", ")
                let after = made[(index + 1)...].compactMap {
                    if case .file(let path) = $0.target { path } else { nil }
                }
                throw CommandFailure(
                    "--output: \(error) (\(index + 1) of \(made.count); \(before)"
                        + (after.isEmpty ? "" : "; not written: " + after.joined(separator: ", ")) + ")",
                    option: "output", status: error.exitCode)
            }
            written.append(place)
            output.status(
                "Wrote \(place): \(subject), \(item.size.width)x\(item.size.height), \(WallgenCLI.formatBytes(item.bytes.count))"
            )
        }
    }
}
