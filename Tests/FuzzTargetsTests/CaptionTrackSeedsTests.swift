import CaptionData
import CaptionTracks
import TestSupport
import Testing

@testable import FuzzTargets

/// The derived seeds of the caption track targets reach what they are for: each A/53 seed
/// holds a `cc_data()` its reader finds (cc_data alone, stored H.264 and HEVC samples, Annex B,
/// MPEG-2 user data), each `c608` seed pairs, each `tx3g` seed text, the `wvtt` seeds cues.
@Suite struct CaptionTrackSeedsTests {
    static func seeds(_ name: String) throws -> [[UInt8]] {
        let target = try #require(FuzzTargets.named(name))
        return target.seedInputs(root: TestPaths.projectRoot.path).map(\.bytes)
    }

    @Test func everyA53SeedCarriesCaptionDataItsReaderFinds() throws {
        let seeds = try Self.seeds("a53")
        var modes = Set<Int>()
        for seed in seeds {
            let mode = Int(seed[0])
            let input = Array(seed.dropFirst())
            let lengthSize = [1, 2, 4][mode / 6 % 3]
            let found: Int
            switch mode % 6 {
            case 0: found = CCData.read(input[...]).data == nil ? 0 : 1
            case 1: found = SEICaptionReader(codec: .h264, lengthSize: lengthSize).read(sample: input).ccData.count
            case 2: found = SEICaptionReader(codec: .hevc, lengthSize: lengthSize).read(sample: input).ccData.count
            case 3: found = SEICaptionReader(codec: .h264, lengthSize: 4).read(annexB: input).ccData.count
            case 4: found = SEICaptionReader(codec: .hevc, lengthSize: 4).read(annexB: input).ccData.count
            default: found = MPEG2UserDataReader.read(picture: input).ccData.count
            }
            #expect(found == 1, "mode \(mode)")
            modes.insert(mode % 6)
        }
        #expect(modes == Set(0..<6))
    }

    @Test func c608AndMovTextSeedsHoldData() throws {
        let c608 = try Self.seeds("c608")
        #expect(c608.count > 10)
        #expect(c608.allSatisfy { !C608Sample.read($0).sample.field1.isEmpty })
        let movText = try Self.seeds("mov-text")
        #expect(movText.count > 10)
        #expect(movText.filter { !MovTextSample.read($0).sample.text.isEmpty }.count > movText.count / 2)
    }

    /// The `wvtt` seeds are WebVTT samples with cues, some with several (overlapping captions),
    /// some with settings, and every one reads with no problem.
    @Test func webVTTSeedsHoldCues() throws {
        let seeds = try Self.seeds("wvtt").map(WebVTTSample.read)
        #expect(seeds.count > 10)
        #expect(seeds.allSatisfy { $0.problems.isEmpty })
        #expect(seeds.filter { !$0.sample.cues.isEmpty }.count > seeds.count / 2)
        #expect(seeds.contains { $0.sample.cues.count > 1 })
        #expect(seeds.contains { $0.sample.cues.contains { !$0.settings.isEmpty } })
    }
}
