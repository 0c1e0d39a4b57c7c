import Almanac
import Compositor
import Dispatch
import Files
import FoundationEssentials
import Platform

/// Renders many term cards into one folder, several at once, and reports each as it
/// finishes. One card failing does not stop the others.
public struct CardBatch: Sendable {
    /// What happened to one card.
    public struct Outcome: Sendable {
        public let spec: TermCardSpec
        /// The file written, or why there is none.
        public let result: Result<String, BatchFailure>
        /// A small copy for the contact sheet, when the card was made and the batch
        /// makes thumbnails.
        public let thumbnail: Image?
    }

    public enum BatchFailure: Error, Sendable, CustomStringConvertible {
        case pipeline(PipelineError)
        case file(FileError)

        public var description: String {
            switch self {
            case .pipeline(let error): "\(error)"
            case .file(let error): "\(error)"
            }
        }
    }

    public let pipeline: TermCardPipeline
    public let folder: String
    /// Cards rendered at the same time.
    public let jobs: Int
    /// Width of contact-sheet thumbnails, or nil for none: scaling a card down to one
    /// costs about as much as its own picture's horizontal pass.
    public let thumbnailWidth: Int?

    /// `jobs` is capped at the CPUs the process may use; each card's own rows then share what is
    /// left, so cards times rows never exceeds the cores.
    public init(pipeline: TermCardPipeline, folder: String, jobs: Int, thumbnailWidth: Int?) {
        let jobs = min(max(1, jobs), Parallel.availableCores)
        var shared = pipeline
        shared.renderer.workers = max(1, Parallel.availableCores / jobs)
        // Each card makes the same large buffers as the last: reuse them.
        shared.renderer.recycler = ImageRecycler(capacity: 3 * jobs)
        self.pipeline = shared
        self.folder = folder
        self.jobs = jobs
        self.thumbnailWidth = thumbnailWidth
    }

    /// Added to each file's stem: `-1920x1080` names a schedule's cards by size.
    public var fileSuffix = ""

    /// The file a card is written to: `DIR/01-lichun.png` (`DIR/01-lichun-1920x1080.png`
    /// with a suffix; `.jpg` or `.webp` when the pipeline writes those).
    public func path(for spec: TermCardSpec) -> String {
        folder + "/" + spec.term.fileStem + fileSuffix + "." + pipeline.encoding.format.fileExtension
    }

    /// Renders every spec, calling `finished` (from worker threads, one at a time) as
    /// each card is done. Outcomes come back in the order of `specs`. `provenances`, when
    /// given, holds each card's note of how it was made (see `PNGEncoder`), by index.
    public func run(
        _ specs: [TermCardSpec], provenances: [String?] = [], finished: @Sendable (Outcome) -> Void
    ) -> [Outcome] {
        let state = BatchState(count: specs.count)
        DispatchQueue.concurrentPerform(iterations: min(jobs, specs.count)) { _ in
            while let index = state.claim() {
                let outcome = render(
                    specs[index], provenance: provenances.indices.contains(index) ? provenances[index] : nil)
                state.record(outcome, at: index, finished)
            }
        }
        return state.outcomes.map { $0! }
    }

    private func render(_ spec: TermCardSpec, provenance: String?) -> Outcome {
        do {
            let card = try pipeline.render(spec, provenance: provenance)
            let path = path(for: spec)
            try AtomicFileWriter.write(card.encoded, to: path)
            return Outcome(spec: spec, result: .success(path), thumbnail: thumbnail(of: card.image))
        } catch let error as PipelineError {
            return Outcome(spec: spec, result: .failure(.pipeline(error)), thumbnail: nil)
        } catch let error as FileError {
            return Outcome(spec: spec, result: .failure(.file(error)), thumbnail: nil)
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
    }

    private func thumbnail(of card: Image) -> Image? {
        guard let width = thumbnailWidth else { return nil }
        let height = Int((Double(width) * Double(card.height) / Double(card.width)).rounded())
        return Resampler.coverReducingFirst(card, width: width, height: max(1, height), workers: 1)
    }
}

/// The work queue and results of one batch, shared by its worker threads.
private final class BatchState: @unchecked Sendable {
    private let lock = Lock()
    private var next = 0
    private(set) var outcomes: [CardBatch.Outcome?]

    init(count: Int) {
        outcomes = Array(repeating: nil, count: count)
    }

    func claim() -> Int? {
        lock.withLock {
            guard next < outcomes.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func record(_ outcome: CardBatch.Outcome, at index: Int, _ finished: (CardBatch.Outcome) -> Void) {
        lock.withLock {
            outcomes[index] = outcome
            finished(outcome)
        }
    }
}
