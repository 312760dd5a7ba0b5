import CaptionKit
import Foundation
import TestSupport
import Testing

/// A two-hour broadcast-style SCC, made here word by word as a caption house's encoder sends it:
/// pop-on captions of 1–6 rows at the bottom of the screen, loaded (ENM, RCL, a PAC per row,
/// text) while the caption before is up, shown by EOC, erased by EDM or replaced back to back;
/// every code doubled where there is time, sent once where the source is tight. Read, written as
/// JSON, read back and written as SCC without `--shift`, it gives the same captions: none split,
/// none moved.
@Suite struct BroadcastRoundTripTests {
    /// A caption as the generator sends it: frames and rows.
    struct Sent: Equatable {
        var start: Int64
        var end: Int64
        var rows: [String]
    }

    /// The PAC for `row` (1–15), indent 0, white: 47 CFR 15.119's preamble address code table
    /// (first byte; second byte 0x50 for the first row of a pair, 0x70 for the second).
    static let pacs: [Int: (UInt8, UInt8)] = [
        1: (0x11, 0x50), 2: (0x11, 0x70), 3: (0x12, 0x50), 4: (0x12, 0x70), 5: (0x15, 0x50), 6: (0x15, 0x70),
        7: (0x16, 0x50), 8: (0x16, 0x70), 9: (0x17, 0x50), 10: (0x17, 0x70), 11: (0x10, 0x50), 12: (0x13, 0x50),
        13: (0x13, 0x70), 14: (0x14, 0x50), 15: (0x14, 0x70),
    ]

    static func parity(_ byte: UInt8) -> UInt8 { byte.nonzeroBitCount % 2 == 1 ? byte : byte | 0x80 }

    static func word(_ first: UInt8, _ second: UInt8) -> String {
        String(format: "%02x%02x", parity(first), parity(second))
    }

    /// SMPTE ST 12-1 drop-frame label of `frame` at 29.97, counted here: labels ;00 and ;01 are
    /// skipped at every minute but each tenth (18 per 17,982 frames).
    static func label(_ frame: Int64) -> String {
        let rest = frame % 17982
        let n = frame + 18 * (frame / 17982) + (rest > 1 ? 2 * ((rest - 2) / 1798) : 0)
        return String(format: "%02d:%02d:%02d;%02d", n / 108_000, n / 1800 % 60, n / 30 % 60, n % 30)
    }

    /// The SCC text and what it sends, for `minutes` of programme.
    static func broadcast(minutes: Int) -> (text: String, sent: [Sent], tight: Int) {
        var rng = SplitMix64(seed: 608)
        let words = [
            "THE", "NEWS", "AT", "TEN", "TONIGHT", "WEATHER", "RAIN", "IN", "THE", "NORTH", "AND", "SUN",
            "LATER", "WE'LL", "BE", "RIGHT", "BACK", "AFTER", "THIS", "HOW", "ARE", "YOU?", "FINE,", "THANKS.",
        ]
        let end = Int64(minutes) * 1798 + Int64(minutes / 10) * 2  // frames in `minutes` of 29.97
        var lines: [String] = []
        var sent: [Sent] = []
        var free: Int64 = 60  // the first frame no word is sent on yet
        var shownUntil: Int64?  // the previous caption's end when it is still up (back to back)
        var tight = 0
        while true {
            let rows = 1 + Int(rng.next(below: 6))
            var text: [String] = []
            for _ in 0..<rows {
                var row = ""
                while row.count < 10 + Int(rng.next(below: 16)) {
                    let w = words[Int(rng.next(below: UInt64(words.count)))]
                    if row.count + w.count + 1 > 32 { break }
                    row += row.isEmpty ? w : " " + w
                }
                text.append(row)
            }
            // The load: ENM, RCL, then per row its PAC and its characters two to a word.
            func load(doubled: Bool) -> [String] {
                var out: [String] = []
                let twice = doubled ? 2 : 1
                out += Array(repeating: word(0x14, 0x2E), count: twice)  // ENM: clears the swapped-out caption
                out += Array(repeating: word(0x14, 0x20), count: twice)  // RCL
                for (k, row) in text.enumerated() {
                    let (a, b) = pacs[16 - rows + k]!
                    out += Array(repeating: word(a, b), count: twice)
                    var bytes = Array(row.utf8)
                    if bytes.count % 2 == 1 { bytes.append(0) }
                    for i in stride(from: 0, to: bytes.count, by: 2) { out.append(word(bytes[i], bytes[i + 1])) }
                }
                return out
            }
            var words = load(doubled: true)
            let wanted = (shownUntil ?? free) + 20 + Int64(rng.next(below: 60))
            // Tight: the load sent right away would not be done by the wanted start. Codes once;
            // if still too long, the caption simply starts when its load is done.
            if free + Int64(words.count) > wanted {
                words = load(doubled: false)
                tight += 1
            }
            let start = max(wanted, free + Int64(words.count))
            guard start + 200 < end else { break }
            let loadStart = start - Int64(words.count)
            // The previous caption is replaced by this EOC (back to back) or was erased earlier.
            if shownUntil != nil, var last = sent.last {
                last.end = start
                sent[sent.count - 1] = last
            }
            lines.append("\(label(loadStart))\t" + words.joined(separator: " "))
            lines.append("\(label(start))\t\(word(0x14, 0x2F)) \(word(0x14, 0x2F))")  // EOC
            free = start + 2
            let duration = 45 + Int64(rng.next(below: 100))
            sent.append(Sent(start: start, end: start + duration, rows: text))
            if rng.next(below: 3) == 0 {
                // Back to back: the next EOC replaces it.
                shownUntil = start + duration
            } else {
                lines.append("\(label(start + duration))\t\(word(0x14, 0x2C)) \(word(0x14, 0x2C))")  // EDM
                free = start + duration + 2
                shownUntil = nil
            }
        }
        if shownUntil != nil, let last = sent.last {
            // The last caption is erased where it ends.
            lines.append("\(label(last.end))\t\(word(0x14, 0x2C)) \(word(0x14, 0x2C))")
        }
        return ("Scenarist_SCC V1.0\n\n" + lines.joined(separator: "\n\n") + "\n", sent, tight)
    }

    @Test func twoHoursWithSixRowCaptionsRoundTripWithoutShiftOrSplit() throws {
        let (text, sent, tight) = Self.broadcast(minutes: 120)
        #expect(sent.count > 1000)
        // Enough tight loads (codes sent once in the source) to matter.
        #expect(tight > 100, "\(tight) tight loads")
        #expect(sent.contains { $0.rows.count == 6 })
        let dir = try TemporaryDirectory()
        let source = dir.path("broadcast.scc")
        try Data(text.utf8).write(to: URL(fileURLWithPath: source))
        let rate = FrameRate.fps29_97
        func frames(_ captions: [Caption]) -> [Sent] {
            captions.map {
                Sent(
                    start: rate.frame(at: $0.timeRange.start, rounding: .nearestOrAwayFromZero) ?? -1,
                    end: rate.frame(at: $0.timeRange.end, rounding: .nearestOrAwayFromZero) ?? -1,
                    rows: $0.lines)
            }
        }
        // Our reader gives what was sent (expected values from the generator, not the reader).
        let (read, _) = try CaptionFile.read(source)
        #expect(!read.diagnostics.contains { $0.severity >= .warning }, "\(read.diagnostics.prefix(3))")
        let first = frames(read.document.captions)
        #expect(first.count == sent.count)
        for (a, b) in zip(sent, first) where a != b {
            Issue.record("sent \(a)\n     read as \(b)")
            break
        }
        // SCC → JSON → SCC, no --shift: the same captions, none split.
        let json = dir.path("broadcast.json")
        try CaptionFile.write(read.document, to: json)
        let (fromJSON, _) = try CaptionFile.read(json)
        let copy = dir.path("copy.scc")
        let (written, _) = try CaptionFile.write(fromJSON.document, to: copy)
        #expect(!written.diagnostics.contains { $0.ruleID == "608.shift" || $0.severity == .error })
        let (back, _) = try CaptionFile.read(copy)
        let got = frames(back.document.captions)
        #expect(got.count == sent.count)
        for (a, b) in zip(sent, got) where a != b {
            Issue.record("sent \(a)\n came back as \(b)")
            break
        }
    }
}
