import Compositor
import Designs

/// `wallgen [options]`: one season wallpaper.
enum WallpaperCommand {
    static func run(_ request: WallpaperRequest, _ output: StatusOutput) -> ExitCode {
        for warning in request.warnings { Console.report(warning) }
        return SingleOutput.run(
            request.output, subject: request.spec.labelText, output,
            thenApply: request.apply ? .init(desktop: request.desktop) : nil
        ) {
            () throws(PipelineError) in
            try WallpaperPipeline(
                data: try DataDirectory.locate(), renderer: Renderer(dithers: request.dithers),
                pngOptions: request.pngOptions, decodeLimits: request.limits
            ).render(request.spec)
        }
    }
}
