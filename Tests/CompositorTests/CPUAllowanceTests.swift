import Foundation
import TestSupport
import Testing

@testable import Compositor

/// The CPUs a process may use, from its affinity mask and its cgroup quota, read from
/// fake cgroup trees laid out as the kernel lays out the real ones.
@Suite struct CPUAllowanceTests {
    @Test func cpuMaxIsQuotaOverPeriodOrNothing() {
        #expect(CPUAllowance.parseCPUMax("150000 100000\n") == 1.5)
        #expect(CPUAllowance.parseCPUMax("max 100000\n") == nil)
        #expect(CPUAllowance.parseCPUMax("") == nil)
        #expect(CPUAllowance.parseCPUMax("0 100000") == nil)
        #expect(CPUAllowance.parseCPUMax("inf 1") == nil)
        #expect(CPUAllowance.parseCFS(quota: "-1\n", period: "100000\n") == nil)
        #expect(CPUAllowance.parseCFS(quota: "50000\n", period: "100000\n") == 0.5)
    }

    @Test func theSmallerOfMaskAndRoundedUpQuotaAndNeverZero() {
        #expect(CPUAllowance(affinity: 64, quota: 1, online: 64).cpus == 1)
        #expect(CPUAllowance(affinity: 64, quota: 2.5, online: 64).cpus == 3)
        #expect(CPUAllowance(affinity: 1, quota: 8, online: 64).cpus == 1)
        #expect(CPUAllowance(affinity: nil, quota: nil, online: 6).cpus == 6)
        #expect(CPUAllowance(affinity: 4, quota: 0.1, online: 4).cpus == 1)
        #expect(
            CPUAllowance(affinity: 64, quota: 2.5, online: 64).description
                == "3 (64 in the affinity mask, a cgroup quota of 2.50)")
    }

    @Test func membershipNamesThePathOfEachVersion() {
        let hybrid = "12:cpu,cpuacct:/slurm/job_7\n1:name=systemd:/user.slice\n0::/user.slice/session-3.scope\n"
        #expect(CPUAllowance.cgroupPath(hybrid, version2: true) == "/user.slice/session-3.scope")
        #expect(CPUAllowance.cgroupPath(hybrid, version2: false) == "/slurm/job_7")
        #expect(CPUAllowance.cgroupPath("3:cpuacct:/a\n", version2: false) == nil)
    }

    static func write(_ text: String, _ path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// cgroup v2: the smallest `cpu.max` from the process's own group up to the root,
    /// folders missing from the tree passed over.
    @Test func version2TakesTheSmallestQuotaOnThePath() throws {
        try withTemporaryFolder { root in
            try Self.write("cpu memory\n", root + "/cgroup.controllers")
            try Self.write("max 100000\n", root + "/cpu.max")
            try Self.write("300000 100000\n", root + "/kubepods/cpu.max")
            try Self.write("150000 100000\n", root + "/kubepods/pod1/cpu.max")
            try Self.write("max 100000\n", root + "/kubepods/pod1/c1/cpu.max")
            let quota = CPUAllowance.quota(root: root, membership: "0::/kubepods/pod1/c1\n")
            #expect(quota == 1.5)
            // A container that sees its own group as the root, or a path not in this tree.
            #expect(CPUAllowance.quota(root: root, membership: "0::/\n") == nil)
            #expect(CPUAllowance.quota(root: root, membership: "0::/kubepods/elsewhere\n") == 3)
        }
    }

    /// cgroup v1: `cpu.cfs_quota_us` over `cpu.cfs_period_us` in the `cpu` controller's
    /// hierarchy (mounted as `cpu,cpuacct` on most systems), -1 meaning none.
    @Test func version1ReadsTheCFSQuota() throws {
        try withTemporaryFolder { root in
            try Self.write("-1\n", root + "/cpu,cpuacct/cpu.cfs_quota_us")
            try Self.write("100000\n", root + "/cpu,cpuacct/cpu.cfs_period_us")
            try Self.write("200000\n", root + "/cpu,cpuacct/docker/abc/cpu.cfs_quota_us")
            try Self.write("100000\n", root + "/cpu,cpuacct/docker/abc/cpu.cfs_period_us")
            #expect(CPUAllowance.quota(root: root, membership: "4:cpu,cpuacct:/docker/abc\n0::/\n") == 2)
            #expect(CPUAllowance.quota(root: root, membership: "4:cpu,cpuacct:/\n") == nil)
        }
        try withTemporaryFolder { root in
            #expect(CPUAllowance.quota(root: root, membership: "0::/\n") == nil)
        }
    }

    /// The real process: its mask as the kernel lists it in /proc/self/status.
    @Test func theAffinityMaskOfThisProcess() throws {
        let mask = try #require(CPUAllowance.affinityCount())
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
        let listed = line.split(separator: "\t").last!.split(separator: ",").reduce(0) { total, part in
            let ends = part.split(separator: "-").compactMap { Int($0) }
            return total + (ends.count == 2 ? ends[1] - ends[0] + 1 : 1)
        }
        #expect(mask == listed)
        let read = CPUAllowance.read(environment: [CPUAllowance.cgroupRootVariable: "/nonexistent"])
        #expect(read.quota == nil && read.cpus == mask)
    }
}
