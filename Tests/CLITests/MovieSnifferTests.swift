import CaptionKit
import Foundation
import TestSupport
import Testing

/// The one movie sniffer (`MovieContainer`), which reading a movie's captions and `captions`
/// handing a movie to `captions-media` both use: files made by FFmpeg, and caption files.
@Suite struct MovieSnifferTests {
    /// The first bytes of the file at `path`, as many as the sniffer looks at.
    static func head(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(MovieContainer.headLength))
    }

    @Test func ffmpegsContainersAreTold() throws {
        let dir = try TemporaryDirectory()
        let cases: [(String, [String], [String], MovieContainer)] = [
            ("clip.mp4", ["-c:v", "libx264", "-preset", "ultrafast"], [], .isoBMFF),
            ("clip.mov", ["-c:v", "libx264", "-preset", "ultrafast"], [], .isoBMFF),
            ("clip.ts", ["-c:v", "mpeg2video"], [], .mpegTransportStream),
            ("clip.mpg", ["-c:v", "mpeg2video"], ["-f", "vob"], .mpegProgramStream),
            ("clip.mkv", ["-c:v", "libx264", "-preset", "ultrafast"], [], .matroska),
            ("clip.avi", ["-c:v", "mpeg4"], [], .avi),
        ]
        for (name, codec, extra, expected) in cases {
            let path = dir.path(name)
            try MediaTools.makeClip(path, seconds: 0.5, audio: false, videoCodec: codec, extra: extra)
            let container = MovieContainer(head: try Self.head(path))
            #expect(container == expected, "\(name)")
            #expect(
                container?.needsDemuxer == [.mpegTransportStream, .mpegProgramStream, .matroska].contains(expected))
        }
    }

    @Test func captionFilesAreNotMovies() throws {
        for fixture in ["examples/feature-excerpt.json", "scc/overrun.scc", "itt/all-features.itt"] {
            #expect(MovieContainer(head: try Self.head(TestPaths.fixture(fixture).path)) == nil, "\(fixture)")
        }
        for text in ["Scenarist_SCC V1.0\n\n", "WEBVTT\n\n", "1\n00:00:01,000 --> 00:00:02,000\nG\n", "<?xml"] {
            #expect(MovieContainer(head: Array(text.utf8)) == nil, "\(text)")
        }
        // A text of 'G's at every 188th byte of only one packet is not a transport stream.
        #expect(MovieContainer(head: [0x47] + [UInt8](repeating: 0x20, count: 150)) == nil)
    }

    /// A program stream named without an extension: `captions inspect` hands it to
    /// `captions-media`, which describes the movie (before, only the transport stream's and
    /// Matroska's first bytes were told, and the file was read as captions: status 2).
    @Test func inspectOfAProgramStreamWithoutExtensionDescribesTheMovie() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("recording")
        try MediaTools.makeClip(
            path, seconds: 0.5, audio: false, videoCodec: ["-c:v", "mpeg2video"], extra: ["-f", "vob"])
        let r = try CLIRunner.run(["inspect", path, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("mpeg2video"), "\(r.stdout)")
    }
}
