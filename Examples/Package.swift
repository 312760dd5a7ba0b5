// swift-tools-version:6.0
// The library as an app developer takes it: each example is a program of its own that depends
// on the captions package by path and imports only its library products, as an app beside a
// checkout would (README "As a library"). `make test-examples` (part of `make test`) builds
// this package and runs every example on inputs made in a temporary folder
// (scripts/run-examples.sh); each example checks its own output and exits non-zero when it is
// wrong. The README's and the DocC articles' Swift code is copied verbatim from these sources
// (Tests/CLITests/DocumentationSnippetTests.swift keeps them the same).
import PackageDescription

/// The captions package's identity: SwiftPM names a package depended on by path after its
/// folder (`captions` in a clone, something else in a worktree or CI's checkout).
let captions = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "captions"

/// A library product of the captions package.
func product(_ name: String) -> Target.Dependency { .product(name: name, package: captions) }

let package = Package(
    name: "captions-examples",
    dependencies: [
        // README "As a library": an app beside the checkout writes `.package(path: "../captions")`.
        .package(path: "..")
    ],
    targets: [
        // Small checks the examples run on their own output (not part of any snippet).
        .target(name: "ExampleChecks", dependencies: [product("CaptionCore"), product("Media")]),
        .executableTarget(name: "read-captions", dependencies: [product("CaptionKit"), "ExampleChecks"]),
        .executableTarget(name: "validate-captions", dependencies: [product("CaptionKit"), "ExampleChecks"]),
        .executableTarget(
            name: "burn-captions",
            dependencies: [
                product("CaptionKit"), product("Composition"), product("Media"), product("Render"), "ExampleChecks",
            ]),
        .executableTarget(name: "progress-bar-compositor", dependencies: [product("Media"), "ExampleChecks"]),
        .executableTarget(
            name: "gps-speed-logger",
            dependencies: [
                product("Composition"), product("Media"), product("Metadata"), product("Render"), "ExampleChecks",
            ]),
        .executableTarget(
            name: "gpx-dashboard",
            dependencies: [
                product("Composition"), product("Media"), product("Metadata"), product("Render"), "ExampleChecks",
            ]),
        .executableTarget(
            name: "export-timeline",
            dependencies: [product("CaptionCore"), product("Composition"), product("Media"), "ExampleChecks"]),
        .executableTarget(
            name: "caption-tracks",
            dependencies: [product("CaptionKit"), product("CaptionTracks"), product("Media"), "ExampleChecks"]),
        .executableTarget(name: "review-session", dependencies: [product("Review"), "ExampleChecks"]),
    ]
)
