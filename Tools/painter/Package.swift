// swift-tools-version:5.9
import PackageDescription

// The painter is a build-time tool: it paints the pictures wallgen ships in
// Assets/. It stays a separate package so the app never links it and so it
// needs nothing beyond the Swift toolchain (Foundation only).
let package = Package(
    name: "painter",
    targets: [
        .executableTarget(
            name: "painter",
            path: "Sources/painter"
        )
    ]
)
