import Foundation

/// A fresh empty folder for one test's files, under the temporary directory.
///
/// Pair it with `defer { removeTemporaryFolder(folder) }`, or use
/// `withTemporaryFolder`: a test run must leave the temporary directory as it found
/// it (`Scripts/test` checks).
public func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "wallgen-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Removes a test's folder and everything in it, even files a test made read-only.
public func removeTemporaryFolder(_ path: String) {
    let manager = FileManager.default
    if let walker = manager.enumerator(atPath: path) {
        for case let entry as String in walker {
            // A folder without write or search permission cannot be emptied, even by
            // root on some file systems: open it up first.
            try? manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path + "/" + entry)
        }
    }
    try? manager.removeItem(atPath: path)
}

/// Runs `body` with a fresh empty folder and removes the folder afterwards.
public func withTemporaryFolder<T>(_ body: (String) throws -> T) throws -> T {
    let path = try temporaryFolder()
    defer { removeTemporaryFolder(path) }
    defer { removeTemporaryFolder(path) }
    return try body(path)
}

/// Seeded generator, so every "random" test sees the same values on every run.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
