import Compositor
import Designs

/// `wallgen term NAME`: one solar-term card.
enum TermCommand {
    static func run(_ request: TermRequest, _ output: StatusOutput) -> ExitCode {
        for warning in request.warnings { Console.report(warning) }
        let term = request.spec.term
        return SingleOutput.run(
            request.output, subject: "\(term.name) \(term.englishName)", output,
            thenApply: request.apply ? .init(desktop: request.desktop) : nil
        ) {
            () throws(PipelineError) in
            try TermCardPipeline(
                data: try DataDirectory.locate(), renderer: Renderer(dithers: request.dithers),
                pngOptions: request.pngOptions, decodeLimits: request.limits
            ).render(request.spec)
        }
    }
}
