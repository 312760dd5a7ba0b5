import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import ITT

/// Every iTT file held in (Fixtures/itt, ../shared/fixtures/itt) read by ttconv, by GStreamer's
/// ttmlparse and by us: the same texts and begin/end times. A peer reads the file as conforming
/// TTML1 (``TTMLPeers/conforming(_:)``: the semicolon fixture's `;` and `29.97` are what our
/// reader reads leniently, with warnings).
@Suite struct ITTFixtureWitnessTests {
    static func conformingCopy(_ url: URL, in dir: TemporaryDirectory, forGStreamer: Bool = false) throws -> String {
        var text = TTMLPeers.conforming(try String(contentsOf: url, encoding: .utf8))
        if forGStreamer { text = try TTMLPeers.forGStreamer(text) }
        let path = dir.path(url.lastPathComponent + (forGStreamer ? ".ttml" : ""))
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// ttconv's ISDs and our captions: texts, times (to a microsecond: both read the frame labels
    /// exactly), region names, and origins and extents where we read them in percent.
    @Test func ttconvReadsEveryHeldInFixtureAsWeDo() throws {
        let dir = try TemporaryDirectory("itt-fixtures-ttconv")
        let fixtures = try ITTPeer.heldInFixtures()
        let copies = try fixtures.map { try Self.conformingCopy($0, in: dir) }
        for (url, theirs) in zip(fixtures, try TTMLPeers.ttconv(copies)) {
            // all-features.itt's paragraphs name their regions, and TTML1 §9.3.3 prunes a
            // paragraph from every region when it and an ancestor name different ones (tested in
            // TTMLRegionTests); its ruby uses Apple's `ry:` markup, which ttconv reads as text.
            let ours = ITTPeer.cues(try ITTTest.read(contentsOf: url).document, rubyAsText: true)
            #expect(!ours.isEmpty, "\(url.lastPathComponent)")
            let differences = ITTPeer.differences(try theirs.get(), ours, tolerance: 1e-6)
            #expect(differences.isEmpty, "\(url.lastPathComponent):\n\(differences.joined(separator: "\n"))")
        }
    }

    /// ttmlparse's buffers and our captions: texts (line ends trimmed: ttmlparse keeps the
    /// spaces a line break in the XML leaves) and times to the millisecond, for every fixture in
    /// what ttmlparse reads; all-features.itt is not (drop-frame labels, `dur`, offset times
    /// and timed spans), and ttconv is its witness.
    @Test func gstreamerReadsEveryHeldInFixtureItCanAsWeDo() throws {
        let dir = try TemporaryDirectory("itt-fixtures-gstreamer")
        let fixtures = try ITTPeer.heldInFixtures()
        let beyond = fixtures.filter { $0.lastPathComponent == "all-features.itt" }
        #expect(beyond.count == 1)
        for url in beyond {
            #expect(throws: PeerDecoders.Failure.self) { try Self.conformingCopy(url, in: dir, forGStreamer: true) }
        }
        let readable = fixtures.filter { $0.lastPathComponent != "all-features.itt" }
        try #require(!readable.isEmpty)
        for url in readable {
            let theirs = try TTMLPeers.gstreamer(try Self.conformingCopy(url, in: dir, forGStreamer: true))
            let ours = ITTPeer.cues(try ITTTest.read(contentsOf: url).document)
            #expect(!ours.isEmpty, "\(url.lastPathComponent)")
            let differences = ITTPeer.differences(
                theirs, ours, tolerance: 0.0006, trimmingLines: true, regions: false)
            #expect(differences.isEmpty, "\(url.lastPathComponent):\n\(differences.joined(separator: "\n"))")
        }
    }
}
