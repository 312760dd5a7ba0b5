import CaptionCore
import Foundation
import ISOBMFF
import Metadata
import TestSupport
import Testing

/// Deterministic mutations of real inputs through every reader's bytes entry point: each must
/// give a result or an error, never a crash or a hang. (The fuzz targets of issue 17 call the
/// same entry points.)
@Suite struct HostileBytesTests {
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
    }

    static func mutations(of bytes: [UInt8], in range: Range<Int>, count: Int, seed: UInt64) -> [[UInt8]] {
        var g = Generator(state: seed)
        return (0..<count).map { _ in
            var b = bytes
            for _ in 0..<(1 + g.below(4)) {
                let at = range.lowerBound + g.below(range.count)
                b[at] = g.below(3) == 0 ? 0xFF : UInt8(truncatingIfNeeded: g.next())
            }
            if g.below(8) == 0 { b = Array(b[..<(range.lowerBound + g.below(range.count))]) }
            return b
        }
    }

    @Test func mutatedGoProMoviesAndPayloadsNeverCrash() throws {
        let bytes = Array(try Data(contentsOf: TestPaths.sharedFixture("media/gopro-max-heromode.mp4")))
        let movie = try MovieMetadata(bytes: bytes)
        let moov = try #require(movie.movie.topLevelBoxes.first { $0.type == "moov" })
        var outcomes = (ok: 0, errors: 0)
        for mutated in Self.mutations(of: bytes, in: moov.range, count: 60, seed: 1) {
            if Self.readsMovie(mutated) { outcomes.ok += 1 } else { outcomes.errors += 1 }
        }
        #expect(outcomes.ok + outcomes.errors == 60)
        #expect(outcomes.errors > 0)
        // One payload, mutated anywhere.
        let gpmd = try #require(movie.firstTrack(.gpmf))
        let first = try #require(try movie.movie.samples(of: gpmd).first)
        let payload = Array(bytes[first.offset..<(first.offset + first.size)])
        for mutated in Self.mutations(of: payload, in: 0..<payload.count, count: 300, seed: 2) {
            if let entries = try? GPMFReader().read(mutated) {
                let range = TimeRange(start: .zero, duration: MediaTime(value: 1, timescale: 1))
                _ = GoProTelemetry(payloads: [.init(timeRange: range, entries: entries)])
            }
        }
    }

    /// Whether the movie reads (false: a MetadataError, the only error the readers throw).
    static func readsMovie(_ bytes: [UInt8]) -> Bool {
        do throws(MetadataError) {
            let m = try MovieMetadata(bytes: bytes)
            _ = m.metadataTrackInfo()
            if let t = m.firstTrack(.gpmf) { _ = try m.goProTelemetry(t) }
            return true
        } catch {
            return false
        }
    }

    @Test func mutatedGPXNeverCrashes() throws {
        let url = TestPaths.sharedFixture("gpx/gpxpy/gpx1.1_with_all_fields.gpx")
        let bytes = Array(try Data(contentsOf: url))
        for mutated in Self.mutations(of: bytes, in: 0..<bytes.count, count: 300, seed: 3) {
            if let document = try? GPXReader(fileName: "m.gpx").read(mutated) {
                _ = try? document.timedTrackPoints()
            }
        }
    }
}
