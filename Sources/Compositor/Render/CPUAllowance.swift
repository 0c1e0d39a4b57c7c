internal import CImaging
import FoundationEssentials
import Glibc
import Platform

/// How many CPUs this process may keep busy: the CPUs its affinity mask lets it run on,
/// and its control group's CPU quota rounded up, whichever is smaller.
///
/// A cluster hands a job its CPUs in either way: Slurm and `taskset` narrow the affinity
/// mask, a Kubernetes CPU limit or systemd's `CPUQuota=` set a quota of CPU time per
/// period (cgroup v2 `cpu.max`, v1 `cpu.cfs_quota_us` over `cpu.cfs_period_us`). The
/// machine's core count ignores both, so a pod limited to one CPU on a 64-core node would
/// run 64 renders at once. swift-nio and the JVMs count the same way.
///
/// Parsing, the files read and the one test-only variable live here and nowhere else.
public struct CPUAllowance: Equatable, Sendable, CustomStringConvertible {
    /// CPUs in the affinity mask; nil when it could not be read (the online CPUs count).
    public let affinity: Int?
    /// The quota in CPUs (quota over period: 1.5 is one and a half CPUs' time), the
    /// smallest along the control-group path; nil when there is none.
    public let quota: Double?
    /// CPUs online, the last resort.
    public let online: Int

    public init(affinity: Int?, quota: Double?, online: Int) {
        self.affinity = affinity
        self.quota = quota
        self.online = online
    }

    /// The CPUs to use: never below 1.
    public var cpus: Int {
        var count = affinity ?? online
        if let quota { count = min(count, Int(quota.rounded(.up))) }
        return max(1, count)
    }

    public var description: String {
        var parts = ["\(affinity ?? online) in the affinity mask"]
        if let quota { parts.append("a cgroup quota of \(Self.format(quota))") }
        return "\(cpus) (" + parts.joined(separator: ", ") + ")"
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : PrintfNumber.format("%.2f", value)
    }

    /// The test-only variable naming another cgroup file system root than
    /// `/sys/fs/cgroup`: the tests point it at a folder of fake `cpu.max` or
    /// `cpu.cfs_quota_us` files. Not for users; documented as such in CONTRIBUTING.md.
    public static let cgroupRootVariable = "WALLGEN_TEST_CGROUP_ROOT"

    /// This process's allowance, read once.
    public static let current = CPUAllowance.read(environment: ProcessEnvironment.variables)

    /// Reads the affinity mask, `/proc/self/cgroup` and the quota files under the
    /// cgroup root (`/sys/fs/cgroup`, or `WALLGEN_TEST_CGROUP_ROOT`).
    public static func read(environment: [String: String]) -> CPUAllowance {
        let root = environment[cgroupRootVariable] ?? "/sys/fs/cgroup"
        let membership = (try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8)) ?? ""
        return CPUAllowance(
            affinity: affinityCount(), quota: quota(root: root, membership: membership),
            online: max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// CPUs in this process's affinity mask (`sched_getaffinity`), nil if it cannot be read.
    static func affinityCount() -> Int? {
        let count = Int(wg_cpu_affinity_count())
        return count > 0 ? count : nil
    }

    /// The smallest quota along this process's control-group path under `root`, cgroup
    /// v2 when `root` is a unified hierarchy (it has `cgroup.controllers`), else v1's
    /// `cpu` controller. Folders on the path that do not exist (a container shows its
    /// own root as `/`) are passed over.
    static func quota(root: String, membership: String) -> Double? {
        if PathQueries.exists(root + "/cgroup.controllers") {
            let path = cgroupPath(membership, version2: true) ?? "/"
            return smallest(under: root, path: path) { folder in
                (try? String(contentsOfFile: folder + "/cpu.max", encoding: .utf8)).flatMap(parseCPUMax)
            }
        }
        let path = cgroupPath(membership, version2: false) ?? "/"
        for mount in ["cpu", "cpu,cpuacct", "cpuacct,cpu"] where PathQueries.exists(root + "/" + mount) {
            return smallest(under: root + "/" + mount, path: path) { folder in
                guard let quota = try? String(contentsOfFile: folder + "/cpu.cfs_quota_us", encoding: .utf8),
                    let period = try? String(contentsOfFile: folder + "/cpu.cfs_period_us", encoding: .utf8)
                else { return nil }
                return parseCFS(quota: quota, period: period)
            }
        }
        return nil
    }

    /// The quota read in each folder from `root + path` up to `root`, the smallest.
    private static func smallest(under root: String, path: String, _ read: (String) -> Double?) -> Double? {
        var components = path.split(separator: "/").map(String.init)
        var found: Double?
        while true {
            let folder = ([root] + components).joined(separator: "/")
            if let quota = read(folder) { found = min(found ?? quota, quota) }
            if components.isEmpty { return found }
            components.removeLast()
        }
    }

    /// This process's path in the hierarchy from `/proc/self/cgroup`: the `0::PATH` line
    /// for v2, the line whose controllers include `cpu` for v1.
    static func cgroupPath(_ membership: String, version2: Bool) -> String? {
        for line in membership.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            if version2 {
                if fields[0] == "0" && fields[1].isEmpty { return String(fields[2]) }
            } else if fields[1].split(separator: ",").contains("cpu") {
                return String(fields[2])
            }
        }
        return nil
    }

    /// cgroup v2 `cpu.max`: `QUOTA PERIOD` in microseconds, or `max PERIOD` for none.
    static func parseCPUMax(_ text: String) -> Double? {
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard fields.count == 2, let quota = Double(fields[0]), let period = Double(fields[1]),
            quota > 0, period > 0, quota.isFinite, period.isFinite
        else { return nil }
        return quota / period
    }

    /// cgroup v1: `cpu.cfs_quota_us` (-1 for none) over `cpu.cfs_period_us`.
    static func parseCFS(quota: String, period: String) -> Double? {
        guard let quota = Double(quota.trimmingWhitespace()),
            let period = Double(period.trimmingWhitespace()), quota > 0, period > 0,
            quota.isFinite, period.isFinite
        else { return nil }
        return quota / period
    }
}
