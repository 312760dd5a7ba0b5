import CaptionCore
import ISOBMFF

/// One sample of a 3GPP timed-text (`tx3g`, FFmpeg's `mov_text`) track: a 16-bit text length,
/// the text (UTF-8, or UTF-16 after a byte order mark), then modifier boxes; `styl` holds style
/// records over character ranges, each `blnk` one blinking range (3GPP TS 26.245 §5.17: sample
/// format; §5.16: StyleRecord). An empty sample (length 0) shows nothing.
public struct MovTextSample: Sendable, Hashable {
    /// The text as styled runs; line breaks are "\n".
    public var runs: [CaptionRun]

    public init(runs: [CaptionRun]) { self.runs = runs }

    public var text: String { runs.map(\.text).joined() }

    // MARK: - Writing

    /// The sample's bytes: UTF-8 text, a `styl` box when any run is bold, italic, underlined or
    /// coloured other than `defaultColor`, and a `blnk` box for each stretch of flashing text.
    /// Offsets count characters (Unicode scalars), as TS 26.245 §5.16 says and FFmpeg's decoder
    /// reads them.
    public func bytes(defaultColor: CaptionColor = .white) -> [UInt8] {
        var text: [UInt8] = []
        var records: [(start: Int, end: Int, flags: UInt8, color: CaptionColor)] = []
        var blinks: [Range<Int>] = []
        var characters = 0
        for run in runs {
            // The 16-bit length caps a sample at 65,535 bytes; longer text is cut at a character.
            let scalars = Array(run.text.unicodeScalars)
            var taken = 0
            for s in scalars {
                let utf8 = Array(String(s).utf8)
                guard text.count + utf8.count <= Int(UInt16.max) else { break }
                text += utf8
                taken += 1
            }
            let flags: UInt8 = (run.style.bold ? 1 : 0) | (run.style.italic ? 2 : 0) | (run.style.underline ? 4 : 0)
            let color = run.style.textColor ?? defaultColor
            if taken > 0, flags != 0 || color != defaultColor {
                records.append((characters, characters + taken, flags, color))
            }
            if taken > 0, run.style.flash { Self.extend(&blinks, with: characters..<(characters + taken)) }
            characters += taken
            if taken < scalars.count { break }
        }
        var w = BoxWriter()
        w.u16(UInt16(text.count))
        w.append(text)
        if !records.isEmpty && characters <= Int(UInt16.max) {
            try? w.box("styl") { (w: inout BoxWriter) in
                w.u16(UInt16(records.count))
                for r in records {
                    w.u16(UInt16(r.start))
                    w.u16(UInt16(r.end))
                    w.u16(MovTextSampleEntry.fontID)
                    w.u8(r.flags)
                    w.u8(MovTextSampleEntry.fontSize)
                    w.append([r.color.red, r.color.green, r.color.blue, r.color.alpha])
                }
            }
        }
        if characters <= Int(UInt16.max) { Self.writeBlinks(blinks, to: &w) }
        return w.bytes
    }

    // MARK: - Reading

    /// What reading a sample found: its runs and what was wrong, as sentences.
    public struct Reading: Sendable, Hashable {
        public var sample: MovTextSample
        public var problems: [String]
    }

    /// Reads a sample. Never fails: a text length past the sample's end gives the text there
    /// and a problem; text that is not UTF-8 is decoded with replacement characters; style
    /// records outside the text are ignored with a problem. (Fuzz entry point: bytes → result.)
    public static func read(_ bytes: [UInt8]) -> Reading {
        var problems: [String] = []
        guard bytes.count >= 2 else {
            if !bytes.isEmpty { problems.append("a sample of 1 byte, shorter than its text length field") }
            return Reading(sample: MovTextSample(runs: []), problems: problems)
        }
        var length = Int(bytes[0]) << 8 | Int(bytes[1])
        if length > bytes.count - 2 {
            problems.append("the text length is \(length) bytes but the sample holds \(bytes.count - 2); truncated")
            length = bytes.count - 2
        }
        let raw = Array(bytes[2..<(2 + length)])
        let scalars: [Unicode.Scalar]
        if raw.count >= 2 && (raw[0], raw[1]) == (0xFE, 0xFF) {
            // UTF-16 big-endian after its byte order mark (TS 26.245 §5.17.1.1).
            var units: [UInt16] = []
            var i = 2
            while i + 1 < raw.count {
                units.append(UInt16(raw[i]) << 8 | UInt16(raw[i + 1]))
                i += 2
            }
            scalars = Array(String(decoding: units, as: UTF16.self).unicodeScalars)
        } else {
            if String(validating: raw, as: UTF8.self) == nil && !raw.isEmpty {
                problems.append("the text is not valid UTF-8; bad bytes are shown as U+FFFD")
            }
            scalars = Array(String(decoding: raw, as: UTF8.self).unicodeScalars)
        }
        var styles: [(start: Int, end: Int, style: CaptionTextStyle)] = []
        var blinks: [Range<Int>] = []
        var p = 2 + length
        while p < bytes.count {
            guard bytes.count - p >= 8 else {
                problems.append("\(bytes.count - p) byte(s) after the text, too few for a modifier box; ignored")
                break
            }
            var size = Int(bytes[p]) << 24 | Int(bytes[p + 1]) << 16 | Int(bytes[p + 2]) << 8 | Int(bytes[p + 3])
            let type = FourCC(rawValue: bytes[(p + 4)..<(p + 8)].reduce(0) { $0 << 8 | UInt32($1) })
            if size == 0 { size = bytes.count - p }
            guard size >= 8 else {
                problems.append("a \(type) modifier box says \(size) bytes, less than its header; the rest is ignored")
                break
            }
            if size > bytes.count - p {
                problems.append("the \(type) modifier box says \(size) bytes but \(bytes.count - p) remain; truncated")
                size = bytes.count - p
            }
            if type == "styl" {
                styles += readStyles(bytes[(p + 8)..<(p + size)], characters: scalars.count, problems: &problems)
            } else if type == "blnk" {
                blinks += readBlink(bytes[(p + 8)..<(p + size)], characters: scalars.count, problems: &problems)
            }
            // Other modifiers (hlit, hclr, krok, dlay, href, tbox, twrp) change no text.
            p += size
        }
        return Reading(sample: MovTextSample(runs: runs(scalars, styles, blinks)), problems: problems)
    }

    private static func readStyles(
        _ box: ArraySlice<UInt8>, characters: Int, problems: inout [String]
    ) -> [(start: Int, end: Int, style: CaptionTextStyle)] {
        guard box.count >= 2 else {
            problems.append("a styl box without its entry count")
            return []
        }
        let b = Array(box)
        let count = Int(b[0]) << 8 | Int(b[1])
        if count * 12 > b.count - 2 {
            problems.append("the styl box announces \(count) style records but holds \((b.count - 2) / 12)")
        }
        var out: [(Int, Int, CaptionTextStyle)] = []
        for i in 0..<min(count, (b.count - 2) / 12) {
            let r = 2 + i * 12
            let start = Int(b[r]) << 8 | Int(b[r + 1])
            let stated = Int(b[r + 2]) << 8 | Int(b[r + 3])
            let end = min(characters, stated)
            guard start < end else {
                if start > stated || (start >= characters && stated > start) {
                    problems.append(
                        "style record \(i + 1) covers characters \(start)–\(stated) of a \(characters)-character text; ignored"
                    )
                }
                continue
            }
            var style = CaptionTextStyle()
            style.bold = b[r + 6] & 1 != 0
            style.italic = b[r + 6] & 2 != 0
            style.underline = b[r + 6] & 4 != 0
            let color = CaptionColor(red: b[r + 8], green: b[r + 9], blue: b[r + 10], alpha: b[r + 11])
            if color != .white { style.textColor = color }
            out.append((start, end, style))
        }
        return out
    }

    /// The text cut into runs at style boundaries; later records win where they overlap;
    /// characters in a blinking range flash whatever their record.
    private static func runs(
        _ scalars: [Unicode.Scalar], _ styles: [(start: Int, end: Int, style: CaptionTextStyle)],
        _ blinks: [Range<Int>]
    ) -> [CaptionRun] {
        guard !scalars.isEmpty else { return [] }
        // From the last record to the first, each character styled once: `next[i]` leads to the
        // first character at or after i still unstyled (with path halving). Applying every record
        // to every character it covers took records × characters steps: 20,000 records over
        // 20,000 characters, 23 s in a debug build (Tests/CaptionTracksTests/MovTextHostileStylesTests).
        var perCharacter = [CaptionTextStyle](repeating: .plain, count: scalars.count)
        var next = Array(0...scalars.count)
        func unstyled(from i: Int) -> Int {
            var i = i
            while next[i] != i {
                next[i] = next[next[i]]
                i = next[i]
            }
            return i
        }
        for s in styles.reversed() {
            var i = unstyled(from: s.start)
            while i < s.end {
                perCharacter[i] = s.style
                next[i] = i + 1
                i = unstyled(from: i + 1)
            }
        }
        markFlashing(blinks, in: &perCharacter)
        var runs: [CaptionRun] = []
        var start = 0
        for i in 1...scalars.count where i == scalars.count || perCharacter[i] != perCharacter[start] {
            // CR LF and CR are line breaks as LF is.
            var text = String.UnicodeScalarView()
            for j in start..<i where !(scalars[j] == "\r" && j + 1 < scalars.count && scalars[j + 1] == "\n") {
                text.append(scalars[j] == "\r" ? "\n" : scalars[j])
            }
            runs.append(CaptionRun(String(text), style: perCharacter[start]))
            start = i
        }
        return runs
    }
}
