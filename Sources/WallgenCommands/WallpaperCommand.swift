import Compositor
import Designs

/// `wallgen [options]`: one season wallpaper.
enum WallpaperCommand {
    static func run(_ request: WallpaperRequest, verbose: Bool) -> ExitCode {
        for warning in request.warnings { WallgenCLI.report(warning) }
        return SingleOutput.run(request.output, subject: request.spec.labelText, verbose: verbose) {
            () throws(PipelineError) in
            try WallpaperPipeline(
                data: try DataDirectory.locate(), renderer: Renderer(dithers: request.dithers),
                pngOptions: request.pngOptions, decodeLimits: request.limits
            ).render(request.spec)
        }
    }
}
