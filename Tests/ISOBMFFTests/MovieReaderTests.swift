import Foundation
import ISOBMFF
import TestSupport
import Testing

/// Reading real camera files: box sizes, tracks and sample tables, checked against ffprobe.
@Suite struct MovieReaderTests {
    @Test(arguments: ["media/gopro-max-heromode.mp4", "media/gopro-karma.mp4"])
    func tracksAndSampleCountsMatchFFprobe(fixture: String) throws {
        let path = TestPaths.sharedFixture(fixture).path
        let movie = try Movie.read(try FileByteSource(path: path))
        let probe = try MediaProbe.streams(path)
        #expect(movie.tracks.map { $0.format?.description ?? "" } == probe.streams.map(\.codecTag))
        let counts = try movie.tracks.map { try movie.samples(of: $0).count }
        #expect(counts == probe.streams.map { $0.frameCount ?? -1 })
        let gpmd = try #require(movie.tracks.first { $0.format == "gpmd" })
        #expect(gpmd.handlerType == "meta")
        #expect(movie.header.creationUnixTime != nil)
    }
}
