import CaptionCore
import Foundation
import Media
import TestSupport
import Testing

/// `VideoPacketReader` opens a movie's first video track for its packets; a file without one is
/// refused with what it holds instead.
@Suite struct VideoPacketReaderTests {
    @Test func aMovieWithoutVideoIsRefusedNamingItsTracks() throws {
        let dir = try TemporaryDirectory()
        try MediaTools.ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1", "-c:a", "aac",
            dir.path("audio.m4a"),
        ])
        #expect {
            _ = try VideoPacketReader(path: dir.path("audio.m4a"))
        } throws: { error in
            guard case .noVideoTrack(let path, let found) = error as? MediaFileError else { return false }
            return path.hasSuffix("audio.m4a") && found.contains("audio track")
        }
    }

    @Test func aFileWhoseFormatWasOnlyGuessedIsNotAMovie() throws {
        // "[ab]" and noise: ffprobe gives format_name=lrc, probe_score=5.
        let dir = try TemporaryDirectory()
        var random = SplitMix64(seed: 1994)
        let noise = (0..<40_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        try Data(Array("[ab]".utf8) + noise).write(to: dir.url.appendingPathComponent("guessed.mp4"))
        #expect {
            _ = try VideoPacketReader(path: dir.path("guessed.mp4"))
        } throws: { error in
            guard case .notAMovie(_, let guess, let found) = error as? MediaFileError else { return false }
            return guess.hasPrefix("lrc") && guess.contains("score of 5 of 100") && found.contains("subtitle track")
        }
    }

    @Test func aClipGivesItsVideoCodec() throws {
        let dir = try TemporaryDirectory()
        try MediaTools.makeClip(dir.path("clip.mp4"), seconds: 1)
        let reader = try VideoPacketReader(path: dir.path("clip.mp4"))
        #expect(reader.codecName == "h264")
    }
}
