import CaptionCore
import Foundation
import TestSupport
import Testing

/// Our readings and expectations as ``TTMLPeers/Cue``s, and their comparison with a peer's.
enum ITTPeer {
    /// Our reading of a document as cues: each caption's text, times and region (its
    /// origin and extent when they are in percent).
    /// With `rubyAsText`, a ruby run reads as its base followed by its annotation: ttconv does
    /// not know Apple's `ry:` ruby extension and reads its `rb` and `rt` spans as plain text.
    static func cues(_ document: CaptionDocument, rubyAsText: Bool = false) -> [TTMLPeers.Cue] {
        TTMLPeers.sorted(
            document.captions.map { caption in
                let text =
                    rubyAsText ? caption.runs.map { $0.text + ($0.style.ruby?.text ?? "") }.joined() : caption.text
                return TTMLPeers.Cue(
                    start: caption.timeRange.start.seconds, end: caption.timeRange.end.seconds, text: text,
                    placement: caption.region.map(placement),
                    runs: caption.runs.map { run($0, behind: caption.blockBackground, rubyAsText: rubyAsText) })
            })
    }

    /// A run as a viewer sees it: no colour is white and no background transparent (the initial
    /// values TTML2 §10.2.8 and §10.2.4 give; Apple's `normal` style says white too). A run
    /// without a background shows its paragraph's fill (`behind`) behind it, as the peers see it.
    static func run(_ run: CaptionRun, behind fill: CaptionColor? = nil, rubyAsText: Bool) -> TTMLPeers.Run {
        func rgba(_ c: CaptionColor) -> [Int] { [Int(c.red), Int(c.green), Int(c.blue), Int(c.alpha)] }
        let style = run.style
        return TTMLPeers.Run(
            text: run.text + (rubyAsText ? style.ruby?.text ?? "" : ""),
            color: style.textColor.map(rgba) ?? [255, 255, 255, 255],
            background: (style.backgroundColor ?? fill).map(rgba) ?? [0, 0, 0, 0], italic: style.italic,
            bold: style.bold,
            underline: style.underline)
    }

    /// Where two cues' runs show a character (spaces and line ends left out: the peers and we
    /// keep different white space) in a different style: the first such character, or nil.
    static func styleDifference(_ peer: [TTMLPeers.Run], _ ours: [TTMLPeers.Run]) -> String? {
        func characters(_ runs: [TTMLPeers.Run]) -> [(Character, String)] {
            runs.flatMap { run in run.text.filter { !$0.isWhitespace }.map { ($0, run.style) } }
        }
        let (a, b) = (characters(peer), characters(ours))
        for (index, (x, y)) in zip(a, b).enumerated() where x.0 != y.0 || x.1 != y.1 {
            return "character \(index) '\(x.0)' \(x.1) ≠ '\(y.0)' \(y.1)"
        }
        return a.count == b.count ? nil : "\(a.count) characters ≠ \(b.count)"
    }

    static func placement(_ region: CaptionRegion) -> TTMLPeers.Placement {
        func percent(_ a: CaptionDimension?, _ b: CaptionDimension?) -> [Double]? {
            guard let a, let b, a.unit == .percent, b.unit == .percent else { return nil }
            return [a.value, b.value]
        }
        return TTMLPeers.Placement(
            region: region.identifier ?? "", origin: percent(region.origin?.x, region.origin?.y),
            extent: percent(region.size?.width, region.size?.height))
    }

    /// The seconds of `frames` frames at 30000/1001 frames a second, worked out here rather
    /// than by `FrameRate`.
    static func ntsc(_ frames: Int) -> Double { Double(frames * 1001) / 30000 }

    /// How a peer's cues differ from the expected ones: count, text (each line with its ends
    /// trimmed, when `trimmingLines`), times beyond `tolerance` seconds, and — where the expected
    /// cue has them — region name, origin and extent (to 0.001 %), and — where both have runs
    /// and `styles` — each character's colour, background, face and underline.
    static func differences(
        _ peer: [TTMLPeers.Cue], _ expected: [TTMLPeers.Cue], tolerance: Double, trimmingLines: Bool = false,
        regions: Bool = true, styles: Bool = true
    ) -> [String] {
        func text(_ t: String) -> String {
            trimmingLines
                ? t.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n") : t
        }
        var found: [String] = []
        if peer.count != expected.count {
            // The cues of one side with no cue of the same text starting at the same time (within
            // the tolerance) on the other: what to look at first in a long list.
            func unmatched(_ a: [TTMLPeers.Cue], _ b: [TTMLPeers.Cue]) -> [TTMLPeers.Cue] {
                a.filter { x in !b.contains { text($0.text) == text(x.text) && abs($0.start - x.start) <= tolerance } }
            }
            found.append(
                "\(peer.count) cues against \(expected.count) expected; the peer's alone: "
                    + "\(unmatched(peer, expected).prefix(20)), ours alone: \(unmatched(expected, peer).prefix(20))")
        }
        for (p, e) in zip(peer, expected) {
            if text(p.text) != text(e.text) { found.append("text: \(p) ≠ \(e)") }
            if styles, let a = p.runs, let b = e.runs, let difference = styleDifference(a, b) {
                found.append("style: \(difference) in \(p.text.debugDescription) (peer \(a); ours \(b))")
            }
            if abs(p.start - e.start) > tolerance || !(abs(p.end - e.end) <= tolerance || p.end == e.end) {
                found.append("times: \(p) ≠ \(e)")
            }
            guard regions, let want = e.placement else { continue }
            guard let got = p.placement else {
                found.append("no region: \(p) ≠ \(e)")
                continue
            }
            if !want.region.isEmpty && got.region != want.region { found.append("region: \(p) ≠ \(e)") }
            for (a, b) in [(got.origin, want.origin), (got.extent, want.extent)] {
                guard let b else { continue }
                guard let a, a.count == b.count, zip(a, b).allSatisfy({ abs($0 - $1) < 0.001 }) else {
                    found.append("region geometry: \(p) ≠ \(e)")
                    break
                }
            }
        }
        return found
    }

    /// Every iTT and TTML file held in: Fixtures/itt and ../shared/fixtures/itt; an error when
    /// there is none (a missing folder would otherwise check nothing).
    static func heldInFixtures() throws -> [URL] {
        try TestPaths.fixtures(in: TestPaths.fixture("itt"), withExtension: "itt")
            + TestPaths.fixtures(in: TestPaths.sharedFixture("itt"), withExtension: "itt")
    }
}
