import CaptionCore
import Testing

@Suite struct CaptionGrouperTests {
    func t(_ frames: Int64) -> MediaTime { FrameRate.fps29_97.time(ofFrame: frames) }

    @Test func scenesOfOverlappingCaptions() {
        let a = Caption("A", start: t(0), end: t(10))
        let b = Caption("B", start: t(5), end: t(15))
        let c = Caption("C", start: t(20), end: t(30))
        let groups = CaptionGrouper().groups(for: [a, b, c])
        #expect(groups.map(\.captions) == [[a], [a, b], [b], [c]])
        #expect(
            groups.map(\.timeRange) == [
                TimeRange(start: t(0), end: t(5)), TimeRange(start: t(5), end: t(10)),
                TimeRange(start: t(10), end: t(15)), TimeRange(start: t(20), end: t(30)),
            ])
        let withGaps = CaptionGrouper(includesGaps: true).groups(for: [a, b, c])
        #expect(withGaps.count == 5)
        #expect(withGaps[3].captions.isEmpty)
    }

    @Test func backToBackIdenticalSetsMerge() {
        // Two captions ending and starting at the same instant are different scenes; a caption
        // split by another's boundary inside it is not.
        let a = Caption("A", start: t(0), end: t(10))
        let b = Caption("B", start: t(10), end: t(20))
        #expect(CaptionGrouper().groups(for: [a, b]).count == 2)
        let empty = Caption("E", start: t(3), end: t(3))
        let groups = CaptionGrouper().groups(for: [a, empty])
        #expect(groups.count == 1)
        #expect(groups[0].timeRange == a.timeRange)
    }

    /// Property: on random documents, scenes are sorted, disjoint, and at every instant the
    /// scene (if any) holds exactly the captions on screen then.
    @Test func scenesNeverOverlapAndCoverEveryVisibleInstant() {
        var rng = SplitMix64(seed: 2024)
        for _ in 0..<300 {
            let n = Int(rng.next(below: 25))
            var captions: [Caption] = []
            for i in 0..<n {
                let s = Int64(rng.next(below: 200))
                let d = Int64(rng.next(below: 40))
                // Mixed timescales: frames at 29.97 and milliseconds.
                let start = rng.next(below: 2) == 0 ? t(s) : MediaTime(value: s * 33, timescale: 1000)
                captions.append(Caption("c\(i)", start: start, end: start + MediaTime(value: d * 33, timescale: 1000)))
            }
            let groups = CaptionGrouper().groups(for: captions)
            for (g, h) in zip(groups, groups.dropFirst()) where g.timeRange.end > h.timeRange.start {
                Issue.record("groups overlap: \(g.timeRange) \(h.timeRange)")
                return
            }
            // Probe every boundary and the midpoints between consecutive boundaries.
            var instants = captions.flatMap { [$0.timeRange.start, $0.timeRange.end] }
            instants.sort()
            let mids = zip(instants, instants.dropFirst()).compactMap { a, b -> MediaTime? in
                let sum = a + b
                return try? sum.checkedMultiplying(by: 1, dividingBy: 2)
            }
            for instant in instants + mids {
                let onScreen = captions.filter { $0.timeRange.contains(instant) }
                let containing = groups.filter { $0.timeRange.contains(instant) }
                if onScreen.isEmpty {
                    if !containing.isEmpty { Issue.record("group at empty instant \(instant)"); return }
                } else if containing.count != 1 || containing[0].captions != onScreen {
                    Issue.record(
                        "at \(instant): on screen \(onScreen.map(\.text)), groups \(containing.map { $0.captions.map(\.text) })"
                    )
                    return
                }
            }
        }
    }
}
