import CaptionCore
import Composition
import Foundation
import Media
import TestSupport
import Testing

/// The composition file (Specs/composition.md): reading, laying out on tracks, and every bad
/// input with the JSON path of the value at fault. Sources come from a fake probe, so these
/// tests open no movie; CompositionCommandTests run the same files on real clips.
@Suite struct CompositionFileTests {
    /// Sources by name: 4 s clips with sound (a, b, c), a 12 s sound (music), an 11 s voice
    /// (talk), a clip with no sound (mute).
    struct FakeProbe: SourceProbing {
        func facts(of path: String) throws(SourceProbeError) -> SourceFacts {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            func track(_ type: CompositionTrack.MediaType, _ id: Int, _ seconds: Int64) -> SourceTrack {
                SourceTrack(
                    path: path, trackID: id, mediaType: type,
                    timeRange: TimeRange(start: .zero, duration: MediaTime(value: seconds, timescale: 1)))
            }
            switch name {
            case "a.mp4", "b.mp4", "c.mp4":
                return SourceFacts(
                    video: track(.video, 1, 4), audio: track(.audio, 2, 4),
                    uprightSize: VideoSize(width: 320, height: 180),
                    frameRate: .fps30)
            case "mute.mp4":
                return SourceFacts(
                    video: track(.video, 1, 4), audio: nil, uprightSize: VideoSize(width: 320, height: 180),
                    frameRate: .fps25)
            case "music.m4a":
                return SourceFacts(video: nil, audio: track(.audio, 1, 12), uprightSize: nil, frameRate: nil)
            case "talk.wav":
                return SourceFacts(video: nil, audio: track(.audio, 1, 11), uprightSize: nil, frameRate: nil)
            default: throw .noSuchFile
            }
        }
    }

    static func t(_ s: String) -> MediaTime { MutableCompositionTests.t(s) }
    static func r(_ a: String, _ b: String) -> TimeRange { TimeRange(start: t(a), end: t(b)) }

    static func plan(_ json: String) throws -> CompositionPlan {
        let file = try CompositionFileReader(fileName: "comp.json", baseDirectory: "/clips").read(Array(json.utf8))
        return try CompositionPlan(file: file, fileName: "comp.json", probe: FakeProbe())
    }

    /// The error's "path: message" (and its line), or nil when the file is accepted.
    static func error(_ json: String) -> CompositionFileError? {
        do {
            _ = try plan(json)
            return nil
        } catch let e as CompositionFileError {
            return e
        } catch {
            return CompositionFileError(
                file: "?", location: JSONLocation(path: "?", line: 0, column: 0), message: "\(error)")
        }
    }

    static let demo = """
        {
          "renderSize": "320x180",
          "frameRate": "30",
          "clips": [
            {"source": "a.mp4", "in": "0", "out": "3"},
            {"source": "b.mp4", "in": "1/2", "out": "4", "transition": {"type": "crossfade", "duration": "1"}},
            {"source": "c.mp4", "duration": "2"}
          ],
          "tracks": [
            {"name": "music", "type": "audio", "clips": [{"source": "music.m4a", "at": "0", "out": "7.5"}]},
            {"name": "commentary", "type": "audio", "clips": [{"source": "talk.wav", "at": "1/2", "out": "5"}]}
          ],
          "audioMix": [{"duck": "music", "under": "commentary", "volume": 0.25, "fade": "0.5"}],
          "titles": [{"text": "Day one", "start": "0.5", "end": "2.5", "y": 0.8,
                      "keyframes": [{"time": "0.5", "opacity": 0}, {"time": "1", "opacity": 1}]}]
        }
        """

    @Test func theDemoIsLaidOutOnABTracksWithTheFadeOverlapping() throws {
        let plan = try Self.plan(Self.demo)
        // a: 3 s at 0 on A; b: 3.5 s from 2 (1 s fade) on B, to 5.5; c: 2 s at 5.5, a cut, on B.
        let a = try #require(plan.composition.track(withTrackID: CompositionPlan.videoA))
        let b = try #require(plan.composition.track(withTrackID: CompositionPlan.videoB))
        #expect(a.segments.map(\.targetRange) == [Self.r("0", "3")])
        #expect(b.segments.map(\.targetRange) == [Self.r("0", "2"), Self.r("2", "11/2"), Self.r("11/2", "15/2")])
        #expect(b.segments[1].timeMapping.source == Self.r("1/2", "4"))
        #expect(b.segments[0].isEmpty && b.segments[1].source?.path == "/clips/b.mp4")
        #expect(plan.duration == Self.t("15/2"))
        #expect(plan.renderSize == VideoSize(width: 320, height: 180))
        #expect(plan.frameDuration == Self.t("1/30"))
        // Instructions: a alone, the fade (a on top fading out over b), b alone, c alone.
        #expect(
            plan.instructions.map(\.timeRange) == [
                Self.r("0", "2"), Self.r("2", "3"), Self.r("3", "11/2"), Self.r("11/2", "15/2"),
            ])
        let fade = plan.instructions[1].layerInstructions
        #expect(fade.map(\.trackID) == [1, 2])
        #expect(fade[0].opacity(at: Self.t("2")) == 1)
        #expect(fade[0].opacity(at: Self.t("5/2")) == 0.5)
        #expect(fade[1].opacity(at: Self.t("5/2")) == 1)
        #expect(plan.instructions[3].layerInstructions.map(\.trackID) == [2])
    }

    @Test func duckingLowersTheMusicAroundTheCommentary() throws {
        let plan = try Self.plan(Self.demo)
        let music = try #require(plan.audioMix.first { $0.trackID == 5 })
        // Commentary from 0.5 to 5.5: down over [0, 0.5), back up over [5.5, 6).
        #expect(music.volume == 1)
        #expect(
            music.ramps == [
                .init(timeRange: Self.r("0", "1/2"), from: 1, to: 0.25),
                .init(timeRange: Self.r("11/2", "6"), from: 0.25, to: 1),
            ])
        // The main sequence's sound cross-fades: A out over [2, 3), B in.
        let a = try #require(plan.audioMix.first { $0.trackID == CompositionPlan.audioA })
        #expect(a.ramps.first == .init(timeRange: Self.r("2", "3"), from: 1, to: 0))
        let b = try #require(plan.audioMix.first { $0.trackID == CompositionPlan.audioB })
        #expect(b.ramps.contains(.init(timeRange: Self.r("2", "3"), from: 0, to: 1)))
    }

    @Test func aSlowClipAndAnEmptyRangeMoveWhatFollows() throws {
        let plan = try Self.plan(
            """
            {"clips": [{"source": "a.mp4", "out": "1"}, {"empty": "0.5"}, {"source": "b.mp4", "in": "1", "out": "3", "speed": 0.5},
                       {"source": "c.mp4", "out": "1"}]}
            """)
        #expect(
            plan.placedClips.map(\.mapping.target) == [Self.r("0", "1"), Self.r("3/2", "11/2"), Self.r("11/2", "13/2")])
        #expect(plan.placedClips[1].mapping.source == Self.r("1", "3"))
        // The empty range is an instruction with no layer (black).
        #expect(plan.instructions.map(\.layerInstructions.count) == [1, 0, 1, 1])
        #expect(plan.frameDuration == Self.t("1/30"))
    }

    @Test func givenInstructionsReplaceTheBuiltOnes() throws {
        let plan = try Self.plan(
            """
            {"clips": [{"source": "a.mp4"}], "video": {"instructions": [
              {"start": "0", "end": "2", "layers": [{"track": "A", "opacity": 0.5, "crop": {"x": 0, "y": 0, "width": 160, "height": 90}}]},
              {"start": "2", "end": "4", "layers": [{"track": "A", "transform": [{"start": "2", "end": "4", "from": {"scale": 1}, "to": {"scale": 2, "translate": [-160, -90]}}]}]}
            ]}}
            """)
        #expect(plan.instructions.count == 2)
        let first = plan.instructions[0].layerInstructions[0]
        #expect(first.opacity(at: Self.t("1")) == 0.5)
        #expect(first.cropRectangle?.width == 160)
        let zoom = plan.instructions[1].layerInstructions[0].transform(at: Self.t("3"))
        #expect(zoom == AffineTransform(a: 1.5, b: 0, c: 0, d: 1.5, tx: -80, ty: -45))
    }

    // MARK: - Bad input: each with its JSON path, line and what was expected

    @Test func aMissingSourceFileIsNamedByItsPath() {
        let e = Self.error(#"{"clips": [{"source": "a.mp4"}, {"source": "b.mp4"}, {"source": "gone.mov"}]}"#)
        #expect(e?.location.path == "$.clips[2].source")
        #expect(e?.message == "no such file \"gone.mov\"")
        #expect(e?.description.hasPrefix("comp.json:1:") == true)
    }

    @Test func aSourceWithoutTheTrackNamed() {
        let e = Self.error(
            #"{"clips": [{"source": "a.mp4"}], "tracks": [{"name": "m", "type": "audio", "clips": [{"source": "mute.mp4", "at": "0"}]}]}"#
        )
        #expect(e?.location.path == "$.tracks[0].clips[0].source")
        #expect(e?.message.contains("has no audio track") == true)
        let v = Self.error(#"{"clips": [{"source": "music.m4a"}]}"#)
        #expect(v?.location.path == "$.clips[0].source")
        #expect(v?.message.contains("no video track") == true)
    }

    @Test func aRangeOutsideTheSource() {
        let e = Self.error(#"{"clips": [{"source": "a.mp4"}, {"source": "b.mp4", "in": "2", "out": "9"}]}"#)
        #expect(e?.location.path == "$.clips[1].out")
        #expect(e?.message.contains("from 0 to 4 s") == true)
        let late = Self.error(#"{"clips": [{"source": "a.mp4", "in": "5"}]}"#)
        #expect(late?.location.path == "$.clips[0].in")
    }

    @Test func anInstructionGapOrOverlap() {
        let gap = Self.error(
            """
            {"clips": [{"source": "a.mp4"}, {"source": "b.mp4", "out": "1/2"}], "video": {"instructions": [
              {"start": "0", "end": "4", "layers": [{"track": "A"}]},
              {"start": "4.25", "end": "4.5", "layers": [{"track": "A"}]}]}}
            """)
        #expect(gap?.location.path == "$.video.instructions[1]")
        #expect(gap?.message.hasPrefix("gap from 4 to 4.25 s") == true)
        #expect(gap?.location.line == 3)
        let overlap = Self.error(
            """
            {"clips": [{"source": "a.mp4"}], "video": {"instructions": [
              {"start": "0", "end": "3", "layers": [{"track": "A"}]},
              {"start": "2", "end": "4", "layers": [{"track": "A"}]}]}}
            """)
        #expect(overlap?.location.path == "$.video.instructions[1]")
        #expect(overlap?.message.hasPrefix("overlaps $.video.instructions[0] from 2 to 3 s") == true)
        let short = Self.error(
            #"{"clips": [{"source": "a.mp4"}], "video": {"instructions": [{"start": "0", "end": "3", "layers": [{"track": "A"}]}]}}"#
        )
        #expect(short?.message.contains("lasts until 4 s") == true)
        let noTrack = Self.error(
            #"{"clips": [{"source": "a.mp4"}], "video": {"instructions": [{"start": "0", "end": "4", "layers": [{"track": "B"}]}]}}"#
        )
        #expect(noTrack?.location.path == "$.video.instructions[0].layers[0].track")
    }

    @Test func malformedJSONAndBadValues() {
        let syntax = Self.error("{\"clips\": [\n  {\"source\": \"a.mp4\",}\n]}")
        #expect(syntax?.location.line == 2)
        #expect(syntax?.message.hasPrefix("JSON syntax") == true)
        let unknown = Self.error(#"{"clips": [{"source": "a.mp4", "trasition": {}}]}"#)
        #expect(unknown?.location.path == "$.clips[0].trasition")
        let time = Self.error(#"{"clips": [{"source": "a.mp4", "in": "two"}]}"#)
        #expect(time?.location.path == "$.clips[0].in")
        let first = Self.error(#"{"clips": [{"source": "a.mp4", "transition": {"duration": "1"}}]}"#)
        #expect(first?.location.path == "$.clips[0].transition")
        let long = Self.error(
            #"{"clips": [{"source": "a.mp4", "out": "1"}, {"source": "b.mp4", "transition": {"duration": "2"}}]}"#)
        #expect(long?.location.path == "$.clips[1].transition.duration")
        let none = Self.error(#"{"clips": [{"empty": "1"}]}"#)
        #expect(none?.location.path == "$.clips")
        let speed = Self.error(#"{"clips": [{"source": "a.mp4", "speed": 0}]}"#)
        #expect(speed?.location.path == "$.clips[0].speed")
        let mix = Self.error(#"{"clips": [{"source": "a.mp4"}], "audioMix": [{"track": "nope"}]}"#)
        #expect(mix?.location.path == "$.audioMix[0].track")
    }

    @Test func timesInEveryForm() throws {
        #expect(Self.error(#"{"frameRate": "25", "clips": [{"source": "a.mp4", "in": "00:00:01:05"}]}"#) == nil)
        let p = try Self.plan(
            #"{"frameRate": "25", "clips": [{"source": "a.mp4", "in": "00:00:01:05", "out": "2.5s"}]}"#)
        // 1 s + 5 frames at 25 fps = 1.2 s.
        #expect(p.placedClips[0].mapping.source == Self.r("6/5", "5/2"))
        let q = try Self.plan(#"{"clips": [{"source": "a.mp4", "in": 0.5, "out": "1001/1000"}]}"#)
        #expect(q.placedClips[0].mapping.source == Self.r("1/2", "1001/1000"))
    }
}

/// The example files in Fixtures/compositions read without error (their clips are not checked
/// in, so only the reader runs on them).
@Suite struct CompositionFixtureTests {
    @Test func everyExampleReads() throws {
        let files = TestPaths.files(in: TestPaths.fixture("compositions"), withExtension: "json")
        #expect(files.count >= 3)
        for url in files {
            let bytes = try Array(Data(contentsOf: url))
            let file = try CompositionFileReader(fileName: url.lastPathComponent, baseDirectory: ".").read(bytes)
            #expect(!file.clips.isEmpty, "\(url.lastPathComponent)")
        }
    }
}
