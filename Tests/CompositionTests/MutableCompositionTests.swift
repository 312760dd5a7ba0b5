import CaptionCore
import Composition
import Testing

/// The edits of `AVMutableCompositionTrack`, each checked against mappings worked out by hand
/// from AVFoundation's documented semantics (insertion pushes later media back, removal pulls it
/// forward, scaling stretches the range and moves what follows by the difference).
@Suite struct MutableCompositionTests {
    /// "3", "1/30", "-2": exact rationals.
    static func t(_ s: String) -> MediaTime {
        let parts = s.split(separator: "/")
        let v = Int64(parts[0]) ?? 0
        return MediaTime(value: v, timescale: parts.count == 2 ? Int32(parts[1]) ?? 1 : 1)
    }

    static func r(_ a: String, _ b: String) -> TimeRange { TimeRange(start: t(a), end: t(b)) }

    static let a = SourceTrack(path: "a.mov", trackID: 1, mediaType: .video, timeRange: r("0", "10"))
    static let b = SourceTrack(path: "b.mov", trackID: 2, mediaType: .video, timeRange: r("0", "6"))

    /// (file or "-" for empty, source start, source end, target start, target end)
    typealias Row = (String, String, String, String, String)

    static func expect(_ track: CompositionTrack, _ rows: [Row], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(track.segments.count == rows.count, "segments: \(describe(track))", sourceLocation: sourceLocation)
        for (s, row) in zip(track.segments, rows) {
            let ok =
                (s.source?.path ?? "-") == row.0 && s.timeMapping.target == r(row.3, row.4)
                && (s.isEmpty || s.timeMapping.source == r(row.1, row.2))
            #expect(ok, "expected \(row), got \(describe(track))", sourceLocation: sourceLocation)
        }
        // Contiguous from zero: AVFoundation's tracks have no holes between segments.
        var end = MediaTime.zero
        for s in track.segments {
            #expect(s.targetRange.start == end, sourceLocation: sourceLocation)
            end = s.targetRange.end
        }
    }

    static func describe(_ track: CompositionTrack) -> String {
        track.segments.map { s in
            "\(s.source?.path ?? "-") \(s.timeMapping.source) → \(s.timeMapping.target)"
        }.joined(separator: "; ")
    }

    static func track() -> CompositionTrack { CompositionTrack(trackID: 1, mediaType: .video) }

    @Test func insertingAppendsAndSplitsAndPushesLater() throws {
        var track = Self.track()
        try track.insertTimeRange(Self.r("2", "5"), of: Self.a, at: .zero)
        try track.insertTimeRange(Self.r("0", "2"), of: Self.b, at: Self.t("3"))
        Self.expect(track, [("a.mov", "2", "5", "0", "3"), ("b.mov", "0", "2", "3", "5")])
        // Inserting 1 s at 1 s cuts the first segment at source 3 s and pushes the rest back 1 s.
        try track.insertTimeRange(Self.r("7", "8"), of: Self.a, at: Self.t("1"))
        Self.expect(
            track,
            [
                ("a.mov", "2", "3", "0", "1"), ("a.mov", "7", "8", "1", "2"), ("a.mov", "3", "5", "2", "4"),
                ("b.mov", "0", "2", "4", "6"),
            ])
        #expect(track.duration == Self.t("6"))
    }

    @Test func insertingPastTheEndFillsTheGapWithAnEmptySegment() throws {
        var track = Self.track()
        try track.insertTimeRange(Self.r("0", "1"), of: Self.a, at: Self.t("2"))
        Self.expect(track, [("-", "", "", "0", "2"), ("a.mov", "0", "1", "2", "3")])
    }

    @Test func anEmptyRangeSplitsTheSegmentItFallsIn() throws {
        var track = Self.track()
        try track.insertTimeRange(Self.r("0", "4"), of: Self.a, at: .zero)
        try track.insertEmptyTimeRange(Self.r("1", "3/2"))
        Self.expect(
            track, [("a.mov", "0", "1", "0", "1"), ("-", "", "", "1", "3/2"), ("a.mov", "1", "4", "3/2", "9/2")])
    }

    @Test func removingPullsLaterMediaForwardAndIgnoresThePartPastTheEnd() throws {
        var track = Self.track()
        try track.insertTimeRange(Self.r("0", "4"), of: Self.a, at: .zero)
        try track.insertTimeRange(Self.r("0", "2"), of: Self.b, at: Self.t("4"))
        try track.removeTimeRange(Self.r("1", "2"))
        Self.expect(
            track, [("a.mov", "0", "1", "0", "1"), ("a.mov", "2", "4", "1", "3"), ("b.mov", "0", "2", "3", "5")])
        try track.removeTimeRange(Self.r("4", "10"))
        Self.expect(
            track, [("a.mov", "0", "1", "0", "1"), ("a.mov", "2", "4", "1", "3"), ("b.mov", "0", "1", "3", "4")])
    }

    @Test func removingOneFrameAt30fpsIsExact() throws {
        var track = Self.track()
        try track.insertTimeRange(Self.r("0", "1"), of: Self.a, at: .zero)
        try track.removeTimeRange(Self.r("1/30", "2/30"))
        Self.expect(track, [("a.mov", "0", "1/30", "0", "1/30"), ("a.mov", "1/15", "1", "1/30", "29/30")])
    }

    @Test func scalingStretchesTheRangeAndMovesWhatFollows() throws {
        var track = Self.track()
        try track.insertTimeRange(Self.r("0", "4"), of: Self.a, at: .zero)
        // 2 s of media in 4 s: half speed (a "2× slow-motion segment").
        try track.scaleTimeRange(Self.r("1", "3"), toDuration: Self.t("4"))
        Self.expect(
            track, [("a.mov", "0", "1", "0", "1"), ("a.mov", "1", "3", "1", "5"), ("a.mov", "3", "4", "5", "6")])
    }

    @Test func scalingAcrossTwoSegmentsScalesEachPart() throws {
        var track = Self.track()
        try track.insertTimeRange(Self.r("0", "2"), of: Self.a, at: .zero)
        try track.insertTimeRange(Self.r("0", "2"), of: Self.b, at: Self.t("2"))
        try track.scaleTimeRange(Self.r("1", "3"), toDuration: Self.t("1"))
        Self.expect(
            track,
            [
                ("a.mov", "0", "1", "0", "1"), ("a.mov", "1", "2", "1", "3/2"), ("b.mov", "0", "1", "3/2", "2"),
                ("b.mov", "1", "2", "2", "3"),
            ])
    }

    @Test func aCutInsideAScaledSegmentMapsThroughItsSpeed() throws {
        var track = Self.track()
        try track.insertTimeRange(Self.r("0", "2"), of: Self.a, at: .zero)
        try track.scaleTimeRange(Self.r("0", "2"), toDuration: Self.t("4"))
        // Target 1 s of a half-speed segment is source 0.5 s.
        try track.insertTimeRange(Self.r("0", "1"), of: Self.b, at: Self.t("1"))
        Self.expect(
            track, [("a.mov", "0", "1/2", "0", "1"), ("b.mov", "0", "1", "1", "2"), ("a.mov", "1/2", "2", "2", "5")])
    }

    @Test func scalingToNTSCDurationsStaysExact() throws {
        var track = Self.track()
        try track.insertTimeRange(Self.r("0", "1"), of: Self.a, at: .zero)
        try track.insertTimeRange(Self.r("0", "1"), of: Self.b, at: Self.t("1"))
        // 1 s played in 1001/1000 s (the 30 → 29.97 slow-down): the cut at 1 s moves to 1.001 s.
        try track.scaleTimeRange(Self.r("0", "1"), toDuration: Self.t("1001/1000"))
        Self.expect(track, [("a.mov", "0", "1", "0", "1001/1000"), ("b.mov", "0", "1", "1001/1000", "2001/1000")])
    }

    @Test func badEditsAreRefusedAndChangeNothing() throws {
        var track = Self.track()
        try track.insertTimeRange(Self.r("0", "4"), of: Self.a, at: .zero)
        let before = track
        #expect(throws: CompositionError.self) { try track.insertTimeRange(Self.r("9", "11"), of: Self.a, at: .zero) }
        let audio = SourceTrack(path: "a.mov", trackID: 2, mediaType: .audio, timeRange: Self.r("0", "10"))
        #expect(throws: CompositionError.mediaTypeMismatch(trackID: 1, expected: "video", found: "audio")) {
            try track.insertTimeRange(Self.r("0", "1"), of: audio, at: .zero)
        }
        #expect(throws: CompositionError.self) {
            try track.removeTimeRange(TimeRange(start: Self.t("2"), duration: Self.t("-1")))
        }
        #expect(throws: CompositionError.self) { try track.scaleTimeRange(Self.r("0", "1"), toDuration: .zero) }
        #expect(track == before)
    }

    @Test func compositionEditsApplyToEveryTrackOrToNone() throws {
        var c = MutableComposition()
        let v = c.addMutableTrack(withMediaType: .video)
        let s = c.addMutableTrack(withMediaType: .audio, preferredTrackID: v)
        #expect(v == 1 && s == 2)
        let sound = SourceTrack(path: "a.mov", trackID: 2, mediaType: .audio, timeRange: Self.r("0", "10"))
        try c.insertTimeRange(Self.r("0", "3"), of: Self.a, at: .zero, into: v)
        try c.insertTimeRange(Self.r("0", "3"), of: sound, at: .zero, into: s)
        try c.removeTimeRange(Self.r("1", "2"))
        for track in c.tracks {
            #expect(track.segments.map(\.timeMapping.target) == [Self.r("0", "1"), Self.r("1", "2")])
        }
        #expect(c.duration == Self.t("2"))
        #expect(throws: CompositionError.noSuchTrack(9)) {
            try c.insertTimeRange(Self.r("0", "1"), of: Self.a, at: .zero, into: 9)
        }
    }
}
