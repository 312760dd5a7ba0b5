import Foundation
import Media
import Render
import TestSupport
import Testing

/// How far a rendering may drift from its golden image before the test fails.
struct GoldenTolerance: Sendable {
    /// Largest difference allowed in any channel of a pixel that counts as equal.
    var channel: Int
    /// Pixels allowed to differ by more than ``channel``, as a fraction of the golden's ink: its
    /// pixels that differ from the backdrop by more than ``channel``. A fraction of the whole
    /// frame would let a small element (a `.notdef` box, a ruby annotation) vanish unnoticed
    /// in a frame that is mostly backdrop.
    var inkFraction: Double

    /// Bit for bit.
    static let exact = GoldenTolerance(channel: 0, inkFraction: 0)
    /// Antialiasing noise only: what another FreeType or HarfBuzz patch release may change.
    static let tight = GoldenTolerance(channel: 8, inkFraction: 0.005)
    /// Glyph shapes may move by a pixel here and there.
    static let loose = GoldenTolerance(channel: 48, inkFraction: 0.015)
}

/// Golden-image assertions for Fixtures/render/. Set `RECORD_GOLDENS=1` to write the current
/// rendering as the new golden instead of comparing (then look at the images and commit them).
enum Golden {
    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    static func url(_ name: String) -> URL { TestPaths.fixture("render/\(name)") }

    /// Compares `image` with the golden `name`. `background` is what the captions were drawn
    /// over (``backdrop(_:)`` by default); it tells the golden's ink from its backdrop.
    static func check(
        _ image: RGBAImage, _ name: String, tolerance: GoldenTolerance = .tight, background: RGBAImage? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let png = { try PNGCodec.encode(width: image.width, height: image.height, rgba: image.pixels) }
        let file = url(name)
        if recording {
            try Data(try png()).write(to: file)
            // A recording run compares nothing: it must not pass as a check.
            Issue.record("recorded golden \(name); run again without RECORD_GOLDENS=1", sourceLocation: sourceLocation)
            return
        }
        guard FileManager.default.fileExists(atPath: file.path) else {
            // Only RECORD_GOLDENS=1 writes into Fixtures/; otherwise the rendering goes to /tmp.
            let actual = FileManager.default.temporaryDirectory.appendingPathComponent("actual-\(name)")
            try Data(try png()).write(to: actual)
            Issue.record(
                "no golden \(name); rendering written to \(actual.path); record with RECORD_GOLDENS=1",
                sourceLocation: sourceLocation)
            return
        }
        let golden = try PNGCodec.decode([UInt8](try Data(contentsOf: file)))
        #expect(
            golden.width == image.width && golden.height == image.height, "size of \(name)",
            sourceLocation: sourceLocation)
        guard golden.width == image.width, golden.height == image.height else { return }
        let backdrop = try background ?? Golden.backdrop(image.size)
        #expect(backdrop.size == image.size, "size of the background for \(name)", sourceLocation: sourceLocation)
        guard backdrop.size == image.size, golden.rgba.count == image.pixels.count else { return }
        func distance(_ a: [UInt8], _ b: [UInt8], _ i: Int) -> Int {
            var d = 0
            for k in 0..<4 { d = max(d, abs(Int(a[i + k]) - Int(b[i + k]))) }
            return d
        }
        var differing = 0
        var ink = 0
        var worst = 0
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            let d = distance(image.pixels, golden.rgba, i)
            worst = max(worst, d)
            if d > tolerance.channel { differing += 1 }
            if distance(golden.rgba, backdrop.pixels, i) > tolerance.channel { ink += 1 }
        }
        let fraction = Double(differing) / Double(max(1, ink))
        if fraction > tolerance.inkFraction {
            let actual = FileManager.default.temporaryDirectory.appendingPathComponent("actual-\(name)")
            try? Data(try png()).write(to: actual)
            Issue.record(
                "\(name): \(differing) pixels (\(fraction * 100)% of the golden's \(ink) ink pixels) differ by more than \(tolerance.channel), worst \(worst); rendering written to \(actual.path)",
                sourceLocation: sourceLocation)
        }
    }

    /// A fixed backdrop so that transparent and translucent parts show: a dark blue-to-grey
    /// ramp with a lighter band, like a night scene.
    static func backdrop(_ size: RenderSize) throws -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: size.width * size.height * 4)
        for y in 0..<size.height {
            let t = Double(y) / Double(size.height)
            for x in 0..<size.width {
                let s = Double(x) / Double(size.width)
                let band = abs(s - 0.5) < 0.1 ? 60.0 : 0
                let i = (y * size.width + x) * 4
                pixels[i] = UInt8(min(255, 40 + 80 * t + band))
                pixels[i + 1] = UInt8(min(255, 50 + 70 * t + band))
                pixels[i + 2] = UInt8(min(255, 90 + 50 * s + band))
            }
        }
        return try RGBAImage(width: size.width, height: size.height, pixels: pixels)
    }
}

/// The fonts committed under Fixtures/render/fonts, so goldens do not depend on the machine:
/// added to a fontconfig configuration of their own as application fonts, with the aliases of
/// `fonts.conf` there.
enum TestFonts {
    static let directory = TestPaths.fixture("render/fonts").path
    static let configuration = TestPaths.fixture("render/fonts/fonts.conf").path

    static func catalog(overrides: [String] = []) throws -> FontCatalog {
        try FontCatalog(directories: [directory], overrideFiles: overrides, configurationFile: configuration)
    }
}
