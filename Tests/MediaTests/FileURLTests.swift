import CaptionCore
import Foundation
import Media
import TestSupport
import Testing

/// The `URL` overloads, as AVFoundation takes URLs: a file URL reads and writes as its path
/// does; any other scheme is an error that names the URL, never a path made of its parts.
@Suite struct FileURLTests {
    @Test func aFileURLExportsAsItsPathDoes() async throws {
        let dir = try TemporaryDirectory("file-url")
        let clip = dir.path("clip with spaces.mp4")
        try MediaTools.makeClip(clip, rate: "25", seconds: 1, audio: false)
        let asset = try Asset(url: URL(fileURLWithPath: clip))
        #expect(asset.path == clip)
        let output = URL(fileURLWithPath: dir.path("out.mp4"))
        let session = try ExportSession(asset: asset, outputURL: output, settings: ExportSettings(preset: "ultrafast"))
        try await session.export()
        #expect(try MediaTools.streams(output.path).count == 1)
    }

    @Test func aURLOfAnotherSchemeIsRefusedByName() throws {
        let remote = try #require(URL(string: "https://example.com/movie.mp4"))
        #expect {
            _ = try Asset(url: remote)
        } throws: { error in
            "\(error)".contains("https://example.com/movie.mp4") && "\(error)".contains("only file URLs")
        }
    }
}
