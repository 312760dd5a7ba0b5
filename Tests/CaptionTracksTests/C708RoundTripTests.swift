import CaptionCore
import CaptionKit
import CaptionTracks
import Foundation
import ISOBMFF
import SCC
import TestSupport
import Testing

/// SCC → `mux --as c708` → read back: the CEA-608 half carries every word of the file on its
/// frame (compared with ``IndependentSCC``, which reads the file without the SCC module) and
/// reads as the SCC file reads; CEA-708 service 1 reads as the MCC file written from the same
/// SCC file does.
@Suite struct C708RoundTripTests {
    /// The longest fixture taken, first word to last: two minutes of line-21 frames, so that
    /// the loop stays short (one CDP a frame).
    static let longestFrames: Int64 = 2 * 60 * 30

    static func mux(_ captions: String, into movie: String, output: String, start: String?) throws {
        var options = MovieCaptionWriter.Options()
        options.forms = [.c708]
        options.startTimecode = start
        try MovieCaptionWriter.write(
            try MovieCaptionWriter.plan(movie: movie, captions: captions, options: options), to: output,
            overwrite: true)
    }

    @Test func everySharedSCCFixtureUpToTwoMinutesReadsBackFromAC708Track() throws {
        // The first word's frame is the movie's start (as a non-drop label: a drop-frame label
        // such as 00:00:00;84 in a fixture is no start timecode).
        let (checked, withService) = try Self.roundTrip { first, _ in IndependentSCC.label(first) }
        // The shared folder was found and most fixtures are short (61 of 73 on 2026-11-29).
        #expect(checked >= 40, "\(checked) fixtures checked")
        #expect(withService >= 30, "\(withService) fixtures with a CEA-708 service")
    }

    /// The same with the file's own first label as the movie's start where it is drop-frame
    /// (as `mux --start-timecode 10:01:44;17` is given): 608 and 708 halves on the same frames
    /// however far from midnight the labels are (drop-frame labels run 3.6 s an hour ahead of
    /// non-drop ones, 36 s at ten hours).
    @Test func dropFrameStartTimecodesPutBothHalvesOnTheSameFrames() throws {
        let (checked, withService) = try Self.roundTrip { first, text in
            guard let label = IndependentSCC.firstLabel(text), label.contains(";"),
                IndependentSCC.frame(of: label) == first
            else { return nil }
            return label
        }
        // 19 drop-frame fixtures whose first label exists last two minutes or less (2026-11-29).
        #expect(checked >= 15, "\(checked) fixtures checked")
        #expect(withService >= 15, "\(withService) fixtures with a CEA-708 service")
    }

    /// Muxes every shared SCC fixture of two minutes or less from the label `start` gives (the
    /// first word's frame, the file's text; nil leaves the fixture out) and checks both halves;
    /// returns how many were checked and how many had a CEA-708 service.
    static func roundTrip(start: (Int64, String) -> String?) throws -> (Int, Int) {
        let dir = try TemporaryDirectory("c708-roundtrip")
        let clip = try TrackClips.make("clip.mov", in: dir)
        let fixtures = TestPaths.files(in: TestPaths.sharedFixture("scc"), withExtension: "scc")
        let mccFormat = try CaptionFormatRegistry.standard.format(named: "mcc")
        let writeMCC = try #require(mccFormat.writer)
        let readMCC = try #require(mccFormat.reader)
        var checked = 0
        var withService = 0
        for fixture in fixtures {
            let name = fixture.lastPathComponent
            let text = String(decoding: try Data(contentsOf: fixture), as: UTF8.self)
            let expected = IndependentSCC.words(text)
            guard let first = expected.first, let last = expected.last, last.frame - first.frame <= Self.longestFrames
            else { continue }
            // The SCC file read alone counts from 00:00:00;00, `shift` frames earlier.
            guard let label = start(first.frame, text) else { continue }
            let shift = first.frame
            let line = FrameRate.fps29_97
            let frames = { (c: [Caption], by: Int64) in
                c.map { (line.frame(at: $0.timeRange.start, rounding: .nearestOrAwayFromZero) ?? 0) + by }
            }
            var read = CaptionFormatOptions()
            read.fileName = fixture.path
            // A fixture the SCC reader refuses is no round trip (C608RoundTripTests covers them).
            guard let scc = try? CaptionFile.read(fixture.path, options: read).0 else { continue }
            let out = dir.path("out.mov")
            try Self.mux(fixture.path, into: clip, output: out, start: label)
            let movie = try MovieCaptions(path: out)

            // Every word on its frame. A CDP's field 1 carries null pairs (0x8080, cc_valid 1)
            // between words, as line 21 does, where the SCC file may leave frames out.
            var transmitted = read
            transmitted.startTimecode = label
            let (bytes, _) = try movie.transmittedSCC(options: transmitted)
            let back = IndependentSCC.words(String(decoding: bytes, as: UTF8.self)).filter { $0.word != 0x8080 }
            let sent = expected.filter { $0.word != 0x8080 }
            let difference = zip(back, sent).first { $0 != $1 }.map { "\($0) vs \($1)" } ?? ""
            #expect(back == sent, "\(name): \(back.count) words back, \(sent.count) sent; \(difference)")

            // The captions of CC1 as the SCC file reads.
            var channel = read
            channel.channel = 1
            let ours = try movie.read(options: channel).document.captions
            #expect(ours.map(\.text) == scc.document.captions.map(\.text), "\(name)")
            #expect(frames(ours, shift) == frames(scc.document.captions, 0), "\(name)")
            #expect(
                ours.map { line.frame(at: $0.timeRange.duration, rounding: .nearestOrAwayFromZero) }
                    == scc.document.captions.map {
                        line.frame(at: $0.timeRange.duration, rounding: .nearestOrAwayFromZero)
                    },
                "\(name)")

            // Service 1 as the MCC file of the same captions reads.
            var mccOptions = CaptionFormatOptions(frameRate: .fps29_97)
            mccOptions.fileName = "x.mcc"
            // The document `mux` encodes: the SCC file read from the first word's label.
            var fromLabel = read
            fromLabel.startTimecode = label
            let document = try CaptionFile.read(fixture.path, options: fromLabel).0.document
            let mcc = try writeMCC(document, mccOptions).bytes
            var service = CaptionFormatOptions()
            service.settings[CaptionFormatOptions.dtvccServiceSetting] = "1"
            // A document that gives no CEA-708 caption (no text) has no service to compare.
            if let fromMCC = try? readMCC(mcc, service).document.captions {
                let fromTrack = try movie.read(options: service).document.captions
                #expect(fromTrack.map(\.text) == fromMCC.map(\.text), "\(name)")
                // The same frames: the track's empty edit is in the movie's timescale (1000 units a
                // second here), so its times are within half a millisecond of the frames'.
                #expect(frames(fromTrack, 0) == frames(fromMCC, 0), "\(name)")
                withService += 1
            }
            checked += 1
        }
        return (checked, withService)
    }
}
