/// The timing line of an SRT cue, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, read leniently (Specs/srt.md,
/// "Timing lines"): what a real file does differently is noted so the reader can report it.
struct SRTTiming {
    var start: Int64
    var end: Int64
    /// `.` instead of `,` before the milliseconds.
    var usedDot = false
    /// Fewer or more than three fraction digits, or no hours field.
    var unusualDigits = false
    /// Text after the end time (SubRip's `X1:… Y2:…` box, or garbage).
    var trailing: Substring = ""

    /// A line of ASCII digits (the cue number), surrounding spaces allowed.
    static func isIndex(_ line: Substring) -> Bool { isIndex(Array(line.utf8.prefix(64))[...]) }

    static func isIndex(_ line: ArraySlice<UInt8>) -> Bool {
        guard line.count < 64 else { return false }
        let t = line.drop { $0 == 0x20 || $0 == 0x09 }
        let digits = t.prefix { $0 >= 0x30 && $0 <= 0x39 }
        return !digits.isEmpty && t.dropFirst(digits.count).allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    static func parse(_ line: Substring) -> SRTTiming? { parse(Array(line.utf8)[...]) }

    /// A timing line is short: longer lines are text, whatever they hold.
    static let longestLine = 512

    static func parse(_ line: ArraySlice<UInt8>) -> SRTTiming? {
        guard line.count <= longestLine else { return nil }
        let bytes = Array(line)
        var i = 0
        var timing = SRTTiming(start: 0, end: 0)
        func skipSpaces() { while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 } }
        func time() -> Int64? {
            var fields: [Int64] = []
            var fraction: Int64 = 0
            var sawFraction = false
            while true {
                let start = i
                while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39, i - start < 9 { i += 1 }
                guard i > start else { return nil }
                fields.append(bytes[start..<i].reduce(0) { $0 * 10 + Int64($1 - 0x30) })
                guard i < bytes.count else { break }
                if bytes[i] == 0x3A, fields.count < 3 {
                    i += 1
                    continue
                }
                if bytes[i] == 0x2C || bytes[i] == 0x2E, fields.count >= 2 {
                    if bytes[i] == 0x2E { timing.usedDot = true }
                    i += 1
                    let f = i
                    while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
                    let digits = bytes[f..<min(i, f + 3)]
                    guard !digits.isEmpty else { return nil }
                    if i - f != 3 { timing.unusualDigits = true }
                    fraction = digits.reduce(0) { $0 * 10 + Int64($1 - 0x30) }
                    for _ in digits.count..<3 { fraction *= 10 }
                    sawFraction = true
                }
                break
            }
            guard fields.count >= 2 else { return nil }
            if fields.count == 2 || !sawFraction { timing.unusualDigits = true }
            let (h, m, s) = fields.count == 3 ? (fields[0], fields[1], fields[2]) : (0, fields[0], fields[1])
            guard m < 60, s < 60 else { return nil }
            return ((h * 60 + m) * 60 + s) * 1000 + fraction
        }
        skipSpaces()
        guard let start = time() else { return nil }
        skipSpaces()
        guard i + 2 < bytes.count, bytes[i] == 0x2D, bytes[i + 1] == 0x2D, bytes[i + 2] == 0x3E else { return nil }
        i += 3
        skipSpaces()
        guard let end = time() else { return nil }
        timing.start = start
        timing.end = end
        let rest = String(decoding: bytes[i...], as: UTF8.self)
        timing.trailing = Substring(rest.drop { $0 == " " || $0 == "\t" })
        if !rest.isEmpty, rest.first != " ", rest.first != "\t" { return nil }
        return timing
    }

    /// `HH:MM:SS,mmm`.
    static func text(milliseconds ms: Int64) -> String {
        let v = max(0, ms)
        func pad(_ n: Int64, _ w: Int) -> String {
            let s = String(n)
            return s.count >= w ? s : String(repeating: "0", count: w - s.count) + s
        }
        return "\(pad(v / 3_600_000, 2)):\(pad(v / 60_000 % 60, 2)):\(pad(v / 1000 % 60, 2)),\(pad(v % 1000, 3))"
    }
}
