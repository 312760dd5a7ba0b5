import Foundation
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
}
