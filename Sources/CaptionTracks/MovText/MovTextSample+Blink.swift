import CaptionCore
import ISOBMFF

/// Blinking text: a `blnk` modifier box (TS 26.245 §5.17, TextBlinkBox: a 16-bit start and end
/// character offset) for each range, as many boxes as ranges. The model's flashing text
/// (``CaptionTextStyle/flash``, CEA-608's Flash On) is written and read as such ranges.
extension MovTextSample {
    /// Adds `range` to `ranges`, joined to the last one where they meet.
    static func extend(_ ranges: inout [Range<Int>], with range: Range<Int>) {
        if let last = ranges.last, last.upperBound == range.lowerBound {
            ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
        } else {
            ranges.append(range)
        }
    }

    /// One `blnk` box per range; offsets past 16 bits are the caller's to keep out.
    static func writeBlinks(_ ranges: [Range<Int>], to w: inout BoxWriter) {
        for range in ranges {
            guard let start = UInt16(exactly: range.lowerBound), let end = UInt16(exactly: range.upperBound) else {
                continue
            }
            try? w.box("blnk") { (w: inout BoxWriter) in
                w.u16(start)
                w.u16(end)
            }
        }
    }

    /// The range a `blnk` box's body gives within a text of `characters` characters, cut at the
    /// text's end; none, with a problem, where it says something wrong (an empty range is
    /// silently none, as for style records).
    static func readBlink(_ box: ArraySlice<UInt8>, characters: Int, problems: inout [String]) -> [Range<Int>] {
        let b = Array(box)
        guard b.count >= 4 else {
            problems.append("a blnk modifier box of \(b.count) byte(s), without its character range; ignored")
            return []
        }
        let start = Int(b[0]) << 8 | Int(b[1])
        let stated = Int(b[2]) << 8 | Int(b[3])
        let end = min(characters, stated)
        guard start < end else {
            if start > stated || (start >= characters && stated > start) {
                problems.append(
                    "the blnk modifier box covers characters \(start)–\(stated) of a \(characters)-character text; ignored"
                )
            }
            return []
        }
        return [start..<end]
    }

    /// Sets ``CaptionTextStyle/flash`` on every character in one of `ranges`: a count of the
    /// ranges open at each character, so that many boxes over a long text cost boxes plus
    /// characters steps, not their product (compare the style records, Specs/limits.md).
    static func markFlashing(_ ranges: [Range<Int>], in styles: inout [CaptionTextStyle]) {
        guard !ranges.isEmpty else { return }
        var opened = [Int](repeating: 0, count: styles.count + 1)
        for r in ranges where r.lowerBound >= 0 && r.upperBound <= styles.count {
            opened[r.lowerBound] += 1
            opened[r.upperBound] -= 1
        }
        var open = 0
        for i in styles.indices {
            open += opened[i]
            if open > 0 { styles[i].flash = true }
        }
    }
}
