import CaptionCore
import XML

extension TTMLDocumentReader {
    /// Reads the root's parameters (TTML1 §6.2), `xml:lang` (§7.2.2) and the document-level
    /// attributes kept as metadata (`tts:extent` §8.2.7, `ttp:cellResolution` §6.2.1,
    /// `ittp:aspectRatio`).
    func readParameters(of root: XMLElement, into document: inout CaptionDocument) throws(CaptionFormatError) {
        var frameRateDeclared = false
        var decimalRate: (text: String, attribute: XMLAttribute)?
        var multiplierDeclared = false
        for a in root.attributes {
            let v = a.value.trimmingCharacters(in: " ")
            switch (a.namespace, a.localName) {
            case (TTMLNamespace.parameter, "timeBase"):
                switch v {
                case "smpte": parameters.timeBase = .smpte
                case "media": parameters.timeBase = .media
                case "clock":
                    parameters.timeBase = .clock
                    lenient(
                        "time-base.clock",
                        "ttp:timeBase=\"clock\" (wall-clock time) is not part of the iTT profile; times are read as media times",
                        at: source.location(of: a, in: root), fix: "use ttp:timeBase=\"smpte\"")
                default:
                    throw failure("ttp:timeBase must be smpte, media or clock, not \"\(v)\"", a, in: root)
                }
            case (TTMLNamespace.parameter, "frameRate"):
                frameRateDeclared = true
                if let n = Int64(v), n > 0, n <= 1000 {
                    parameters.nominalFrameRate = n
                } else if let d = CaptionDimension.ttmlNumber(Substring(v)), d > 0, d <= 1000, v.contains(".") {
                    decimalRate = (v, a)
                } else {
                    throw failure("ttp:frameRate must be a positive integer (TTML1 §6.2.4), not \"\(v)\"", a, in: root)
                }
            case (TTMLNamespace.parameter, "frameRateMultiplier"):
                // Exactly two integers, numerator then denominator (TTML1 §6.2.5); any other token is an error.
                let tokens = v.split(whereSeparator: \.isWhitespace)
                let parts = tokens.compactMap { Int64($0) }
                guard tokens.count == 2, parts.count == 2, parts[0] > 0, parts[1] > 0, parts[0] <= 1_000_000,
                    parts[1] <= 1_000_000
                else {
                    throw failure(
                        "ttp:frameRateMultiplier must be two positive integers such as \"1000 1001\" (TTML1 §6.2.5), not \"\(v)\"",
                        a, in: root)
                }
                parameters.multiplier = (parts[0], parts[1])
                multiplierDeclared = true
            case (TTMLNamespace.parameter, "subFrameRate"):
                guard let n = Int64(v), n > 0, n <= 1000 else {
                    throw failure(
                        "ttp:subFrameRate must be a positive integer (TTML1 §6.2.9), not \"\(v)\"", a, in: root)
                }
                parameters.subFrameRate = n
            case (TTMLNamespace.parameter, "tickRate"):
                guard let n = Int64(v), n > 0, n <= Int64(Int32.max) else {
                    throw failure("ttp:tickRate must be a positive integer (TTML1 §6.2.10), not \"\(v)\"", a, in: root)
                }
                parameters.tickRate = n
            case (TTMLNamespace.parameter, "dropMode"):
                guard let mode = TTMLDropMode(rawValue: v) else {
                    throw failure(
                        "ttp:dropMode must be dropNTSC, dropPAL or nonDrop (TTML1 §6.2.3), not \"\(v)\"", a, in: root)
                }
                parameters.dropMode = mode
                dropModeDeclared = true
            case (TTMLNamespace.parameter, "cellResolution"):
                document.metadata[CaptionDocument.ttmlCellResolutionKey] = v
                let cells = v.split(whereSeparator: \.isWhitespace).compactMap { CaptionDimension.ttmlNumber($0) }
                if cells.count == 2, cells[0] > 0, cells[1] > 0, cells[1] <= 1000 {
                    (cellColumns, cellRows) = (min(cells[0], 1000), cells[1])
                } else {
                    lenient(
                        "style.value",
                        "ttp:cellResolution=\"\(v)\" is not two positive integers (TTML1 §6.2.1); 32 15 is used",
                        at: source.location(of: a, in: root))
                }
            case (TTMLNamespace.styling, "extent"):
                document.metadata[CaptionDocument.ttmlExtentKey] = v
                rootPixels = document.ttmlRootExtentInPixels
            case (TTMLNamespace.ittParameter, "aspectRatio"):
                document.metadata["itt.aspectRatio"] = v
            case (TTMLNamespace.ittParameter, "activeArea"):
                // IMSC 1.0.1 §8.5.2 (1.1 §8.6.2): the area the text stays within, four
                // percentages; kept as written and written back in the IMSC profiles.
                let parts = v.split(whereSeparator: \.isWhitespace)
                if parts.count == 4, parts.allSatisfy({ CaptionDimension(ttml: $0)?.unit == .percent }) {
                    document.metadata["itt.activeArea"] = parts.joined(separator: " ")
                } else {
                    lenient(
                        "style.value",
                        "ittp:activeArea=\"\(v)\" is not four percentages (origin, then extent; IMSC 1.1 §8.6.2); left out",
                        at: source.location(of: a, in: root))
                }
            case (TTMLNamespace.xml, "lang"):
                document.language = v.isEmpty ? nil : v
            default:
                break
            }
        }
        if let (text, attribute) = decimalRate {
            try readDecimalFrameRate(text, attribute, in: root, multiplierDeclared: multiplierDeclared)
        }
        if parameters.dropMode != .nonDrop, parameters.effectiveFrameRate.map({ !$0.supportsDropFrame }) ?? true,
            parameters.dropMode == .dropNTSC
        {
            lenient(
                "drop-mode.rate",
                "ttp:dropMode=\"dropNTSC\" is meant for 29.97 or 59.94 fps, but the frame rate is \(parameters.effectiveFrameRate?.description ?? "invalid")",
                at: source.location(ofOffset: root.tagStart),
                fix: "set ttp:frameRateMultiplier=\"1000 1001\" or ttp:dropMode=\"nonDrop\"")
        }
        guard let rate = parameters.effectiveFrameRate else {
            throw failure("the frame rate times its multiplier is out of range", at: source.location(of: root))
        }
        document.timeBase = parameters.timeBase
        if frameRateDeclared || parameters.timeBase == .smpte { document.frameRate = rate }
        if dropModeDeclared || parameters.timeBase == .smpte { document.dropFrame = parameters.dropMode != .nonDrop }
    }

    /// `ttp:frameRate="29.97"`: TTML1 wants the integer 30 with a `1000 1001` multiplier. Read the
    /// nearest integer as the nominal rate and infer the multiplier when none is given.
    private func readDecimalFrameRate(
        _ text: String, _ attribute: XMLAttribute, in root: XMLElement, multiplierDeclared: Bool
    ) throws(CaptionFormatError) {
        guard let value = Double(text) else { return }
        let nominal = Int64(value.rounded())
        parameters.nominalFrameRate = max(nominal, 1)
        let ntsc = Double(nominal) * 1000 / 1001
        var meaning = "\(nominal) fps"
        if multiplierDeclared {
            meaning = "\(nominal) × \(parameters.multiplier.numerator)/\(parameters.multiplier.denominator) fps"
        } else if abs(ntsc - value) < 0.01 {
            parameters.multiplier = (1000, 1001)
            meaning = "\(nominal) × 1000/1001 fps"
        } else if abs(Double(nominal) - value) > 0.01 {
            throw failure(
                "ttp:frameRate=\"\(text)\" is neither an integer nor an NTSC rate (TTML1 §6.2.4 requires an integer)",
                attribute, in: root)
        }
        lenient(
            "frame-rate.decimal",
            "ttp:frameRate=\"\(text)\" is not an integer (TTML1 §6.2.4); read as \(meaning)",
            at: source.location(of: attribute, in: root),
            fix: "write ttp:frameRate=\"\(nominal)\" ttp:frameRateMultiplier=\"1000 1001\"")
    }
}
