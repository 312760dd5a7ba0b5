import CaptionKit
import Foundation
import TestSupport
import Testing

/// `CaptionFile.read` and `write` take file URLs as they take paths; another scheme is an error
/// that names the URL.
@Suite struct CaptionFileURLTests {
    @Test func fileURLsReadAndWriteAsPathsDo() throws {
        let dir = try TemporaryDirectory("caption-url")
        let source = TestPaths.fixture("examples/feature-excerpt.json")
        let (byPath, _) = try CaptionFile.read(source.path)
        let (byURL, format) = try CaptionFile.read(source)
        #expect(format.name == "json")
        #expect(byURL.document.captions == byPath.document.captions)
        let out = URL(fileURLWithPath: dir.path("out.scc"))
        try CaptionFile.write(byURL.document, to: out)
        #expect(try CaptionFile.read(out).0.document.captions.count == byPath.document.captions.count)
        #expect(throws: CaptionFormatError.self) { try CaptionFile.write(byURL.document, to: out) }
        let remote = try #require(URL(string: "https://example.com/show.scc"))
        #expect {
            _ = try CaptionFile.read(remote)
        } throws: { error in
            "\(error)".contains("https://example.com/show.scc") && "\(error)".contains("only file URLs")
        }
    }
}
