import Designs

/// `wallgen term NAME`: one solar-term card.
enum TermCommand {
    static func run(_ request: TermRequest) -> ExitCode {
        let term = request.spec.term
        return SingleOutput.run(request.output, subject: "\(term.name) \(term.englishName)") {
            () throws(PipelineError) in
            try TermCardPipeline(data: try DataDirectory.locate(), decodeLimits: request.limits).render(request.spec)
        }
    }
}
