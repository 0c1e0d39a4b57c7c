import FoundationEssentials
import Platform

/// Which rows of a manifest one process renders: those whose index modulo `count` is
/// `index`.
///
/// Modulo, not contiguous blocks: a row keeps its shard when rows are appended to the
/// manifest (blocks would move every boundary), and each shard gets an even mix of
/// the manifest's rows, which are usually sorted by kind and size.
public struct Shard: Equatable, Sendable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    public static let whole = Shard(checkedIndex: 0, count: 1)

    private init(checkedIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// A shard, or a reason why `index`/`count` is none.
    public static func make(index: Int, count: Int) -> Result<Shard, ShardError> {
        guard count >= 1 else { return .failure(.badCount("\(count)")) }
        guard (0..<count).contains(index) else { return .failure(.indexOutOfRange(index: index, count: count)) }
        return .success(Shard(checkedIndex: index, count: count))
    }

    /// `I/N` as `--shard` takes it.
    public static func parse(_ text: String) -> Result<Shard, ShardError> {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            return .failure(.malformed(text))
        }
        return make(index: index, count: count)
    }

    public func owns(_ rowIndex: Int) -> Bool { rowIndex % count == index }

    public var description: String { "\(index)/\(count)" }
}

public enum ShardError: Error, Equatable, Sendable, CustomStringConvertible {
    case malformed(String)
    case badCount(String)
    case indexOutOfRange(index: Int, count: Int)
    case missingCount(variable: String)
    case badVariable(name: String, value: String)

    public var description: String {
        switch self {
        case .malformed(let text): "'\(text)' is not I/N (a shard index from 0 and a count, as 2/7)"
        case .badCount(let text): "the shard count must be at least 1, not \(text)"
        case .indexOutOfRange(let index, let count):
            "shard \(index)/\(count) does not exist: with \(count) shards the index is 0 to \(count - 1)"
        case .missingCount(let variable):
            "\(variable) gives this shard's index but nothing gives the count: pass --shards N or set WALLGEN_SHARDS"
        case .badVariable(let name, let value): "\(name)='\(value)' is not a whole number"
        }
    }
}

/// Where the shard comes from when `--shard` is not given: the job engine's environment.
public enum ShardSource: String, CaseIterable, Sendable {
    /// Kubernetes or Slurm, whichever's variable is set; otherwise the whole manifest.
    case auto
    /// A Kubernetes Indexed Job: `JOB_COMPLETION_INDEX`, the count from `--shards` or
    /// `WALLGEN_SHARDS` (the Job's `completions`).
    case kubernetes
    /// A Slurm job array: `SLURM_ARRAY_TASK_ID` minus `SLURM_ARRAY_TASK_MIN` (0 when
    /// unset), of `SLURM_ARRAY_TASK_COUNT`.
    case slurm
    /// GNU parallel: `PARALLEL_SEQ` (its job number, from 1) minus 1, the count from
    /// `--shards` or `WALLGEN_SHARDS`. Only when asked: the variable is set for any
    /// command parallel runs.
    case parallel
    /// No detection: the whole manifest.
    case none

    /// The shard the environment names, nil when it names none (the whole manifest).
    /// `count` is `--shards` when given.
    public func detect(_ environment: [String: String], count: Int?) -> Result<Shard?, ShardError> {
        func number(_ name: String) -> Result<Int?, ShardError> {
            guard let text = environment[name] else { return .success(nil) }
            guard let value = Int(text.trimmingSpaces()) else {
                return .failure(.badVariable(name: name, value: text))
            }
            return .success(value)
        }
        func counted(_ index: Int, variable: String) -> Result<Shard?, ShardError> {
            let total: Int
            if let count {
                total = count
            } else {
                switch number("WALLGEN_SHARDS") {
                case .failure(let error): return .failure(error)
                case .success(nil): return .failure(.missingCount(variable: variable))
                case .success(let value?): total = value
                }
            }
            return Shard.make(index: index, count: total).map { $0 }
        }
        switch self {
        case .none: return .success(nil)
        case .kubernetes:
            return number("JOB_COMPLETION_INDEX").flatMap { index in
                index.map { counted($0, variable: "JOB_COMPLETION_INDEX") } ?? .success(nil)
            }
        case .parallel:
            return number("PARALLEL_SEQ").flatMap { sequence in
                sequence.map { counted($0 - 1, variable: "PARALLEL_SEQ") } ?? .success(nil)
            }
        case .slurm:
            return number("SLURM_ARRAY_TASK_ID").flatMap { task in
                guard let task else { return .success(nil) }
                return number("SLURM_ARRAY_TASK_MIN").flatMap { minimum in
                    if let count { return Shard.make(index: task - (minimum ?? 0), count: count).map { $0 } }
                    return number("SLURM_ARRAY_TASK_COUNT").flatMap { total in
                        guard let total else { return .failure(.missingCount(variable: "SLURM_ARRAY_TASK_ID")) }
                        return Shard.make(index: task - (minimum ?? 0), count: total).map { $0 }
                    }
                }
            }
        case .auto:
            if environment["JOB_COMPLETION_INDEX"] != nil {
                return ShardSource.kubernetes.detect(environment, count: count)
            }
            if environment["SLURM_ARRAY_TASK_ID"] != nil { return ShardSource.slurm.detect(environment, count: count) }
            return .success(nil)
        }
    }
}
