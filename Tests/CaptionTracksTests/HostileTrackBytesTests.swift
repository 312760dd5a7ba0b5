import CaptionData
import CaptionCore
import CaptionKit
import CaptionTracks
import Foundation
import TestSupport
import Testing

/// Deterministic mutations through each parser's bytes entry point (Specs/limits.md): a result
/// with problems, or an error, never a crash or a hang.
@Suite struct HostileTrackBytesTests {
    static func mutations(of bytes: [UInt8], in range: Range<Int>? = nil, count: Int, seed: UInt64) -> [[UInt8]] {
        ByteMutations.of(bytes, in: range, count: count, seed: seed)
    }

    @Test func sampleParsersNeverCrash() {
        let c608 = C608Sample(field1: [CEA608BytePair(0x94, 0x2C)], field2: [CEA608BytePair(0x15, 0x2C)]).bytes
        var problems = 0
        for m in Self.mutations(of: c608, count: 500, seed: 11) { problems += C608Sample.read(m).problems.count }
        let cc = CCData.encode(field1: CEA608BytePair(0x94, 0x2C), field2: nil, count: 4) + [0xFF]
        for m in Self.mutations(of: cc, count: 500, seed: 12) { problems += CCData.read(m[...]).problems.count }
        let nal: [UInt8] =
            [0x06, 0x04, 15] + A53UserData.t35Payload(ccData: [0xC1, 0xFF, 0xFC, 0x94, 0x2C]) + [0xFF, 0x80]
        let sample = [0, 0, 0, UInt8(nal.count)] + nal + [0, 0, 0, 3, 0x65, 0x88, 0x80]
        for m in Self.mutations(of: sample, count: 500, seed: 13) {
            problems += SEICaptionReader(codec: .h264, lengthSize: 4).read(sample: m).problems.count
            problems += SEICaptionReader(codec: .hevc, lengthSize: 2).read(sample: m).problems.count
        }
        var bold = CaptionTextStyle()
        bold.bold = true
        let text = MovTextSample(runs: [CaptionRun("Hé "), CaptionRun("there", style: bold)]).bytes()
        for m in Self.mutations(of: text, count: 500, seed: 14) { problems += MovTextSample.read(m).problems.count }
        #expect(problems > 100)
    }

    /// A small movie with all three sources, mutated in its moov and in its caption samples,
    /// through the movie reader's bytes entry point.
    @Test func mutatedMoviesNeverCrash() throws {
        let dir = try TemporaryDirectory("tracks-hostile")
        let (words, _) = try A53ReadingTests.pictures()
        let a53 = try A53TestClips.make(words: Array(words.prefix(60)), in: dir, reencode: false)
        let out = dir.path("all.mp4")
        var options = MovieCaptionWriter.Options()
        options.forms = [.c608, .tx3g]
        try MovieCaptionWriter.write(
            try MovieCaptionWriter.plan(
                movie: a53, captions: TestPaths.sharedFixture("scc/ttconv/pop-on.scc").path, options: options),
            to: out, overwrite: true)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: out)))
        let movie = try MovieCaptions(bytes: bytes)
        #expect(movie.sources().sources.map(\.kind) == [.sei, .track, .subtitle])
        let moov = try #require(movie.movie.topLevelBoxes.first { $0.type == "moov" })
        let mdat = try #require(movie.movie.topLevelBoxes.first { $0.type == "mdat" })
        var outcomes = (read: 0, failed: 0)
        for (i, m)
            in (Self.mutations(of: bytes, in: moov.range, count: 60, seed: 21)
            + Self.mutations(of: bytes, in: mdat.payloadRange, count: 60, seed: 22)).enumerated()
        {
            for source in ["track", "sei", "subtitle"] {
                var o = CaptionFormatOptions(settings: [MovieCaptions.sourceSetting: source])
                o.fileName = "mutation \(i)"
                do {
                    let m = try MovieCaptions(bytes: m, fileName: "mutation \(i)")
                    _ = try m.read(options: o)
                    _ = try? m.transmittedSCC(options: o)
                    outcomes.read += 1
                } catch {
                    outcomes.failed += 1
                }
            }
        }
        #expect(outcomes.read + outcomes.failed == 360)
        #expect(outcomes.failed > 0 && outcomes.read > 0)
    }
}
