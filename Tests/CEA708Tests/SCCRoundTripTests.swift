// Issue 36's round trip through 708: every shared SCC fixture's document (read by our SCC reader,
// whose 608 reading has its own witnesses) → CEA708CaptionEncoder → CEA708Scheduler (29.97 fps,
// 18 DTVCC constructs a frame: cc_count 20 less the two 608 constructs) → service data frame by
// frame → CEA708CaptionBuilder gives the same captions: texts, regions, alignment and run styles
// that 708 holds, start and end within a frame. Paint-on captions of one line come back as
// paint-on; those of several lines are sent as pop-on windows (reported), so their animation is
// not compared.

import CaptionCore
import Foundation
import SCC
import TestSupport
import Testing

@testable import CEA708

@Suite("Shared SCC fixtures through CEA-708 service 1")
struct CEA708SCCRoundTripTests {
    /// What must survive: text, times in frames, region, alignment, styles.
    struct Shown: Equatable, CustomStringConvertible {
        var text: String
        var start: Int64
        var end: Int64
        var region: CaptionRegion?
        var alignment: CaptionTextAlignment?
        var runs: [CaptionRun]
        var animation: CaptionAnimation

        init(_ caption: Caption, rate: FrameRate) {
            text = caption.text
            start = rate.frame(at: caption.timeRange.start, rounding: .nearestOrAwayFromZero) ?? -1
            end = rate.frame(at: caption.timeRange.end, rounding: .nearestOrAwayFromZero) ?? -1
            region = caption.region
            alignment = caption.textAlignment
            runs = caption.normalizedRuns
            animation = caption.animation
        }

        /// Listed differences: a character 708 has no code for (G0–G3, §7.1) is replaced, so
        /// the text and runs are not compared; a roll-up window clipped at the top of the screen
        /// (fewer rows than it rolls) becomes a 708 window of the rows that fit, read back as a
        /// paint-on line, so its region and animation are not compared.
        func same(as other: Shown) -> Bool {
            guard abs(start - other.start) <= 1, abs(end - other.end) <= 1, alignment == other.alignment else {
                return false
            }
            let representable = text.unicodeScalars.allSatisfy(Self.in708)
            if representable && (text != other.text || runs != other.runs) { return false }
            if case .rollUp(let rows) = region?.scroll, let height = region?.size?.height.value, Int(height) < rows {
                return true
            }
            if !text.contains("\n") && animation != other.animation { return false }
            return region == other.region
        }

        /// Whether a character has a G0, G1, G2 or G3 code (CTA-708-E §7.1; the tables are checked
        /// against Specs/cea708/*.tsv by CodeTableSpecTests).
        static func in708(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\n" || (0...255).contains { CEA708CodeTables.basicCharacter(UInt8($0)) == scalar }
                || CEA708CodeTables.g2.values.contains(scalar) || CEA708CodeTables.g3.values.contains(scalar)
        }

        /// By start, then place (texts may differ where characters were replaced).
        static func order(_ a: Shown, _ b: Shown) -> Bool {
            (a.start, String(describing: a.region), a.text) < (b.start, String(describing: b.region), b.text)
        }

        var description: String {
            "\(start)–\(end) \(text.debugDescription) \(String(describing: region)) \(String(describing: animation))"
        }
    }

    /// The document through 708 and back.
    static func roundTrip(_ document: CaptionDocument, rate: FrameRate) -> (
        CaptionDocument, CEA708Scheduler.Schedule, CEA708ServiceEncoding
    ) {
        let encoding = CEA708CaptionEncoder().encode(document)
        let schedule = CEA708Scheduler.schedule(encoding, rate: rate, constructsPerFrame: 18)
        var builder = CEA708CaptionBuilder()
        for frame in schedule.frames { builder.receive(frame.bytes, at: rate.time(ofFrame: frame.index)) }
        let end = document.captions.map(\.timeRange.end).max() ?? .zero
        return (builder.finish(at: end).document, schedule, encoding)
    }

    @Test("Every shared SCC fixture that reads without errors comes back from 708 with the same captions")
    func everyFixture() throws {
        let root = TestPaths.sharedFixture("scc").path + "/"
        let rate = FrameRate.fps29_97
        var checked = 0
        var failed: [String] = []
        for file in try TestPaths.fixtures(in: TestPaths.sharedFixture("scc"), withExtension: "scc") {
            let name = file.path.replacingOccurrences(of: root, with: "")
            let read = try SCCReader().read([UInt8](Data(contentsOf: file)))
            guard !read.diagnostics.contains(where: { $0.severity == .error }), !read.document.captions.isEmpty
            else { continue }
            let (back, schedule, encoding) = Self.roundTrip(read.document, rate: rate)
            let replaced = read.document.captions.filter { !$0.text.unicodeScalars.allSatisfy(Shown.in708) }.count
            let reported = encoding.diagnostics.filter { $0.ruleID == "708.encode.character" }.count
            #expect(
                replaced == reported, "\(name): \(replaced) captions with characters outside 708, \(reported) reported")
            checked += 1
            #expect(schedule.late.isEmpty, "\(name): \(schedule.diagnostics.first?.description ?? "")")
            let before = read.document.captions.map { Shown($0, rate: rate) }
                .sorted(by: Shown.order)
            let after = back.captions.map { Shown($0, rate: rate) }.sorted(by: Shown.order)
            if before.count != after.count {
                failed.append("\(name): \(before.count) captions, \(after.count) back")
                continue
            }
            if let (x, y) = zip(before, after).first(where: { !$0.same(as: $1) }) {
                failed.append("\(name): \(x)\n   came back as \(y)\n   \(x.runs)\n   \(y.runs)")
            }
        }
        #expect(checked >= 65, "shared SCC fixtures with captions read without errors: \(checked)")
        let summary = "\(failed.count) of \(checked):\n" + failed.prefix(8).joined(separator: "\n")
        #expect(failed.isEmpty, "\(summary)")
    }
}
