import CaptionKit
import Foundation
import TestSupport
import Testing

/// Every shared SCC fixture that reads without error-level findings, read, written as JSON, read
/// back and written as SCC again — no `--shift` — gives the same screens as the original: decoded
/// by our reader and by ttconv, the captions have equal texts and start and end within one frame.
/// Where ttconv reads an original against 47 CFR 15.119 in a way no faithful copy can repeat,
/// Specs/scc.md lists the file ("Round trip of the shared fixtures"); only our reader's
/// comparison applies to it, and a listed file that ttconv reads alike fails the test, so the
/// list stays true.
@Suite struct SharedSCCRoundTripTests {
    static let rate = FrameRate.fps29_97
    /// One frame, and ttconv's millisecond rounding.
    static let tolerance = 1001.0 / 30000 + 0.002

    /// A caption as our reader gives it, for comparison.
    struct Screen: Equatable, CustomStringConvertible {
        var start: Int64
        var end: Int64
        var place: String
        var text: String

        init(_ caption: Caption) {
            start =
                SharedSCCRoundTripTests.rate.frame(at: caption.timeRange.start, rounding: .nearestOrAwayFromZero) ?? -1
            end = SharedSCCRoundTripTests.rate.frame(at: caption.timeRange.end, rounding: .nearestOrAwayFromZero) ?? -1
            place = Self.place(of: caption)
            text = caption.text
        }

        /// Where and how `caption` shows: its region's origin and size (a roll-up window's height
        /// says where its base row is when it reaches the top of the screen), its scroll and its
        /// animation.
        static func place(of caption: Caption) -> String {
            let origin = caption.region?.origin.map { "\($0.x),\($0.y)" } ?? "-"
            let size = caption.region?.size.map { "\($0.width)×\($0.height)" } ?? "-"
            return "\(origin) \(size) \(caption.region?.scroll ?? .none) \(caption.animation)"
        }

        var description: String { "[\(start)–\(end)) \(place) \(text.debugDescription)" }
    }

    /// Records the first caption of `original` that `copy` does not show alike (text, place, start
    /// and end within a frame), and a count that differs.
    static func expectSameScreens(_ original: CaptionDocument, _ copy: CaptionDocument, _ name: String, _ how: String) {
        let before = original.captions.map(Screen.init)
        let after = copy.captions.map(Screen.init)
        #expect(before.count == after.count, "\(name): \(before.count) vs \(after.count) captions")
        for (x, y) in zip(before, after)
        where x.text != y.text || x.place != y.place || abs(x.start - y.start) > 1 || abs(x.end - y.end) > 1 {
            Issue.record("\(name): \(x)\n   \(how) \(y)")
            return
        }
    }

    /// The files Specs/scc.md lists as read by ttconv against the rule, each with the stretch of
    /// the file it concerns (`from HH:MM:SS;FF to HH:MM:SS;FF` after the name, in seconds), or
    /// `nil` for the whole file.
    static func ttconvDisagreements() throws -> [String: Range<Double>?] {
        let text = try String(contentsOf: TestPaths.spec("scc.md"), encoding: .utf8)
        guard let start = text.range(of: "### Round trip of the shared fixtures") else { return [:] }
        var files: [String: Range<Double>?] = [:]
        for line in text[start.upperBound...].split(separator: "\n") {
            if line.hasPrefix("#") { break }
            guard line.hasPrefix("| `"), let close = line.dropFirst(3).firstIndex(of: "`") else { continue }
            let name = String(line[line.index(line.startIndex, offsetBy: 3)..<close])
            let cell = line[line.index(after: close)...].prefix { $0 != "|" }
            let labels = cell.matches(of: /\d\d:\d\d:\d\d[:;]\d\d/).map { String($0.output) }
            guard labels.count == 2 else {
                files[name] = .some(nil)
                continue
            }
            let seconds = try labels.map { label in
                Double(try Timecode(label, rate: rate).frameCount(at: rate)) * 1001 / 30000
            }
            files[name] = seconds[0]..<seconds[1]
        }
        return files
    }

    /// Rows equal as a viewer reads them: spaces at a row's ends trimmed (a mid-row code's cell,
    /// which ttconv keeps as a space); a row past column 32 ends with its last character in the
    /// last column (15.119(e)), which ttconv does not do; and the solid block a byte that fails
    /// parity shows (15.119(b), (j)(1)) matches any character, as ttconv ignores parity.
    static func sameRows(_ original: String, _ copy: String) -> Bool {
        let a = original.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let b = copy.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) where x != y {
            let x = Array(x)
            let y = Array(y)
            func same(_ p: Character, _ q: Character) -> Bool { p == q || q == "\u{2588}" }
            if x.count == y.count, zip(x, y).allSatisfy(same) { continue }
            if x.count > y.count, let last = y.last, let sent = x.last, same(sent, last),
                zip(x.prefix(y.count - 1), y.dropLast()).allSatisfy(same)
            {
                continue
            }
            return false
        }
        return true
    }

    /// `cues` with each paragraph that shows the rows of the one before it, as
    /// ``sameRows(_:_:)`` compares them, from that one's end, joined to it: a paint that changes
    /// only a space at a row's end (which ttconv shows as a paragraph of its own) is no change.
    static func joined(_ cues: [PeerDecoders.Cue]) -> [PeerDecoders.Cue] {
        var result: [PeerDecoders.Cue] = []
        for cue in cues {
            if let last = result.last, abs(last.end - cue.start) <= tolerance, sameRows(last.text, cue.text),
                sameRows(cue.text, last.text)
            {
                result[result.count - 1].end = cue.end
            } else {
                result.append(cue)
            }
        }
        return result
    }

    /// Why ttconv's reading of `copy` is not that of `original`, or `nil` when it is. Paragraphs
    /// that start in `exempt` are not compared, nor the ends that fall in it.
    static func ttconvDifference(
        _ original: [PeerDecoders.Cue], _ copy: [PeerDecoders.Cue], exempt: Range<Double>? = nil
    ) -> String? {
        func kept(_ cues: [PeerDecoders.Cue]) -> [PeerDecoders.Cue] {
            joined(cues).filter { exempt?.contains($0.start) != true }
        }
        let original = kept(original)
        let copy = kept(copy)
        guard original.count == copy.count else { return "\(original.count) vs \(copy.count) paragraphs" }
        for (x, y) in zip(original, copy) {
            guard sameRows(x.text, y.text) else { return "text \(x) vs \(y)" }
            guard abs(x.start - y.start) <= tolerance else { return "start \(x) vs \(y)" }
            // A paragraph still shown when the data ends has no end in ttconv; we end it 2 s
            // after the last word (Specs/scc.md "End of data").
            let endExempt = exempt.map { $0.contains(x.end) || $0.contains(y.end) } ?? false
            guard x.end.isInfinite || endExempt || abs(x.end - y.end) <= tolerance else {
                return "end \(x) vs \(y)"
            }
        }
        return nil
    }

    @Test func everyReadableFixtureRoundTripsToTheSameScreens() throws {
        let dir = try TemporaryDirectory()
        let exempt = try Self.ttconvDisagreements()
        let root = TestPaths.sharedFixture("scc").path + "/"
        var originals: [String] = []
        var copies: [String] = []
        var names: [String] = []
        for file in TestPaths.files(in: TestPaths.sharedFixture("scc"), withExtension: "scc") {
            let name = file.path.replacingOccurrences(of: root, with: "")
            let (read, _) = try CaptionFile.read(file.path)
            // Files with error-level findings (damaged words) are not part of the claim.
            guard !read.diagnostics.contains(where: { $0.severity == .error }) else { continue }
            let stem = name.replacingOccurrences(of: "/", with: "__").replacingOccurrences(of: ".scc", with: "")
            let json = dir.path(stem + ".json")
            try CaptionFile.write(read.document, to: json, overwrite: true)
            let (fromJSON, _) = try CaptionFile.read(json)
            let copy = dir.path(stem + ".copy.scc")
            do {
                try CaptionFile.write(fromJSON.document, to: copy, overwrite: true)
            } catch {
                Issue.record("\(name): not written without --shift: \(error)")
                continue
            }
            let (back, _) = try CaptionFile.read(copy)
            Self.expectSameScreens(read.document, back.document, name, "came back as")
            // ttconv reads only lines with a tab after the label; some files use spaces.
            let original = dir.path(stem + ".scc")
            let bytes = try String(contentsOf: file, encoding: .utf8)
            try Data(bytes.replacing(/(?m)^(\d\d:\d\d:\d\d[:;.,]\d\d)[ \t]+/) { "\($0.1)\t" }.utf8)
                .write(to: URL(fileURLWithPath: original))
            originals.append(original)
            copies.append(copy)
            names.append(name)
        }
        // 74 files, less those that read with error-level findings (the five that give no caption
        // though they send words, `scc.no-captions`, among them).
        #expect(
            names.count >= 69, "expected the 69 shared SCC fixtures that read without errors in ../shared/fixtures/scc")
        let decoded = try PeerDecoders.ttconv(originals + copies, in: dir)
        for (index, name) in names.enumerated() {
            let (original, copy) = (decoded[index], decoded[names.count + index])
            switch exempt[name] {
            case .some(.some(let stretch)):
                // Only that stretch is exempt: the rest compares, and the stretch must differ.
                if let difference = Self.ttconvDifference(original, copy, exempt: stretch) {
                    Issue.record("\(name): ttconv reads the copy differently: \(difference)")
                }
                #expect(
                    Self.ttconvDifference(original, copy) != nil,
                    "\(name) is listed in Specs/scc.md, but ttconv reads the copy alike")
            case .some(.none):
                #expect(
                    Self.ttconvDifference(original, copy) != nil,
                    "\(name) is listed in Specs/scc.md, but ttconv reads the copy alike")
            case .none:
                if let difference = Self.ttconvDifference(original, copy) {
                    Issue.record("\(name): ttconv reads the copy differently: \(difference)")
                }
            }
        }
    }
}
