import Foundation
import ISOBMFF
import TestSupport
import Testing

/// A privacy zone's copy leaves out the container's location tags and nothing else: FFmpeg writes
/// them (`-metadata location=…` as `moov/udta/©xyz`; a `com.apple.quicktime.location.ISO6709`
/// key with `-movflags use_metadata_tags` as an `mdta` item in `moov/udta/meta`), ffprobe reads
/// them in the input and not in the copy, and the other tags stay.
@Suite struct LocationTagDroppingTests {
    static let place = "+33.1267-117.3273/"

    func clip(_ name: String, _ tags: [String], in dir: TemporaryDirectory) throws -> String {
        let path = dir.path(name)
        _ = try MediaTools.ffmpeg(
            ["-f", "lavfi", "-i", "testsrc=size=64x36:rate=10:duration=1", "-c:v", "mpeg4"] + tags + [path])
        return path
    }

    func formatTags(_ path: String) throws -> [String: String] {
        let probe = try MediaTools.probe(path)
        return ((probe["format"] as? [String: Any])?["tags"] as? [String: String]) ?? [:]
    }

    func copy(_ input: String, to output: String, dropping: Bool) throws -> [String] {
        let source = try FileByteSource(path: input)
        var adder = MovieTrackAdder(movie: try Movie.read(source), source: source)
        adder.dropsLocationTags = dropping
        let found = adder.locationTags()
        var out: [UInt8] = []
        let video = adder.movie.tracks.first?.id
        try adder.write(adding: [MovieTrackAdderTests.dataTrack(samples: 1, describing: video)]) { out += $0 }
        try Data(out).write(to: URL(fileURLWithPath: output))
        return found
    }

    @Test func userDataAndKeyedLocationsAreLeftOutAndTheOtherTagsKept() throws {
        let dir = try TemporaryDirectory("location-tags")
        let userData = try clip("udta.mp4", ["-metadata", "location=\(Self.place)", "-metadata", "title=Ride"], in: dir)
        let keyed = try clip(
            "keys.mov",
            ["-movflags", "use_metadata_tags", "-metadata", "com.apple.quicktime.location.ISO6709=\(Self.place)",
                "-metadata", "com.apple.quicktime.make=Apple"], in: dir)
        for (input, locationKey, kept) in [
            (userData, "location", "title"), (keyed, "com.apple.quicktime.location.ISO6709", "com.apple.quicktime.make"),
        ] {
            #expect(try formatTags(input)[locationKey] == Self.place, "the clip carries the place")
            let plain = dir.path("plain-" + (input as NSString).lastPathComponent)
            let dropped = dir.path("dropped-" + (input as NSString).lastPathComponent)
            let found = try copy(input, to: plain, dropping: false)
            #expect(found.count == 1 && found[0].hasPrefix("moov/udta/"), "\(found)")
            _ = try copy(input, to: dropped, dropping: true)
            // Without a zone the tag is copied; with one it is gone and the rest stays.
            #expect(try formatTags(plain)[locationKey] == Self.place)
            let after = try formatTags(dropped)
            #expect(after[locationKey] == nil && after.keys.allSatisfy { !$0.hasPrefix("location") }, "\(after)")
            #expect(after[kept] != nil, "\(after)")
            let reread = try Movie.read(try FileByteSource(path: dropped))
            #expect(reread.tracks.count == 2)
        }
    }
}
