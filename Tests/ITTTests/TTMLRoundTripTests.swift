import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import ITT

/// Every iTT fixture, and every shared SCC fixture as the `captions` command converts it to iTT,
/// written as IMSC 1.1 and read back: the same captions — texts, styles, regions (cells in
/// percent of the cell grid, the writer's documented change), alignment, forced display —
/// with times on the same frame (IMSC's media clock times are written to the millisecond).
@Suite struct TTMLRoundTripTests {
    /// `caption` as IMSC 1.1 gives it back: its region's cell lengths in percent of `grid`,
    /// to four decimals, and its times on `rate`'s frames.
    static func expected(_ caption: Caption, grid: (columns: Double, rows: Double), rate: FrameRate) -> Caption {
        var c = onFrames(caption, rate: rate)
        func percent(_ d: CaptionDimension, _ of: Double) -> CaptionDimension {
            d.unit == .cells ? .percent((d.value / of * 100 * 10_000).rounded() / 10_000) : d
        }
        if let r = c.region {
            c.region?.origin = r.origin.map {
                CaptionPoint(x: percent($0.x, grid.columns), y: percent($0.y, grid.rows))
            }
            c.region?.size = r.size.map {
                CaptionSize(width: percent($0.width, grid.columns), height: percent($0.height, grid.rows))
            }
        }
        return c
    }

    /// `caption` with both times replaced by the nearest frame's start at `rate`.
    static func onFrames(_ caption: Caption, rate: FrameRate) -> Caption {
        var c = caption
        func snap(_ t: MediaTime) -> MediaTime {
            guard let f = rate.frame(at: t, rounding: .nearestOrAwayFromZero) else { return t }
            return MediaTime(value: f * Int64(rate.seconds), timescale: Int32(rate.frames))
        }
        c.timeRange = TimeRange(start: snap(c.timeRange.start), end: snap(c.timeRange.end))
        return c
    }

    /// Writes `document` as IMSC 1.1, reads it back with ``TTMLReader`` and compares.
    static func expectSameThroughIMSC(_ document: CaptionDocument, _ label: String) throws {
        let written = try TTMLWriter(profile: .imsc11Text).write(document)
        let (back, profile) = try TTMLReader(options: CaptionFormatOptions(fileName: label)).readWithProfile(
            written.bytes)
        #expect(profile == .imsc11Text, "\(label)")
        let rate = document.frameRate ?? ITTWriter.defaultFrameRate
        let grid =
            document.metadata["itt.cellResolution"].flatMap {
                let p = $0.split(separator: " ").compactMap { Double($0) }
                return p.count == 2 ? (p[0], p[1]) : nil
            } ?? (32, 15)
        let want = document.captions.map { expected($0, grid: grid, rate: rate) }
        let got = back.document.captions.map { onFrames($0, rate: rate) }
        #expect(got.count == want.count, "\(label): \(got.count) captions against \(want.count)")
        for (i, (g, w)) in zip(got, want).enumerated() where g != w {
            Issue.record("\(label) caption \(i) differs:\n\(g)\n≠\n\(w)")
            return
        }
    }

    @Test func everyITTFixtureSurvivesIMSC() throws {
        let urls = try ITTPeer.heldInFixtures()
        #expect(urls.count >= 4, "\(urls)")
        for url in urls {
            try Self.expectSameThroughIMSC(try ITTTest.read(contentsOf: url).document, url.lastPathComponent)
        }
    }

    /// Each shared SCC fixture the `captions` command converts to iTT (its SCC reading as an iTT
    /// document) survives IMSC 1.1 in the same way.
    @Test func everySharedSCCFixtureSurvivesIMSC() throws {
        let urls = try TestPaths.fixtures(in: TestPaths.sharedFixture("scc"), withExtension: "scc")
        let dir = try TemporaryDirectory("scc-imsc")
        var converted = 0
        for (i, url) in urls.enumerated() {
            let itt = dir.path("\(i).itt")
            let result = try CLIRunner.run(["convert", url.path, itt])
            // Some shared fixtures are damaged on purpose; the command says so and writes nothing.
            guard result.status == 0, FileManager.default.fileExists(atPath: itt) else { continue }
            converted += 1
            let document = try ITTTest.read(contentsOf: URL(fileURLWithPath: itt)).document
            try Self.expectSameThroughIMSC(document, url.lastPathComponent)
        }
        #expect(converted >= urls.count / 2, "only \(converted) of \(urls.count) SCC fixtures converted")
    }
}
