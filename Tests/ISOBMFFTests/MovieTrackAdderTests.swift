import Foundation
import ISOBMFF
import TestSupport
import Testing

/// Adding a track keeps every existing sample's bytes, in MP4 and MOV, with moov last or first.
@Suite struct MovieTrackAdderTests {
    /// A minimal `gpmd`-style data track: samples of arbitrary bytes, one per second.
    static func dataTrack(samples: Int, describing videoID: UInt32?) -> NewTrack {
        var entry = BoxWriter()
        try? entry.box("gpmd") { (w: inout BoxWriter) in
            w.zeros(6)
            w.u16(1)
            w.u32(0)
        }
        return NewTrack(
            handlerType: "meta", handlerName: "Test data", mediaHeader: .generic(extra: []),
            sampleEntry: entry.bytes, timescale: 1000,
            samples: (0..<samples).map {
                NewTrack.Sample(data: Array(repeating: UInt8($0 + 1), count: 10 + $0), duration: 1000)
            },
            references: videoID.map { ["cdsc": [$0]] } ?? [:])
    }

    static func add(_ track: NewTrack, to input: String, output: String) throws {
        let source = try FileByteSource(path: input)
        let movie = try Movie.read(source)
        var out: [UInt8] = []
        try MovieTrackAdder(movie: movie, source: source).write(adding: [track]) { out += $0 }
        try Data(out).write(to: URL(fileURLWithPath: output))
    }

    @Test(arguments: [("clip.mp4", false), ("clip.mp4", true), ("clip.mov", false), ("clip.mov", true)])
    func existingSamplesAreUnchangedAndTheNewTrackIsRead(name: String, faststart: Bool) throws {
        let dir = try TemporaryDirectory("isobmff-add")
        let input = try MediaClips.make(name, in: dir, faststart: faststart)
        let output = dir.path("out-" + name)
        let before = try Movie.read(try FileByteSource(path: input))
        try Self.add(Self.dataTrack(samples: 2, describing: before.tracks.first?.id), to: input, output: output)

        let outSource = try FileByteSource(path: output)
        let after = try Movie.read(outSource)
        let inSource = try FileByteSource(path: input)
        #expect(after.tracks.count == before.tracks.count + 1)
        // moov stays first in a faststart file.
        let moovAt = after.topLevelBoxes.firstIndex { $0.type == "moov" } ?? 99
        let mdatAt = after.topLevelBoxes.firstIndex { $0.type == "mdat" } ?? 0
        #expect((moovAt < mdatAt) == faststart)
        for (old, new) in zip(before.tracks, after.tracks) {
            let a = try before.samples(of: old)
            let b = try after.samples(of: new)
            #expect(a.count == b.count)
            for (x, y) in zip(a, b) {
                #expect(
                    try inSource.bytes(in: x.offset..<(x.offset + x.size))
                        == outSource.bytes(in: y.offset..<(y.offset + y.size)))
                #expect(x.time == y.time && x.duration == y.duration)
            }
        }
        let added = try #require(after.tracks.last)
        #expect(added.id == (before.tracks.map(\.id).max() ?? 0) + 1)
        #expect(added.references["cdsc"] == [before.tracks[0].id])
        let samples = try after.samples(of: added)
        #expect(samples.map(\.size) == [10, 11])
        #expect(try outSource.bytes(in: samples[1].offset..<(samples[1].offset + 11)) == Array(repeating: 2, count: 11))
        #expect(samples.map(\.time) == [0, 1000])

        let probe = try MediaProbe.streams(output)
        #expect(probe.streams.count == before.tracks.count + 1)
        #expect(probe.streams.last?.frameCount == 2)
        #expect(probe.warnings.isEmpty, "\(probe.warnings)")
    }

    @Test func referencesFromExistingTracksAreAdded() throws {
        let dir = try TemporaryDirectory("isobmff-ref")
        let input = try MediaClips.make("clip.mov", in: dir, faststart: true)
        let before = try Movie.read(try FileByteSource(path: input))
        var track = Self.dataTrack(samples: 1, describing: nil)
        let video = try #require(before.firstTrack(handler: "vide"))
        track.referencesFromExisting = [video.id: "clcp"]
        try Self.add(track, to: input, output: dir.path("out.mov"))
        let after = try Movie.read(try FileByteSource(path: dir.path("out.mov")))
        #expect(after.track(id: video.id)?.references["clcp"] == [after.tracks.last?.id ?? 0])
    }

    @Test func truncatedMoviesAreRefusedWithTheBoxPath() throws {
        let dir = try TemporaryDirectory("isobmff-trunc")
        let input = try MediaClips.make("clip.mp4", in: dir, faststart: true)
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: input)))
        let movie = try Movie.read(MemoryByteSource(bytes))
        let moov = try #require(movie.topLevelBoxes.first { $0.type == "moov" })
        // Cut inside moov: the top-level walk reports moov running past the end.
        #expect(throws: ISOBMFFError.self) { try Movie.read(MemoryByteSource(Array(bytes[..<(moov.offset + 100)]))) }
        // A wrong stsz count inside an intact moov: the sample table check names stts.
        var broken = bytes
        let stsz = try #require(movie.tracks[0].box.descendant("mdia", "minf", "stbl", "stsz"))
        let countAt = movie.movieOffset + stsz.payloadRange.lowerBound + 8
        broken[countAt + 3] &+= 1
        let error = Self.sampleTableError(broken)
        #expect(error?.path.hasPrefix("moov/trak") == true, "\(String(describing: error))")
    }

    static func sampleTableError(_ bytes: [UInt8]) -> ISOBMFFError? {
        do throws(ISOBMFFError) {
            let m = try Movie.read(MemoryByteSource(bytes))
            for t in m.tracks { _ = try m.samples(of: t) }
            return nil
        } catch {
            return error
        }
    }
}
