import Foundation
import Review
import TestSupport
import Testing

/// `captions review` as a user runs it: it prints the address, serves, and stops on Ctrl-C
/// (SIGINT) with status 0, leaving nothing behind in the files' folder nor a listening port.
@Suite struct ReviewCommandTests {
    @Test func theCommandPrintsItsAddressAndStopsOnControlC() async throws {
        let fixture = try await ReviewFixture(mode: .commandLine)
        let before = try fixture.listing()
        #expect(fixture.address.hasPrefix("http://127.0.0.1:\(fixture.port)/?token="))
        #expect(fixture.token.count == 64)
        let page = try await RawHTTP.get(port: fixture.port, "/?token=\(fixture.token)")
        #expect(page.status == 200)
        #expect(page.text.contains("<video"))
        let stopped = try #require(await fixture.stop())
        #expect(stopped.status == 0, "\(stopped.errors)")
        #expect(stopped.errors.contains("captions review: stopped"))
        #expect(try fixture.listing() == before)
        await #expect(throws: RawHTTP.Failure.self) { try await RawHTTP.get(port: fixture.port, "/") }
    }

    @Test func aSessionNeedsAMovieWithVideoAndACaptionFile() throws {
        let folder = try TemporaryDirectory("review-refusals")
        let captions = folder.path("show.scc")
        try ReviewFixture.scc.write(toFile: captions, atomically: true, encoding: .utf8)
        let sound = folder.path("sound.m4a")
        try MediaTools.ffmpeg(["-f", "lavfi", "-i", "sine=duration=1", "-c:a", "aac", sound])
        for movie in [captions, sound] {
            #expect(throws: ReviewError.self) { _ = try ReviewSession(movie: movie, captionFiles: [captions]) }
        }
        #expect(throws: ReviewError.self) { _ = try ReviewSession(movie: sound, captionFiles: []) }
        let missing = try CLIRunner.run(["review", folder.path("nothing.mp4"), captions, "--no-open"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nothing.mp4"))
    }
}
