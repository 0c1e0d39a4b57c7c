import Batch
import Foundation
import TestSupport
import Testing

@Suite struct ShardTests {
    @Test func parsingAndRangeChecks() throws {
        #expect(try Shard.parse("2/7").get() == Shard.make(index: 2, count: 7).get())
        #expect(Shard.parse("3/3") == .failure(.indexOutOfRange(index: 3, count: 3)))
        #expect(Shard.parse("1/0") == .failure(.badCount("0")))
        #expect(Shard.parse("-1/3") == .failure(.indexOutOfRange(index: -1, count: 3)))
        #expect(Shard.parse("1of3") == .failure(.malformed("1of3")))
        #expect(Shard.parse("1/3/4") == .failure(.malformed("1/3/4")))
    }

    /// Every row belongs to exactly one shard, and appending rows moves none.
    @Test func everyRowInExactlyOneShardAndStableUnderAppends() throws {
        for count in [1, 2, 3, 7] {
            let shards = try (0..<count).map { try Shard.make(index: $0, count: count).get() }
            for row in 0..<100 {
                #expect(shards.filter { $0.owns(row) }.count == 1)
                #expect(shards.first { $0.owns(row) }?.index == row % count)
            }
        }
    }

    @Test func kubernetesIndexedJob() throws {
        let environment = ["JOB_COMPLETION_INDEX": "4"]
        #expect(ShardSource.auto.detect(environment, count: 7) == .success(try Shard.make(index: 4, count: 7).get()))
        #expect(
            ShardSource.kubernetes.detect(environment.merging(["WALLGEN_SHARDS": "5"]) { $1 }, count: nil)
                == .success(try Shard.make(index: 4, count: 5).get()))
        #expect(
            ShardSource.kubernetes.detect(environment, count: nil)
                == .failure(.missingCount(variable: "JOB_COMPLETION_INDEX")))
        #expect(ShardSource.kubernetes.detect(environment, count: 4) == .failure(.indexOutOfRange(index: 4, count: 4)))
        #expect(
            ShardSource.kubernetes.detect(["JOB_COMPLETION_INDEX": "x"], count: 2)
                == .failure(.badVariable(name: "JOB_COMPLETION_INDEX", value: "x")))
        #expect(ShardSource.none.detect(environment, count: 7) == .success(nil))
    }

    @Test func slurmArray() throws {
        // sbatch --array=1-3: ids 1, 2, 3, MIN 1, COUNT 3.
        let environment = ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"]
        #expect(ShardSource.auto.detect(environment, count: nil) == .success(try Shard.make(index: 2, count: 3).get()))
        #expect(
            ShardSource.slurm.detect(["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "2"], count: nil)
                == .success(try Shard.make(index: 0, count: 2).get()))
        #expect(
            ShardSource.slurm.detect(["SLURM_ARRAY_TASK_ID": "0"], count: nil)
                == .failure(.missingCount(variable: "SLURM_ARRAY_TASK_ID")))
    }

    @Test func gnuParallelOnlyWhenAsked() throws {
        let environment = ["PARALLEL_SEQ": "3", "WALLGEN_SHARDS": "4"]
        #expect(ShardSource.auto.detect(environment, count: nil) == .success(nil))
        #expect(
            ShardSource.parallel.detect(environment, count: nil) == .success(try Shard.make(index: 2, count: 4).get()))
        #expect(
            ShardSource.parallel.detect(["PARALLEL_SEQ": "3"], count: 2)
                == .failure(.indexOutOfRange(index: 2, count: 2)))
    }

    @Test func noEngineMeansTheWholeManifest() {
        #expect(ShardSource.auto.detect([:], count: nil) == .success(nil))
    }
}

@Suite struct ReportFileTests {
    /// The report appears whole at `finish`, and not before; abandoning leaves nothing.
    @Test func appearsOnlyWhenFinished() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/report.json"
            let report = try ReportFile(path: path)
            try report.write(Array("{\"a\":".utf8))
            #expect(!FileManager.default.fileExists(atPath: path))
            try report.write(Array("1}\n".utf8))
            try report.finish()
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"a\":1}\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["report.json"])
            let second = try ReportFile(path: path)
            try second.write(Array("unfinished".utf8))
            second.abandon()
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"a\":1}\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["report.json"])
        }
    }

    @Test func aMissingFolderIsRefusedAtOnce() throws {
        _ = try withTemporaryFolder { folder in
            #expect(throws: ReportFileError.self) { _ = try ReportFile(path: folder + "/none/report.json") }
        }
    }
}
