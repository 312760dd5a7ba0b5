import CaptionKit
import Foundation
import TestSupport
import Testing

/// Real programmes read and written back as SCC through JSON with no `--shift`, as a user does
/// it (`captions convert X.scc X.json`, `captions convert X.json Y.scc`), give the same screens:
/// decoded by our reader, the same captions (text, place, mode) starting and ending within a
/// frame, none lost, moved or split; decoded by ttconv, the same paragraphs (with the allowances
/// and the stretches Specs/scc.md lists, "Round trip of the shared fixtures").
@Suite struct RealProgrammeRoundTripTests {
    /// A caption as our reader gives it, in seconds (files here are read at 29.97 or 30 fps;
    /// ``SharedSCCRoundTripTests/Screen`` counts 29.97 frames).
    struct Screen: Equatable, CustomStringConvertible {
        var start: Double
        var end: Double
        var place: String
        var text: String

        init(_ caption: Caption) {
            (start, end) = (caption.timeRange.start.seconds, caption.timeRange.end.seconds)
            place = SharedSCCRoundTripTests.Screen.place(of: caption)
            text = caption.text
        }

        var description: String {
            "[\(String(format: "%.3f", start))–\(String(format: "%.3f", end))) \(place) \(text.debugDescription)"
        }
    }

    /// The captions of `path` read at `rate` (nil: the reader's default, 29.97).
    static func screens(_ path: String, rate: String?) throws -> [Screen] {
        var options = CaptionFormatOptions()
        options.frameRate = rate.flatMap(FrameRate.init)
        let (read, _) = try CaptionFile.read(path, options: options)
        return read.document.captions.map(Screen.init)
    }

    /// What differs between `original` and `copy`, caption by caption: one a caption lost,
    /// added, moved, or starting or ending more than `tolerance` seconds apart.
    static func differences(_ original: [Screen], _ copy: [Screen], tolerance: Double) -> [String] {
        var found: [String] = []
        if original.count != copy.count { found.append("\(original.count) captions, \(copy.count) in the copy") }
        for (x, y) in zip(original, copy) {
            if x.text != y.text || x.place != y.place {
                found.append("\(x)\n  came back as \(y)")
            } else if abs(x.start - y.start) > tolerance {
                found.append("\(x)\n  starts at \(y.start)")
            } else if abs(x.end - y.end) > tolerance {
                found.append("\(x)\n  \(y.end < x.end ? "leaves early" : "stays late"), at \(y.end)")
            }
        }
        return found
    }

    /// `captions convert`, which must succeed without `--shift`; what it reported.
    @discardableResult
    static func convert(_ input: String, _ output: String, rate: String?) throws -> String {
        let result = try CLIRunner.run(["convert", input, output] + (rate.map { ["--frame-rate", $0] } ?? []))
        #expect(result.status == 0, "convert \(input) \(output): \(result.stderr)")
        return result.stderr
    }

    /// `original` (an SCC file read at `rate`) through JSON and back to SCC; the copy's path.
    static func roundTrip(_ original: String, rate: String?, in dir: TemporaryDirectory, name: String) throws
        -> String
    {
        let json = dir.path(name + ".json")
        let copy = dir.path(name + ".copy.scc")
        try convert(original, json, rate: rate)
        try convert(json, copy, rate: rate)
        return copy
    }

    /// `path` with a tab after every label, for ttconv, which reads only such lines.
    static func tabbed(_ path: String, in dir: TemporaryDirectory, name: String) throws -> String {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let out = dir.path(name + ".tabbed.scc")
        try Data(text.replacing(/(?m)^(\d\d:\d\d:\d\d[:;.,]\d\d)[ \t]+/) { "\($0.1)\t" }.utf8)
            .write(to: URL(fileURLWithPath: out))
        return out
    }

    /// Checks that `original` (read at `rate`) and its copy through JSON give the same screens to
    /// our reader and to ttconv, leaving out the stretch Specs/scc.md lists for ttconv, if any.
    /// Where ttconv reads `original` against the rule, `ttconvCopy` lists the paragraph texts it
    /// must read from the copy instead (the screens a decoder shows), and its reading of the
    /// original must differ. Returns the copy's text.
    @discardableResult
    static func checkRoundTrip(_ original: String, rate: String?, name: String, ttconvCopy: [String]? = nil) throws
        -> String
    {
        let dir = try TemporaryDirectory()
        let copy = try roundTrip(original, rate: rate, in: dir, name: name)
        let frame = (FrameRate(rate ?? "29.97") ?? .fps29_97).frameDuration.seconds
        let before = try screens(original, rate: rate)
        let after = try screens(copy, rate: rate)
        #expect(!before.isEmpty, "\(name): no captions read")
        let ours = differences(before, after, tolerance: frame + 0.001)
        #expect(ours.isEmpty, "\(name), our reader: \(ours.count) differ:\n\(ours.prefix(5).joined(separator: "\n"))")
        let decoded = try PeerDecoders.ttconv([try tabbed(original, in: dir, name: name), copy], in: dir)
        #expect(decoded[0].count > 0, "\(name): ttconv read no paragraph")
        let listed = try SharedSCCRoundTripTests.ttconvDisagreements()
        let relative = original.replacingOccurrences(of: TestPaths.sharedFixture("scc").path + "/", with: "")
        let exempt = listed[relative] ?? nil
        let difference = SharedSCCRoundTripTests.ttconvDifference(decoded[0], decoded[1], exempt: exempt)
        if let ttconvCopy {
            #expect(difference != nil, "\(name): ttconv reads the original as the copy")
            let texts = SharedSCCRoundTripTests.joined(decoded[1]).map(\.text)
            #expect(
                texts.count == ttconvCopy.count
                    && zip(texts, ttconvCopy).allSatisfy { SharedSCCRoundTripTests.sameRows($1, $0) },
                "\(name), ttconv on the copy: \(texts)")
        } else {
            #expect(difference == nil, "\(name), ttconv: \(difference ?? "")")
        }
        return try String(contentsOfFile: copy, encoding: .utf8)
    }

    @Test func theLiveRollUpEpisodeRoundTrips() throws {
        // 30 fps non-drop (PROVENANCE.md): pop-on, then live RU2 roll-up for the last three
        // minutes, ending with RU2 RU2 CR CR PAC PAC and no text: the CR rolls "DOO, DOO, DOO."
        // out and "WAITING ON THE PANTS." stays until the data ends. Failed before: the copy's
        // EDM at 00:21:57:00 erased the last line with the one above it, 64 frames (2.1 s) early.
        let path = TestPaths.sharedFixture("scc/ccextractor/pop-on-and-live-roll-up.scc").path
        try Self.checkRoundTrip(path, rate: "30", name: "live")
        // Written as the brief's user did, at the writer's default rate (29.97): the same
        // captions to our reader, each time on the nearest frame.
        let dir = try TemporaryDirectory()
        let json = dir.path("live.json")
        try Self.convert(path, json, rate: "30")
        let copy = dir.path("live-2997.scc")
        let findings = try Self.convert(json, copy, rate: nil)
        #expect(!findings.contains("608.overlap"), "\(findings)")
        let ours = Self.differences(
            try Self.screens(path, rate: "30"), try Self.screens(copy, rate: nil), tolerance: 1 / 29.97 + 0.001)
        #expect(ours.isEmpty, "\(ours.prefix(5).joined(separator: "\n"))")
    }

    @Test func theCEA608TestReelRoundTrips() throws {
        // WGBH-NCAM's reel (29.97 DF): pop-on, RU2/RU3/RU4 with moves and depth changes,
        // paint-on, mid-row codes, special and extended characters, codes sent once.
        try Self.checkRoundTrip(
            TestPaths.sharedFixture("scc/gstreamer/608-all-features.scc").path, rate: nil, name: "reel")
    }

    @Test func thePopOnProgrammeWithBackgroundCodesRoundTrips() throws {
        // 59 minutes of pop-on, every PAC followed by a background attribute code (10ae, black
        // opaque, which backs up over the cell before it: CEA-608-B §6.2); 70 of its rows run past
        // column 32 once the code's cell is counted, and show their last character in the last
        // column (15.119(e)), which ttconv does not do (the comparison allows it).
        try Self.checkRoundTrip(
            TestPaths.sharedFixture("scc/gstreamer/dn2018-1217.scc").path, rate: nil, name: "dn2018")
    }
}
