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

/// Removes a test's folder and everything in it, even folders a test made read-only.
///
/// Links are never followed: a test's folder may hold links into the repository, and
/// changing what they point at would change the repository's own files.
public func removeTemporaryFolder(_ path: String) {
    openFolders(path)
    try? FileManager.default.removeItem(atPath: path)
}

/// Gives every real folder below `path` (not links to folders) write and search
/// permission, so that its entries can be removed.
private func openFolders(_ path: String) {
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return }
    chmod(path, 0o755)
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
        openFolders(path + "/" + entry)
    }
}

/// Runs `body` with a fresh empty folder and removes the folder afterwards.
public func withTemporaryFolder<T>(_ body: (String) throws -> T) throws -> T {
    let path = try temporaryFolder()
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
