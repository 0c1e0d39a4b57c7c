import Foundation
import TestSupport
import Testing

/// `wallgen batch` runs as many rows at once as the CPUs it was given, not the
/// machine's: under `taskset`, and under a cgroup quota (a fake tree named by the
/// test-only WALLGEN_TEST_CGROUP_ROOT).
@Suite struct BatchCPUsTests {
    static let manifest = """
        {"defaults": {"size": "32x20", "label": "off"}}
        {"season": "winter", "output": "a.png"}
        {"season": "spring", "output": "b.png"}
        {"season": "summer", "output": "c.png"}

        """

    static func batch(in folder: String, environment: [String: String] = [:], prefix: [String] = []) throws
        -> RunResult
    {
        try Data(Self.manifest.utf8).write(to: URL(fileURLWithPath: folder + "/m.jsonl"))
        let wallgen = productsFolder.appendingPathComponent("wallgen").path
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { $1 }
        if prefix.isEmpty {
            return try launch(["batch", "m.jsonl", "-o", "out"], in: folder, environment: merged)
        }
        return try launch(
            Array(prefix.dropFirst()) + [wallgen, "batch", "m.jsonl", "-o", "out"], in: folder, environment: merged,
            executable: URL(fileURLWithPath: prefix[0]))
    }

    /// Rows at once as the summary states it.
    static func atOnce(_ run: RunResult) -> Int? {
        guard let range = run.standardError.range(of: #"rows, (\d+) at a time,"#, options: .regularExpression)
        else { return nil }
        return Int(run.standardError[range].split(separator: " ")[1])
    }

    /// The CPUs in this process's mask as the kernel lists them in /proc/self/status
    /// (`Cpus_allowed_list: 0-3,8`); the child inherits the mask.
    static func allowedCPUs() throws -> Int? {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") }) else {
            return nil
        }
        var count = 0
        for part in line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces).split(
            separator: ",")
        {
            let ends = part.split(separator: "-").compactMap { Int($0) }
            count += ends.count == 2 ? ends[1] - ends[0] + 1 : 1
        }
        return count
    }

    @Test func tasksetToOneCPUGivesOneRowAtATime() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/taskset") else {
            Issue.record("taskset (util-linux) is not installed: the affinity was not tested")
            return
        }
        try withTemporaryFolder { folder in
            let run = try Self.batch(in: folder, prefix: ["/usr/bin/taskset", "-c", "0"])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(Self.atOnce(run) == 1, "\(run.standardError)")
            // --jobs asks for more, but no more than the one CPU is used.
            let asked = try launch(
                [
                    "-c", "0", productsFolder.appendingPathComponent("wallgen").path, "batch", "m.jsonl", "-o", "more",
                    "--jobs", "8",
                ],
                in: folder, executable: URL(fileURLWithPath: "/usr/bin/taskset"))
            #expect(Self.atOnce(asked) == 1, "\(asked.standardError)")
        }
    }

    @Test func aCgroupQuotaOfHalfACPUGivesOne() throws {
        try withTemporaryFolder { folder in
            let root = folder + "/cgroup"
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try Data("cpu memory\n".utf8).write(to: URL(fileURLWithPath: root + "/cgroup.controllers"))
            try Data("50000 100000\n".utf8).write(to: URL(fileURLWithPath: root + "/cpu.max"))
            let run = try Self.batch(in: folder, environment: ["WALLGEN_TEST_CGROUP_ROOT": root])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(Self.atOnce(run) == 1, "\(run.standardError)")
        }
    }

    /// Without a quota, on a machine of more than one CPU, the mask's CPUs (capped by
    /// the three rows).
    @Test func noQuotaUsesTheMask() throws {
        let online = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        try withTemporaryFolder { folder in
            let root = folder + "/cgroup"
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try Data("cpu memory\n".utf8).write(to: URL(fileURLWithPath: root + "/cgroup.controllers"))
            try Data("max 100000\n".utf8).write(to: URL(fileURLWithPath: root + "/cpu.max"))
            let run = try Self.batch(in: folder, environment: ["WALLGEN_TEST_CGROUP_ROOT": root])
            #expect(run.status == 0, "\(run.standardError)")
            let mask = try #require(try Self.allowedCPUs())
            #expect(Self.atOnce(run) == min(mask, online, 3), "\(run.standardError)")
        }
    }
}
