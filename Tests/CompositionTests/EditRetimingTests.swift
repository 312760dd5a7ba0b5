import CaptionCore
import Composition
import Metadata
import Testing

/// Captions and metadata groups moved through a clip's time mappings, against times worked out
/// by hand: cut at the in and out points, shifted, stretched by a slowed segment, repeated when
/// a source range is used twice.
@Suite struct EditRetimingTests {
    static func t(_ s: String) -> MediaTime { MutableCompositionTests.t(s) }
    static func r(_ a: String, _ b: String) -> TimeRange { TimeRange(start: t(a), end: t(b)) }

    static let captions = [
        Caption("ONE", start: t("1"), end: t("2")), Caption("TWO", start: t("3"), end: t("4")),
        Caption("THREE", start: t("5"), end: t("11/2")),
    ]

    @Test func trimsReorderingAnEmptyRangeAndSlowMotion() throws {
        // Source 2.5–4.5 s at half speed from 1.5 s, then source 0.5–2.5 s from 5.5 s.
        let mappings = [
            TimeMapping(source: Self.r("5/2", "9/2"), target: Self.r("3/2", "11/2")),
            TimeMapping(source: Self.r("1/2", "5/2"), target: Self.r("11/2", "15/2")),
        ]
        let out = try EditRetiming.retime(Self.captions, through: mappings)
        #expect(out.map(\.text) == ["TWO", "ONE"])
        // TWO: 1.5 + (3 − 2.5) × 2 = 2.5 to 1.5 + (4 − 2.5) × 2 = 4.5. ONE: 5.5 + 0.5 = 6 to 7.
        #expect(out.map(\.timeRange) == [Self.r("5/2", "9/2"), Self.r("6", "7")])
    }

    @Test func aCaptionCutByAnInPointKeepsItsPartInside() throws {
        let mappings = [TimeMapping(source: Self.r("3/2", "4"), target: Self.r("0", "5/2"))]
        let out = try EditRetiming.retime(Self.captions, through: mappings)
        #expect(out.map(\.timeRange) == [Self.r("0", "1/2"), Self.r("3/2", "5/2")])
    }

    @Test func aSourceRangeUsedTwiceShowsItsCaptionTwice() throws {
        let m = [
            TimeMapping(source: Self.r("1", "2"), target: Self.r("0", "1")),
            TimeMapping(source: Self.r("1", "2"), target: Self.r("10", "11")),
        ]
        let out = try EditRetiming.retime(Self.captions, through: m)
        #expect(out.map(\.timeRange) == [Self.r("0", "1"), Self.r("10", "11")])
    }

    @Test func metadataGroupsAtNTSCTimesStayExact() throws {
        let g = (0..<3).map { i in
            TimedMetadataGroup(
                timeRange: TimeRange(
                    start: MediaTime(value: Int64(i) * 1001, timescale: 30000),
                    duration: MediaTime(value: 1001, timescale: 30000)),
                items: [])
        }
        // A 2× slow segment starting at 10 s: each 1001/30000 s group lasts 2002/30000 s.
        let m = [TimeMapping(source: Self.r("0", "1"), target: Self.r("10", "12"))]
        let out = try EditRetiming.retime(g, through: m)
        #expect(
            out.map(\.timeRange.start) == [
                Self.t("10"), Self.t("10") + Self.t("2002/30000"), Self.t("10") + Self.t("4004/30000"),
            ])
        #expect(out.allSatisfy { $0.timeRange.duration == Self.t("2002/30000") })
    }
}
