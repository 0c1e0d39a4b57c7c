// swift-tools-version:6.0
import PackageDescription

// KernelsAVX2 is compiled for Haswell-class x86-64 (x86-64-v3); the compositor runs it
// only after asking the processor. Other architectures build it without the flag.
#if arch(x86_64)
    let avx2Flags: [SwiftSetting] = [.unsafeFlags(["-target-cpu", "haswell"])]
#else
    let avx2Flags: [SwiftSetting] = []
#endif

let package = Package(
    name: "wallgen",
    products: [
        .executable(name: "wallgen", targets: ["wallgen"]),
        .executable(name: "wallgen-bench", targets: ["wallgen-bench"]),
        .executable(name: "wallgen-painter", targets: ["wallgen-painter"]),
        .executable(name: "FuzzJPEG", targets: ["FuzzJPEG"]),
        .executable(name: "FuzzPNG", targets: ["FuzzPNG"]),
        .executable(name: "FuzzWebP", targets: ["FuzzWebP"]),
        .executable(name: "FuzzHEIC", targets: ["FuzzHEIC"]),
        .executable(name: "FuzzFont", targets: ["FuzzFont"]),
        .executable(name: "FuzzArguments", targets: ["FuzzArguments"]),
        .executable(name: "FuzzManifest", targets: ["FuzzManifest"]),
    ],
    targets: [
        // pixman, the blend library X and cairo use: the benchmark's peer for the blend loop.
        // Nothing but wallgen-bench links it.
        .systemLibrary(
            name: "CPixman",
            pkgConfig: "pixman-1",
            providers: [.apt(["libpixman-1-dev"])]
        ),
        // zlib as a peer: what wallgen-bench measures PNG compression against, and the
        // independent inflater the tests check wallgen's streams with.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Opening a C library on first use (dlopen) and filling a table of its functions: for
        // CImaging's FreeType, HarfBuzz, libheif, libwebp's three, Little CMS and fontconfig,
        // and CHTTP's civetweb.
        .target(name: "CLibraryLoader"),
        // The only place libpng, libdeflate, libjpeg-turbo, libwebp, libheif, Little CMS, FreeType,
        // HarfBuzz and fontconfig are called. Their setjmp/longjmp error handling stays
        // inside these C functions; Swift sees status codes and messages.
        .target(
            name: "CImaging",
            dependencies: ["CLibraryLoader"],
            // FreeType's and HarfBuzz's headers live in folders of their own under
            // /usr/include (pkg-config's cflags). Not a system-library target: SwiftPM would
            // link what pkg-config's libs name, and they are loaded on first use instead.
            cSettings: [.unsafeFlags(["-I/usr/include/freetype2", "-I/usr/include/harfbuzz"])],
            linkerSettings: [
                // What a card or wallpaper always uses. The rest are not linked but loaded
                // on first use (CLibraryLoader), so a run that does not need them does
                // not map and relocate them before main: FreeType and HarfBuzz (the first
                // font, loaded ahead by the commands that draw text), libheif (the first HEIC or AVIF),
                // libwebp with libwebpmux and libwebpdemux (the first WebP), Little CMS (the
                // first colour profile) and fontconfig (the first character no bundled font
                // has). Only their headers are needed to build.
                .linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("deflate"), .linkedLibrary("jpeg"),
            ]
        ),
        // The HTTP server of `wallgen studio`: civetweb, which parses every request, behind a
        // small shim. It is not linked: civetweb_library.c loads it when a server starts, so
        // no other run maps it. Only its header (libcivetweb-dev) is needed to build.
        .target(name: "CHTTP", dependencies: ["CLibraryLoader"]),
        // The C side of the file writer and reader: O_TMPFILE, the signal handler that
        // removes temporaries, mapped files' SIGBUS guard. No library, only the kernel.
        .target(name: "CFiles"),
        // The one way wallgen writes a file: temporaries, modes, fsync, links, and paths
        // opened beneath a folder's descriptor; and files mapped for reading.
        .target(name: "Files", dependencies: ["CFiles", "Platform"]),
        // What wallgen asks of Linux itself (locks, threads, child processes, printf's
        // numbers, standard error): the parts of full Foundation it used, so every module
        // imports only FoundationEssentials, and ICU's data stays out of the binary.
        .target(name: "Platform", dependencies: ["CFiles"]),
        // The hot pixel loops, written once; KernelsAVX2 compiles a second copy of them (its
        // row compositing loops are CImaging's, in AVX2).
        .target(name: "Kernels"),
        .target(name: "KernelsAVX2", dependencies: ["CImaging", "Kernels"], swiftSettings: avx2Flags),
        // Deflate as PNG uses it: the run-length encoder, its Huffman codes and bit writer,
        // Adler-32 and the joiner that makes one zlib stream of bands compressed apart.
        .target(name: "Deflate", dependencies: ["CImaging"]),
        // The imaging engine: pixels, codecs, resampling, layers, text. Knows nothing of seasons.
        .target(
            name: "Compositor",
            dependencies: ["CImaging", "Deflate", "Escaping", "Files", "Kernels", "KernelsAVX2", "Platform"],
            swiftSettings: [.define("WALLGEN_CHECKS", .when(configuration: .debug))]
        ),
        // wallgen's painter: every scene painted at a canvas's own size and shape. Optimised
        // in debug builds too: unoptimised, a 5K painting takes minutes, and the tests paint.
        .target(
            name: "Scenery", dependencies: ["Platform"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Paints the bundled pictures (Tools/painter/paint-assets.sh).
        .executableTarget(name: "wallgen-painter", dependencies: ["Scenery", "Almanac", "Platform"]),
        // What the pictures are about: seasons, their themes, dates. Knows nothing of pixels.
        .target(name: "Almanac", dependencies: ["Platform"]),
        // One escaper per output language (HTML, links, JSON, XML, systemd, desktop entries,
        // iCalendar, roff, shells), on Unicode scalars, and the page policy; every writer uses them.
        .target(name: "Escaping"),
        // The pictures wallgen makes: a spec plus domain data becomes a Scene, and the
        // pipeline that reads inputs, renders and encodes it.
        .target(name: "Designs", dependencies: ["Compositor", "Almanac", "Escaping", "Files", "Platform", "Scenery"]),
        // Where pictures go after the file: desktop setters, schedules (GNOME timed XML,
        // systemd user units), calendar feeds. Knows paths, commands and instants; no pixels.
        .target(name: "Desktop", dependencies: ["Almanac", "Escaping", "Files", "Platform"]),
        // The one batch engine (items several at once, their failures, the status, the
        // progress line), handed a render function by `batch`, `terms` and `schedule`;
        // and the manifests, shards and reports of `wallgen batch`. FoundationEssentials only,
        // no pixels.
        .target(name: "Batch", dependencies: ["Escaping", "Files", "Platform"]),
        // The local page of `wallgen studio`: routes, the token, Host and Origin checks, uploads,
        // and the page itself compiled in. It renders nothing: the command layer hands it an engine.
        .target(
            name: "Studio", dependencies: ["CHTTP", "Escaping", "Files", "Platform"],
            resources: [
                .embedInCode("Page/studio.html"), .embedInCode("Page/studio.css"), .embedInCode("Page/studio.js"),
            ]
        ),
        // Pictures shown in a terminal: kitty's graphics, iTerm2's inline images, sixel with a
        // fitted palette, half blocks; the window's size and which protocol it speaks.
        .target(name: "TerminalGraphics", dependencies: ["Compositor", "Escaping"]),
        // Colour schemes for terminals and desktops from a picture's own colours: the terminal's
        // sixteen checked for contrast, Material 3's roles, and the files each program reads.
        .target(name: "Schemes", dependencies: ["Escaping"]),
        // The command line: parse, validate, run, report.
        .target(
            name: "WallgenCommands",
            dependencies: [
                "Designs", "Compositor", "Almanac", "Desktop", "Batch", "Escaping", "Files", "Studio", "Platform",
                "Scenery", "Schemes", "TerminalGraphics",
            ]),
        .executableTarget(name: "wallgen", dependencies: ["WallgenCommands", "Platform"]),
        .executableTarget(
            name: "wallgen-bench",
            dependencies: ["Designs", "Compositor", "Almanac", "Batch", "Files", "CPixman", "CZlib"]),
        // Fuzz targets for libFuzzer (Scripts/fuzz); in ordinary builds they replay
        // saved inputs, which the tests do with Fuzz/regressions.
        .target(name: "FuzzSupport", dependencies: ["Compositor"]),
        .executableTarget(name: "FuzzJPEG", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzPNG", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzWebP", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzHEIC", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzFont", dependencies: ["Compositor", "FuzzSupport"]),
        .executableTarget(name: "FuzzArguments", dependencies: ["WallgenCommands", "Almanac", "FuzzSupport"]),
        .executableTarget(name: "FuzzManifest", dependencies: ["Batch", "FuzzSupport"]),
        // Helpers several test targets share: temporary folders that clean up, a seeded
        // generator, an independent PNG writer.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "CompositorTests",
            dependencies: ["Compositor", "Files", "Kernels", "CImaging", "CZlib", "TestSupport"]),
        .testTarget(name: "FilesTests", dependencies: ["Files", "TestSupport"]),
        .testTarget(name: "AlmanacTests", dependencies: ["Almanac", "TestSupport"]),
        .testTarget(name: "DeflateTests", dependencies: ["Deflate", "CImaging", "CZlib", "TestSupport"]),
        .testTarget(name: "DesktopTests", dependencies: ["Desktop", "Almanac", "Escaping", "TestSupport"]),
        .testTarget(name: "DesignsTests", dependencies: ["Designs", "Compositor", "Almanac", "Escaping"]),
        .testTarget(name: "SceneryTests", dependencies: ["Scenery"]),
        .testTarget(
            name: "WallgenCommandsTests",
            dependencies: [
                "WallgenCommands", "Almanac", "Batch", "Compositor", "Designs", "Files", "Studio", "TestSupport",
            ]),
        .testTarget(name: "BatchTests", dependencies: ["Batch", "TestSupport"]),
        .testTarget(name: "TerminalGraphicsTests", dependencies: ["TerminalGraphics", "Compositor", "TestSupport"]),
        .testTarget(name: "SchemesTests", dependencies: ["Schemes", "TestSupport"]),
        .testTarget(name: "EscapingTests", dependencies: ["Escaping", "TestSupport"]),
        .testTarget(name: "PlatformTests", dependencies: ["Platform"]),
        .testTarget(name: "StudioTests", dependencies: ["Studio", "Platform", "TestSupport"]),
        // Runs the built executables end to end; depends on them so `swift test` builds them.
        .testTarget(
            name: "WallgenTests",
            dependencies: [
                "wallgen", "wallgen-bench", "FuzzJPEG", "FuzzPNG", "FuzzWebP", "FuzzHEIC", "FuzzFont", "FuzzArguments",
                "FuzzManifest", "Compositor", "Files", "Platform", "TestSupport",
            ]),
    ]
)

// Every Swift module reaches the generic types it uses (a dictionary of strings, an array
// of layers) through their metadata accessors, not through mangled names that the runtime
// decodes on first use. Decoding one checks the type's generic requirements by scanning
// every protocol conformance in the binary (3,800 of them, with the standard library
// linked in): 1.8 % of a card's CPU, most of it on the main thread before the picture
// starts decoding, and 0.86 M of `wallgen --version`'s 3.6 M instructions. The accessors
// cost 45 KB of the stripped binary. docs/PERFORMANCE.md, "Generic types found without the
// runtime's search".
for target in package.targets where target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])
        ]
}

// Every C file is built as Debian builds C with its hardening flags: _FORTIFY_SOURCE=2 makes
// glibc check the copies and prints whose sizes the compiler knows (`__memcpy_chk`,
// `__snprintf_chk`: it needs optimisation, so release builds only), and the stack is
// probed as it grows (no jump past the guard page into another mapping) and guarded
// against overruns. Scripts/test-package checks the checked calls are in the binary.
for target in package.targets where target.type == .regular {
    target.cSettings =
        (target.cSettings ?? []) + [
            .define("_FORTIFY_SOURCE", to: "2", .when(configuration: .release)),
            .unsafeFlags(["-fstack-clash-protection", "-fstack-protector-strong"]),
        ]
}
