// swift-tools-version:6.0
// The captions suite: a caption and timed-metadata authoring library and the `captions` CLI.
// Module layout and dependency direction follow ../shared/GUIDE.md:
//   CaptionCore ← CEA608 ← SCC;  CaptionCore ← ITT;  CaptionCore ← Validation;
//   Render and Media depend on CaptionCore only; Composition on Media and Render; the CLI on all.
// Each C library is imported by exactly one Swift module (its bridge owner).
import PackageDescription

let package = Package(
    name: "captions",
    products: [
        .library(name: "CaptionCore", targets: ["CaptionCore"]),
        .library(name: "CaptionKit", targets: ["CaptionKit"]),
        .library(name: "Media", targets: ["Media"]),
        .library(name: "Render", targets: ["Render"]),
        .library(name: "Composition", targets: ["Composition"]),
        .executable(name: "captions", targets: ["captions"]),
        .executable(name: "captions-media", targets: ["captions-media"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // MARK: - C bridges (system libraries found through pkg-config)
        .systemLibrary(
            name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(
            name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(
            name: "CFFmpeg", path: "Sources/CFFmpeg",
            pkgConfig: "libavformat libavcodec libavutil libswscale",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev"])]),
        .systemLibrary(
            name: "CFriBidi", path: "Sources/CFriBidi", pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev"])]),

        // MARK: - Pure Swift
        .target(name: "CaptionCore"),
        // Safe inputs and outputs (regular files only, size limits, atomic replace, cleanup on
        // SIGINT/SIGTERM); used by every command that reads or writes files, media included.
        .target(name: "FileSafety"),
        .target(name: "CaptionJSON", dependencies: ["CaptionCore"]),
        .target(name: "CEA608", dependencies: ["CaptionCore"]),
        .target(name: "SCC", dependencies: ["CaptionCore", "CEA608"]),
        .target(name: "Validation", dependencies: ["CaptionCore", "CEA608"]),
        .target(
            name: "CaptionKit",
            dependencies: ["CaptionCore", "CaptionJSON", "CEA608", "SCC", "ITT", "Validation", "FileSafety"]),

        // MARK: - Bridge owners
        // ITT is the only module that imports CLibXML2.
        .target(name: "ITT", dependencies: ["CaptionCore", "CLibXML2"]),
        // Render is the only module that imports CFreeType, CHarfBuzz and CFriBidi.
        .target(name: "Render", dependencies: ["CaptionCore", "CFreeType", "CHarfBuzz", "CFriBidi"]),
        // Media is the only module that imports CFFmpeg. It is compiled in the Swift 5 language
        // mode: FFmpeg exposes mutable C globals and callback pointers that Swift 6's strict
        // concurrency checking cannot prove safe, although we never share them across threads.
        .target(
            name: "Media", dependencies: ["CaptionCore", "CFFmpeg", "FileSafety"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // Per-frame compositors over Media and Render (caption burn-in); no C of its own.
        .target(name: "Composition", dependencies: ["CaptionCore", "Media", "Render"]),

        // MARK: - CLI
        // Two executables so that the common commands never load FFmpeg: linking libavcodec
        // pulls in ~140 shared libraries and costs ~35 ms and ~20 MB at every process start.
        // `captions` forwards the media commands (preview, burn, export) to `captions-media`.
        .target(
            name: "CaptionsCLI",
            dependencies: [
                "CaptionKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "captions",
            dependencies: [
                "CaptionsCLI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "captions-media",
            dependencies: [
                "CaptionsCLI", "Render", "Media", "Composition",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // MARK: - Tests
        .target(name: "TestSupport", dependencies: ["CaptionCore"], path: "Tests/TestSupport"),
        .testTarget(name: "CaptionCoreTests", dependencies: ["CaptionCore", "TestSupport"]),
        .testTarget(name: "FileSafetyTests", dependencies: ["FileSafety", "TestSupport"]),
        .testTarget(name: "CaptionJSONTests", dependencies: ["CaptionJSON", "TestSupport"]),
        .testTarget(name: "CEA608Tests", dependencies: ["CEA608", "TestSupport"]),
        .testTarget(name: "SCCTests", dependencies: ["SCC", "CEA608", "TestSupport"]),
        .testTarget(name: "ITTTests", dependencies: ["ITT", "TestSupport"]),
        .testTarget(name: "ValidationTests", dependencies: ["Validation", "SCC", "CEA608", "TestSupport"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "Media", "TestSupport"]),
        .testTarget(name: "MediaTests", dependencies: ["Media", "TestSupport"]),
        .testTarget(name: "CompositionTests", dependencies: ["Composition", "Media", "Render", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["CaptionKit", "CaptionsCLI", "TestSupport"]),
    ]
)
