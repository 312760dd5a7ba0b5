import CaptionTracks
import ISOBMFF
import TestSupport
import Testing

@testable import FuzzTargets

/// The `isobmff` seeds reach the caption readers ``MovieCaptionsCheck`` fuzzes: movies with a
/// `tx3g`, a `wvtt` and an `stpp` track, plain and fragmented (the GoPro movies cut down, and
/// shaka-player's CMAF segment), the fragmented ones with a TTML document a fragment; and every
/// seed holds the target's properties.
@Suite struct MovieCaptionSeedsTests {
    @Test func isobmffSeedsHoldSubtitleTracksAndKeepTheProperties() throws {
        let target = try #require(FuzzTargets.named("isobmff"))
        let seeds = target.seedInputs(root: TestPaths.projectRoot.path)
        #expect(seeds.count > 10)
        var withSubtitles = 0
        var stppSamples: [Int] = []
        for seed in seeds {
            #expect(throws: Never.self, "\(seed.origin)") { try MovieCheck.check(seed.bytes) }
            guard let movie = try? Movie.read(MemoryByteSource(seed.bytes)) else { continue }
            let formats = Set(movie.tracks.compactMap { $0.format?.description })
            guard formats.isSuperset(of: ["tx3g", "wvtt", "stpp"]) else { continue }
            withSubtitles += 1
            let stpp = try #require(movie.tracks.first { $0.format == "stpp" })
            stppSamples.append(try movie.samples(of: stpp).count)
        }
        // Two GoPro movies, each moov-last and fragmented, and the CMAF segment.
        #expect(withSubtitles == 5)
        // A document a fragment where the movie has fragments (the cut-down movies have two
        // samples a track, so two fragments; shaka's segment one), one document otherwise.
        #expect(stppSamples.filter { $0 > 1 }.count >= 2, "\(stppSamples)")
    }
}
