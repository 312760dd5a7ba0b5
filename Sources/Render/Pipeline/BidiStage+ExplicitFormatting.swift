import CaptionCore

/// Runs set apart from the ordering around them (``CaptionBidi``: TTML1 §8.2.21
/// `tts:unicodeBidi`, TTML2's isolate) as the bidi algorithm takes them: between UAX #9's
/// explicit formatting characters (§2.1–2.4, rules X2–X6a). The characters exist only in the
/// text given to FriBidi, never in the line that is shaped, so they draw nothing and the line's
/// scalars still map one to one onto its spans.
extension BidiStage {
    /// `line`'s scalar values with an opening character before each stretch of neighbouring
    /// scalars whose runs share one ``CaptionBidi`` (one embedding however many runs it spans)
    /// and the matching closing one after it, and where each of the line's own scalars is in it.
    static func explicitText(of line: StyledLine) -> (scalars: [UInt32], positions: [Int]) {
        var scalars: [UInt32] = []
        var positions: [Int] = []
        scalars.reserveCapacity(line.scalars.count + 2)
        positions.reserveCapacity(line.scalars.count)
        var open: CaptionBidi?
        for (i, scalar) in line.scalars.enumerated() {
            let bidi = line.spans[line.spanOfScalar[i]].style.bidi
            if bidi != open {
                if let open { scalars.append(closing(open).value) }
                if let bidi { scalars.append(opening(bidi).value) }
                open = bidi
            }
            positions.append(scalars.count)
            scalars.append(scalar.value)
        }
        if let open { scalars.append(closing(open).value) }
        return (scalars, positions)
    }

    /// LRE/RLE (embed), LRO/RLO (override), LRI/RLI (isolate): UAX #9 Table 1.
    static func opening(_ bidi: CaptionBidi) -> Unicode.Scalar {
        let rtl = bidi.direction == .rightToLeft
        switch bidi.kind {
        case .embed: return rtl ? "\u{202B}" : "\u{202A}"
        case .override: return rtl ? "\u{202E}" : "\u{202D}"
        case .isolate: return rtl ? "\u{2067}" : "\u{2066}"
        }
    }

    /// PDF after an embedding or override, PDI after an isolate (UAX #9 Table 1).
    static func closing(_ bidi: CaptionBidi) -> Unicode.Scalar {
        bidi.kind == .isolate ? "\u{2069}" : "\u{202C}"
    }
}
