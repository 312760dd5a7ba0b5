import CaptionCore
import Foundation
import Media
import TestSupport
import Testing

/// `Asset` against ffprobe, field by field, on every field both report.
@Suite struct AssetInspectionTests {
    /// Clips made by ffmpeg: MP4 and MOV, three rates, a rotated one, a BT.601-tagged one.
    static let generated: [(name: String, rate: String, extra: [String])] = [
        ("c25.mp4", "25", []),
        (
            "c2997.mov", "30000/1001",
            ["-metadata", "creation_time=2024-05-06T07:08:09Z", "-metadata:s:a", "language=fra"]
        ),
        ("c5994.mp4", "60000/1001", []),
        (
            "tagged.mkv", "24",
            ["-colorspace", "bt470bg", "-color_range", "tv", "-color_primaries", "bt470bg", "-color_trc", "gamma28"]
        ),
    ]

    @Test(arguments: generated.map(\.name))
    func generatedClipMatchesFFprobe(name: String) async throws {
        let dir = try TemporaryDirectory()
        let clip = Self.generated.first { $0.name == name }!
        try MediaTools.makeClip(dir.path(name), rate: clip.rate, extra: clip.extra)
        try await Self.compare(dir.path(name))
    }

    @Test func rotatedClipMatchesFFprobe() async throws {
        let dir = try TemporaryDirectory()
        try MediaTools.makeClip(dir.path("a.mp4"), rate: "30", seconds: 1)
        // ffmpeg 5.1 turns a "rotate" tag into a display matrix when it copies a stream.
        try MediaTools.ffmpeg([
            "-i", dir.path("a.mp4"), "-c", "copy", "-metadata:s:v:0", "rotate=90", dir.path("r.mp4"),
        ])
        try await Self.compare(dir.path("r.mp4"))
        let tracks = try await Asset(path: dir.path("r.mp4")).load(.tracks)
        #expect(tracks[0].rotation == 90)
    }

    @Test(arguments: ["gopro-karma.mp4", "gopro-max-heromode.mp4"])
    func goProFileMatchesFFprobe(name: String) async throws {
        try await Self.compare(TestPaths.sharedFixture("media/\(name)").path)
    }

    @Test func propertiesLoadOnDemandAndReportTheirStatus() async throws {
        let dir = try TemporaryDirectory()
        try MediaTools.makeClip(dir.path("a.mp4"), rate: "25", seconds: 1)
        let asset = Asset(path: dir.path("a.mp4"))
        guard case .notYetLoaded = asset.status(of: .duration) else {
            Issue.record("nothing is loaded before it is asked for")
            return
        }
        let (duration, tracks) = try await asset.load(.duration, .tracks)
        #expect(tracks.map(\.mediaType) == [.video, .audio])
        #expect(abs(duration.seconds - 1) < 0.05)
        guard case .loaded(let t) = asset.status(of: .tracks) else {
            Issue.record("tracks are loaded after load(.tracks)")
            return
        }
        #expect(t == tracks)
        #expect(tracks[0].frameRate == .fps25)
    }

    @Test func aMissingFileFailsAndSaysSo() async throws {
        let asset = Asset(path: "/nonexistent/movie.mp4")
        await #expect(throws: MediaFileError.self) { try await asset.load(.tracks) }
        guard case .failed(let error) = asset.status(of: .tracks) else {
            Issue.record("the status keeps the failure")
            return
        }
        #expect("\(error)".contains("/nonexistent/movie.mp4"))
    }

    // MARK: - Comparison

    static func compare(_ path: String) async throws {
        let ours = try Asset(path: path).loadDescription()
        let probe = try MediaTools.probe(path)
        let format = try #require(probe["format"] as? [String: Any])
        let streams = try #require(probe["streams"] as? [[String: Any]])

        #expect(ours.containerFormat == format["format_name"] as? String)
        #expect(ours.probeScore == format["probe_score"] as? Int, "probe_score")
        #expect(time(ours.duration) == format["duration"] as? String, "duration")
        #expect(time(ours.startTime) == format["start_time"] as? String, "start_time")
        #expect(ours.bitRate.map(String.init) == format["bit_rate"] as? String, "bit_rate")
        #expect(ours.tracks.count == format["nb_streams"] as? Int)
        let formatTags = format["tags"] as? [String: String] ?? [:]
        #expect(Dictionary(ours.metadata.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a }) == formatTags)
        #expect(ours.creationDate == formatTags["creation_time"])

        #expect(ours.tracks.count == streams.count)
        for (track, s) in zip(ours.tracks, streams) {
            let label = "\(path) stream \(track.index)"
            #expect(track.index == s["index"] as? Int, "\(label) index")
            #expect(track.trackID == Int(s["id"] as? String ?? "", radix: 16) ?? track.trackID, "\(label) id")
            #expect(track.mediaType.rawValue == s["codec_type"] as? String, "\(label) codec_type")
            #expect(track.codec == s["codec_name"] as? String ?? "unknown", "\(label) codec_name")
            #expect(track.codecTag == tag(s["codec_tag_string"] as? String), "\(label) codec_tag_string")
            #expect(track.profile == known(s["profile"] as? String), "\(label) profile")
            #expect(track.width == s["width"] as? Int, "\(label) width")
            #expect(track.height == s["height"] as? Int, "\(label) height")
            #expect(track.pixelFormat == s["pix_fmt"] as? String, "\(label) pix_fmt")
            #expect(track.color?.range == known(s["color_range"] as? String), "\(label) color_range")
            #expect(track.color?.matrix == known(s["color_space"] as? String), "\(label) color_space")
            #expect(track.color?.transfer == known(s["color_transfer"] as? String), "\(label) color_transfer")
            #expect(track.color?.primaries == known(s["color_primaries"] as? String), "\(label) color_primaries")
            #expect(
                rate(track.frameRate) == known(s["r_frame_rate"] as? String, unknown: "0/0"), "\(label) r_frame_rate")
            #expect(
                rate(track.averageFrameRate) == known(s["avg_frame_rate"] as? String, unknown: "0/0"),
                "\(label) avg_frame_rate")
            #expect(
                "\(track.timeBase.value)/\(track.timeBase.timescale)" == s["time_base"] as? String, "\(label) time_base"
            )
            #expect(time(track.startTime) == s["start_time"] as? String, "\(label) start_time")
            #expect(time(track.duration) == s["duration"] as? String, "\(label) duration")
            #expect(track.sampleCount.map(String.init) == s["nb_frames"] as? String, "\(label) nb_frames")
            #expect(track.bitRate.map(String.init) == s["bit_rate"] as? String, "\(label) bit_rate")
            #expect(track.sampleRate.map(String.init) == s["sample_rate"] as? String, "\(label) sample_rate")
            #expect(track.channels == s["channels"] as? Int, "\(label) channels")
            #expect(track.channelLayout == s["channel_layout"] as? String, "\(label) channel_layout")
            #expect(track.hasClosedCaptions == ((s["closed_captions"] as? Int) == 1), "\(label) closed_captions")
            let tags = s["tags"] as? [String: String] ?? [:]
            #expect(
                Dictionary(track.tags.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a }) == tags,
                "\(label) tags")
            #expect(track.language == tags["language"], "\(label) language")
            let sideData = s["side_data_list"] as? [[String: Any]] ?? []
            let rotation = sideData.first { $0["side_data_type"] as? String == "Display Matrix" }?["rotation"]
            #expect(track.rotation.map { Int($0) } == (rotation as? Int), "\(label) rotation")
        }
    }

    /// ffprobe's six-decimal seconds.
    static func time(_ t: MediaTime?) -> String? {
        guard let t, t.isNumeric else { return nil }
        let micro = Int((t.seconds * 1_000_000).rounded())
        let frac = String(abs(micro) % 1_000_000)
        return
            "\(micro < 0 ? "-" : "")\(abs(micro) / 1_000_000).\(String(repeating: "0", count: 6 - frac.count))\(frac)"
    }

    static func rate(_ r: FrameRate?) -> String? { r.map { "\($0.frames)/\($0.seconds)" } }

    /// ffprobe prints "unknown" (or 0/0) where the file says nothing; we say nil.
    static func known(_ text: String?, unknown: String = "unknown") -> String? {
        text == unknown ? nil : text
    }

    /// ffprobe prints "[0][0][0][0]" for no tag.
    static func tag(_ text: String?) -> String { text == "[0][0][0][0]" ? "" : text ?? "" }
}
