// swift-tools-version:6.0
// The captions suite: a caption and timed-metadata authoring library and the `captions` CLI.
// Module layout and dependency direction follow ../shared/GUIDE.md (each line: what a module
// depends on ← the module):
//   CaptionCore ← LocatedJSON (the one JSON reader, with line and column), SRT, WebVTT, CEA608;
//   CaptionCore, LocatedJSON ← CaptionJSON;  CaptionCore, CEA608 ← SCC, Validation;
//   CaptionCore, XML ← ITT;  FileSafety ← ISOBMFF;  CaptionCore, FileSafety, XML, ISOBMFF ← Metadata;
//   CaptionCore, CEA608, CEA708, CaptionData, MCC, SCC, WebVTT, ITT, ISOBMFF ← CaptionTracks;  every caption format,
//   Validation, FileSafety, CaptionTracks ← CaptionKit;  CaptionCore ← Render;
//   CaptionCore, FileSafety, Metadata ← Media (a compositor's request carries the timed
//   metadata in force);  CaptionCore, Render, Metadata, LocatedJSON ← Dashboard (the GPS
//   dashboard's widgets, layout file, map and charts);  CaptionCore, Media, Render, Metadata,
//   Dashboard, LocatedJSON ← Composition (the compositor API and the built-in caption and GPS
//   compositors);  CaptionCore, LocatedJSON, FileSafety, GRDB ← Batch (`captions batch`: job
//   file, journal, local pool);  CaptionCore, CaptionKit, Validation, Render, Media, FileSafety,
//   Hummingbird ← Review (`captions review`'s page server);  the CLI depends on all. CI builds with
//   --explicit-target-dependency-import-check error, so a module imports only what it declares.
// Each C library is imported by exactly one Swift module (its bridge owner), with
// `internal import`, so that no C type reaches a public API.
import PackageDescription

let package = Package(
    name: "captions",
    products: [
        .library(name: "CaptionCore", targets: ["CaptionCore"]),
        .library(name: "CaptionKit", targets: ["CaptionKit"]),
        .library(name: "Media", targets: ["Media"]),
        .library(name: "Render", targets: ["Render"]),
        .library(name: "Composition", targets: ["Composition"]),
        .library(name: "Dashboard", targets: ["Dashboard"]),
        // GPS and sensor tracks (GPMF, mebx, GPX) and movies' caption tracks, for app developers
        // who read them without the CLI.
        .library(name: "Metadata", targets: ["Metadata"]),
        .library(name: "CaptionTracks", targets: ["CaptionTracks"]),
        // `captions review`'s local page server, for apps that embed it.
        .library(name: "Review", targets: ["Review"]),
        .executable(name: "captions", targets: ["captions"]),
        .executable(name: "captions-media", targets: ["captions-media"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `make docs`: the DocC catalog (Sources/CaptionKit/CaptionKit.docc); a command plugin
        // only, built when asked for, never linked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // `captions review`: the page's HTTP server on 127.0.0.1 (Specs/review-server.md).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        // The batch journal (Sources/Batch): SQLite through GRDB, over the system's libsqlite3.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
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
            pkgConfig: "libavformat libavcodec libavutil libswscale libswresample libavfilter",
            providers: [
                .apt([
                    "libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev", "libswresample-dev",
                    "libavfilter-dev",
                ])
            ]),
        .systemLibrary(
            name: "CFriBidi", path: "Sources/CFriBidi", pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(
            name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]),

        // MARK: - Pure Swift
        .target(name: "CaptionCore"),
        // Safe inputs and outputs (regular files only, size limits, atomic replace, cleanup on
        // SIGINT/SIGTERM); used by every command that reads or writes files, media included.
        .target(name: "FileSafety"),
        // The one JSON reader (RFC 8259): values pulled from bytes with their offsets, line and
        // column in errors, nesting and size bounded (Specs/limits.md); and a located tree of
        // values for the layout and composition files.
        .target(name: "LocatedJSON", dependencies: ["CaptionCore"]),
        .target(name: "CaptionJSON", dependencies: ["CaptionCore", "LocatedJSON"]),
        .target(name: "CEA608", dependencies: ["CaptionCore"]),
        .target(name: "SCC", dependencies: ["CaptionCore", "CEA608"]),
        // Caption data as digital video carries it: CEA-608 byte pairs and their fields,
        // `cc_data()` (CTA-708-E §4.4), SMPTE ST 334-2 caption distribution packets and DTVCC
        // packets and service blocks (CTA-708-E §5–6); no interpretation of the bytes.
        .target(name: "CaptionData", dependencies: ["CaptionCore", "CEA608"]),
        // CTA-708-E §7–8: the DTVCC code sets, window and pen commands and the decoder's memory,
        // over the service blocks CaptionData carries.
        .target(name: "CEA708", dependencies: ["CaptionCore"]),
        // MacCaption MCC files (V1.0 and V2.0): time-coded caption distribution packets.
        .target(name: "MCC", dependencies: ["CaptionCore", "CaptionData"]),
        .target(name: "Validation", dependencies: ["CaptionCore", "CEA608", "CEA708", "CaptionData", "MCC"]),
        .target(name: "SRT", dependencies: ["CaptionCore"]),
        .target(name: "WebVTT", dependencies: ["CaptionCore"]),
        // ISO BMFF / QuickTime boxes: reading movies' sample tables and adding tracks (mebx, gpmd,
        // c608) by rewriting moov, with the audio and video bytes copied unchanged.
        .target(name: "ISOBMFF", dependencies: ["FileSafety"]),
        // Timed metadata: the model (TimedMetadataGroup, MetadataItem), GPX, GoPro GPMF, QuickTime
        // mebx tracks, sync and filters.
        .target(name: "Metadata", dependencies: ["CaptionCore", "FileSafety", "XML", "ISOBMFF"]),
        // Captions inside movies: c608 closed-caption tracks, A/53 cc_data in H.264/HEVC SEI,
        // tx3g subtitle tracks and WebVTT tracks (wvtt, whose cues the WebVTT module parses and
        // lays out), read and written over ISOBMFF without decoding any picture.
        .target(
            name: "CaptionTracks",
            dependencies: ["CaptionCore", "CEA608", "CEA708", "CaptionData", "MCC", "SCC", "WebVTT", "ITT", "ISOBMFF"]),
        .target(
            name: "CaptionKit",
            dependencies: [
                "CaptionCore", "CaptionJSON", "CEA608", "SCC", "ITT", "SRT", "WebVTT", "Validation", "FileSafety",
                "CaptionTracks", "CaptionData",
            ]),

        // MARK: - Bridge owners
        // XML is the only module that imports CLibXML2: the hardened libxml2 reader that ITT and
        // the GPX reader share.
        .target(name: "XML", dependencies: ["CaptionCore", "CLibXML2"]),
        .target(name: "ITT", dependencies: ["CaptionCore", "XML"]),
        // Render is the only module that imports CFreeType, CHarfBuzz, CFriBidi and CFontconfig.
        .target(name: "Render", dependencies: ["CaptionCore", "CFreeType", "CHarfBuzz", "CFriBidi", "CFontconfig"]),
        // Media is the only module that imports CFFmpeg (`internal import`, so no C type reaches
        // its API). It builds in the Swift 6 language mode like every other module: its handles
        // own their FFmpeg objects and never cross threads.
        .target(name: "Media", dependencies: ["CaptionCore", "CFFmpeg", "FileSafety", "Metadata"]),
        // The GPS dashboard: widgets, the JSON layout file (Specs/dashboard-layout.md), the default
        // layout for any size, map projection and charts, drawn as layers by Render. Kept apart
        // from Composition so that it stays small; no C and no FFmpeg of its own.
        .target(name: "Dashboard", dependencies: ["CaptionCore", "Render", "Metadata", "LocatedJSON"]),
        // The compositor API (VideoComposition, instructions, VideoCompositing requests with
        // timed metadata) and the built-in caption and GPS compositors; no C of its own.
        .target(
            name: "Composition",
            dependencies: ["CaptionCore", "Media", "Render", "Metadata", "Dashboard", "LocatedJSON"]),

        // `captions review`: a local page that plays a movie with its captions, our renderer's
        // overlays and the validator's findings, and saves edits (Specs/review-server.md). The
        // HTTP server (Hummingbird) is bound to loopback and serves only the files it was given.
        .target(
            name: "Review",
            dependencies: [
                "CaptionCore", "CaptionKit", "Validation", "Render", "Media", "FileSafety",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [
                .embedInCode("Page/index.html"), .embedInCode("Page/review.js"), .embedInCode("Page/review.css"),
            ]),
        // `captions batch`: the job model, the SQLite journal (GRDB) and the local pool that runs
        // each job as a child `captions` process (Specs/batch-jobs.md); no C of its own.
        .target(
            name: "Batch",
            dependencies: ["CaptionCore", "LocatedJSON", "FileSafety", .product(name: "GRDB", package: "GRDB.swift")],
            // The Ray driver (`--engine ray`): a Python package beside the module, run by Python.
            exclude: ["Ray"]),

        // MARK: - CLI
        // Two executables so that the common commands never load FFmpeg: linking libavcodec
        // pulls in ~140 shared libraries and costs ~35 ms and ~20 MB at every process start.
        // `captions` forwards the media commands (preview, burn, export) to `captions-media`.
        .target(
            name: "CaptionsCLI",
            dependencies: [
                "CaptionKit", "FileSafety", "Metadata",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "captions",
            dependencies: [
                "CaptionsCLI", "Metadata", "ISOBMFF", "FileSafety", "CaptionTracks", "CaptionData", "MCC", "CEA708",
                "Batch", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "captions-media",
            dependencies: [
                "CaptionsCLI", "Render", "Media", "Composition", "Dashboard", "Metadata", "CaptionTracks",
                "CaptionData",
                "FileSafety", "Review",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // MARK: - Fuzzing (Fuzz/README.md)
        // The fuzz targets' checks, and their driver: libFuzzer's entry points when built by
        // `make fuzz` (-D CAPTIONS_LIBFUZZER, --sanitize fuzzer), a replay tool otherwise.
        .target(
            name: "FuzzTargets",
            dependencies: [
                "CaptionKit", "ITT", "WebVTT", "Metadata", "ISOBMFF", "CaptionTracks", "CaptionData", "CEA708", "MCC",
            ]),
        .executableTarget(name: "captions-fuzz", dependencies: ["FuzzTargets", "FileSafety"]),

        // MARK: - Tests
        .target(name: "TestSupport", dependencies: ["CaptionCore"], path: "Tests/TestSupport"),
        .testTarget(name: "CaptionCoreTests", dependencies: ["CaptionCore", "TestSupport"]),
        .testTarget(name: "FileSafetyTests", dependencies: ["FileSafety", "TestSupport"]),
        .testTarget(name: "LocatedJSONTests", dependencies: ["LocatedJSON", "TestSupport"]),
        .testTarget(name: "CaptionJSONTests", dependencies: ["CaptionJSON", "TestSupport"]),
        .testTarget(name: "CEA608Tests", dependencies: ["CEA608", "TestSupport"]),
        .testTarget(name: "SCCTests", dependencies: ["SCC", "CEA608", "TestSupport"]),
        .testTarget(name: "CaptionDataTests", dependencies: ["CaptionData", "TestSupport"]),
        .testTarget(
            name: "MCCTests", dependencies: ["MCC", "CaptionData", "TestSupport", "SCC", "CEA608", "CaptionCore"]),
        .testTarget(name: "CEA708Tests", dependencies: ["CEA708", "SCC", "TestSupport"]),
        .testTarget(name: "XMLTests", dependencies: ["XML", "TestSupport"]),
        .testTarget(name: "ISOBMFFTests", dependencies: ["ISOBMFF", "TestSupport"]),
        .testTarget(name: "MetadataTests", dependencies: ["Metadata", "ISOBMFF", "TestSupport"]),
        .testTarget(
            name: "CaptionTracksTests",
            dependencies: [
                "CaptionTracks", "CaptionData", "CaptionKit", "ISOBMFF", "MCC", "SCC", "WebVTT", "TestSupport",
            ]),
        .testTarget(name: "ITTTests", dependencies: ["ITT", "TestSupport"]),
        .testTarget(name: "SRTTests", dependencies: ["SRT", "CaptionKit", "TestSupport"]),
        .testTarget(
            name: "WebVTTTests", dependencies: ["WebVTT", "CaptionKit", "TestSupport"], exclude: ["WPT/harness.js"]),
        .testTarget(
            name: "ValidationTests",
            dependencies: ["Validation", "SCC", "CEA608", "CEA708", "MCC", "CaptionData", "TestSupport"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "Media", "ITT", "TestSupport"]),
        .testTarget(name: "MediaTests", dependencies: ["Media", "TestSupport"]),
        .testTarget(
            name: "CompositionTests",
            dependencies: ["Composition", "Media", "Render", "Metadata", "Dashboard", "TestSupport"]),
        .testTarget(name: "DashboardTests", dependencies: ["Dashboard", "Render", "Metadata", "TestSupport"]),
        .testTarget(
            name: "CLITests", dependencies: ["CaptionKit", "CaptionsCLI", "MCC", "CaptionData", "TestSupport"]),
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets", "CaptionData", "TestSupport"]),
        .testTarget(name: "BatchTests", dependencies: ["Batch", "TestSupport"]),
        .testTarget(name: "FaultInjectionTests", dependencies: ["FileSafety", "TestSupport"]),
        .testTarget(
            name: "ReviewTests",
            dependencies: ["Review", "CaptionCore", "CaptionKit", "Render", "Media", "TestSupport"]),
    ]
)
