import Designs

/// `wallgen [options]`: one season wallpaper.
enum WallpaperCommand {
    static func run(_ request: WallpaperRequest) -> ExitCode {
        SingleOutput.run(request.output, subject: request.spec.season.displayName) { () throws(PipelineError) in
            try WallpaperPipeline(data: try DataDirectory.locate(), decodeLimits: request.limits).render(request.spec)
        }
    }
}
