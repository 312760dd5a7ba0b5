import CaptionCore
import CaptionData

/// Reads MacCaption MCC files, V1.0 and V2.0 (Specs/mcc.md).
///
/// The first line must be the `File Format=MacCaption_MCC V1.0` (or `V2.0`) signature; without
/// it the bytes are not an MCC file and reading throws. Every other problem is a located
/// finding: a data line that cannot be read (label, payload character) is an error and the
/// line is skipped; what is wrong inside a packet (length, flags, counters, checksum) is a
/// warning and the packet keeps what is good. Bounded: at most ``MCCFormat/maximumLines``
/// lines, each at most ``MCCFormat/maximumLineLength`` characters; no trap on any input.
/// (Fuzz entry point: bytes → result or error.)
public struct MCCReader: Sendable {
    /// For messages.
    public var fileName: String?

    public init(fileName: String? = nil) {
        self.fileName = fileName
    }

    public func read(_ input: [UInt8]) throws(CaptionFormatError) -> MCCReadResult {
        var bytes = ByteScan.lineFeedsOnly(input)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let lines = ByteScan.lineRanges(bytes)
        var diagnostics: [Diagnostic] = []
        // A finding a writer repeats on every line (caption-inspector's CDPs all lack a checksum)
        // is said for its first lines, then counted once at the end: located, not a flood.
        var repeats: [String: (count: Int, lastLine: Int?)] = [:]
        func note(
            _ severity: Diagnostic.Severity, _ rule: String, _ message: String, line: Int?, column: Int? = nil,
            timecode: String? = nil, time: MediaTime? = nil, fix: String? = nil
        ) {
            if severity != .error {
                let seen = repeats[rule, default: (0, nil)]
                repeats[rule] = (seen.count + 1, line)
                guard seen.count < Self.repeatsShown else { return }
            }
            diagnostics.append(
                Diagnostic(
                    severity, rule, message,
                    at: DiagnosticLocation(file: fileName, line: line, column: column, timecode: timecode, time: time),
                    suggestedFix: fix))
        }
        // The signature: the first line that is not empty.
        guard let first = lines.firstIndex(where: { !$0.isEmpty }),
            let version = Self.version(String(decoding: bytes[lines[first]], as: UTF8.self))
        else {
            throw CaptionFormatError(
                .unreadable, "not an MCC file: the first line is not 'File Format=MacCaption_MCC V1.0' or 'V2.0'",
                at: DiagnosticLocation(file: fileName, line: 1))
        }
        guard lines.count <= MCCFormat.maximumLines + 1000 else {
            throw CaptionFormatError(
                .unreadable,
                "more than \(MCCFormat.maximumLines) lines, the MCC reader's limit (Specs/limits.md: 24 hours at 60 fps)",
                at: DiagnosticLocation(file: fileName))
        }
        var header = MCCHeader()
        var frames: [MCCFrame] = []
        var previousFrame: Int64?
        var previousCounter: UInt16?
        var zeroAncChecksums = 0
        var rate: MCCTimeCodeRate?
        for index in (first + 1)..<lines.count {
            let lineNumber = index + 1
            let range = lines[index]
            let text = bytes[range]
            if text.isEmpty || text.starts(with: [0x2F, 0x2F]) { continue }  // blank, `//` comment
            guard text.count <= MCCFormat.maximumLineLength else {
                note(
                    .error, "mcc.line-length",
                    "a line of \(text.count) characters, longer than the \(MCCFormat.maximumLineLength) an MCC line can need; skipped",
                    line: lineNumber)
                continue
            }
            guard let firstByte = text.first, (0x30...0x39).contains(firstByte) else {
                // A header field.
                guard let eq = text.firstIndex(of: UInt8(ascii: "=")) else {
                    note(
                        .warning, "mcc.header", "expected 'key=value', a '//' comment or a data line; ignored",
                        line: lineNumber, column: 1)
                    continue
                }
                let key = String(decoding: text[text.startIndex..<eq], as: UTF8.self)
                let value = String(decoding: text[(eq + 1)...], as: UTF8.self).trimmingTrailingSpaces
                switch key {
                case "UUID": header.uuid = value
                case "Creation Program": header.creationProgram = value
                case "Creation Date": header.creationDate = value
                case "Creation Time": header.creationTime = value
                case "Time Code Rate":
                    if let r = MCCTimeCodeRate(value) {
                        header.timeCodeRate = r
                        if frames.isEmpty { rate = r }
                    } else {
                        note(
                            .error, "mcc.time-code-rate",
                            "Time Code Rate=\(value) is not one of 24, 25, 30, 30DF, 50, 60, 60DF", line: lineNumber,
                            column: eq - range.lowerBound + 2)
                    }
                default: header.otherFields.append(MCCHeader.Field(key: key, value: value))
                }
                continue
            }
            if rate == nil {
                rate = MCCTimeCodeRate(frameRate: .fps29_97, dropFrame: true)
                note(
                    .warning, "mcc.time-code-rate",
                    "no 'Time Code Rate=' line before the first data line; labels read at 30DF", line: lineNumber,
                    fix: "add 'Time Code Rate=' to the header")
            }
            guard let rate else { continue }
            guard let parsed = Self.label(text, rate: rate) else {
                note(
                    .error, "mcc.label",
                    "expected a time code 'HH:MM:SS:FF' (optionally '.0'/'.1'), then a tab; the line is skipped",
                    line: lineNumber, column: 1)
                continue
            }
            let label = String(decoding: text.prefix(11), as: UTF8.self)
            var timecode = parsed.timecode
            timecode.dropFrame = rate.dropFrame
            do throws(TimecodeError) {
                try timecode.validate(rate: rate.frameRate, text: label)
            } catch {
                note(.error, "mcc.label", "\(error); the line is skipped", line: lineNumber, column: 1, timecode: label)
                continue
            }
            if parsed.semicolon && !rate.dropFrame {
                note(
                    .warning, "mcc.label", "a drop-frame label at Time Code Rate=\(rate); read as non-drop",
                    line: lineNumber, column: 9, timecode: label)
            }
            let frame = timecode.frameCount(at: rate.frameRate)
            let time = rate.frameRate.time(ofFrame: frame)
            if let previousFrame, frame < previousFrame {
                note(
                    .warning, "mcc.order", "this time code is earlier than the line before's", line: lineNumber,
                    column: 1, timecode: label, time: time)
            }
            previousFrame = frame
            let payloadStart = parsed.payloadOffset + 1  // 1-based column of the payload
            let decoded = MCCRunLength.decode(text.dropFirst(parsed.payloadOffset))
            if let failure = decoded.failure {
                note(
                    .error, "mcc.payload", failure.message + "; the line is skipped", line: lineNumber,
                    column: payloadStart + failure.column - 1, timecode: label, time: time)
                continue
            }
            let data = decoded.bytes
            func column(ofByte i: Int) -> Int {
                decoded.columns.isEmpty
                    ? payloadStart : payloadStart + decoded.columns[max(0, min(i, decoded.columns.count - 1))] - 1
            }
            var entry = MCCFrame(
                line: lineNumber, label: label, timecode: timecode, fieldSuffix: parsed.fieldSuffix, frame: frame,
                time: time, did: data.first ?? 0, sdid: data.count > 1 ? data[1] : 0, cdpBytes: [], cdp: nil,
                cdpChecksumValid: nil)
            // The ANC packet: DID, SDID, DC, DC user data words, checksum (SMPTE ST 291-1).
            var cdpStart = 3
            var cdpBytes: ArraySlice<UInt8> = []
            if data.count >= 3 && data[0] == 0x61 && data[1] == 0x01 {
                let count = Int(data[2])
                let end = min(data.count, 3 + count)
                if 3 + count > data.count {
                    note(
                        .warning, "mcc.anc",
                        "the data count (DC) is \(count) but the line holds \(data.count - 3) bytes after it",
                        line: lineNumber, column: column(ofByte: 2), timecode: label, time: time)
                }
                cdpBytes = data[3..<end]
                let trailing = data.count - end
                if trailing == 1 {
                    let sum = data[0..<end].reduce(UInt8(0)) { $0 &+ $1 }
                    if data[end] == 0 && sum != 0 {
                        zeroAncChecksums += 1
                    } else if data[end] != sum {
                        note(
                            .warning, "mcc.anc-checksum",
                            "the ANC checksum is \(HexText.byte(data[end])), but the 8-bit sum of DID through the user data is \(HexText.byte(sum))",
                            line: lineNumber, column: column(ofByte: end), timecode: label, time: time)
                    }
                } else if trailing > 1 {
                    note(
                        .warning, "mcc.anc", "\(trailing) bytes after the ANC packet and its checksum; ignored",
                        line: lineNumber, column: column(ofByte: end), timecode: label, time: time)
                }
            } else if data.count >= 2 && data[0] == 0x96 && data[1] == 0x69 {
                cdpStart = 0
                cdpBytes = data[...]
                note(
                    .info, "mcc.anc", "a CDP without the VANC header (DID 61, SDID 01, data count)", line: lineNumber,
                    column: payloadStart, timecode: label, time: time)
            } else {
                let what =
                    data.count >= 2 && data[0] == 0x61 && data[1] == 0x02
                    ? "SMPTE ST 334-1 CEA-608 data (DID 61, SDID 02), which this reader does not read"
                    : "no ancillary packet this reader knows (DID 61, SDID 01)"
                note(
                    .warning, "mcc.anc", "\(what); the line is kept without data", line: lineNumber,
                    column: payloadStart, timecode: label, time: time)
                frames.append(entry)
                continue
            }
            let reading = CDP.read(cdpBytes)
            entry.cdpBytes = Array(cdpBytes)
            for p in reading.problems {
                note(
                    .warning, p.rule, p.message, line: lineNumber, column: column(ofByte: cdpStart + p.offset),
                    timecode: label, time: time)
            }
            entry.cdp = reading.cdp
            entry.cdpChecksumValid = reading.checksumValid
            if let counter = reading.cdp?.sequenceCounter {
                if let previousCounter, counter != previousCounter &+ 1 {
                    note(
                        .warning, "cdp.sequence-gap",
                        "cdp_hdr_sequence_cntr \(counter) follows \(previousCounter): packets lost or out of order",
                        line: lineNumber, column: column(ofByte: cdpStart + 5), timecode: label, time: time)
                }
                previousCounter = counter
            }
            frames.append(entry)
        }
        for (rule, seen) in repeats.sorted(by: { $0.key < $1.key }) where seen.count > Self.repeatsShown {
            let severity = diagnostics.first { $0.ruleID == rule }?.severity ?? .warning
            diagnostics.append(
                Diagnostic(
                    severity, rule,
                    "\(seen.count - Self.repeatsShown) more line(s) with this finding after the \(Self.repeatsShown) above"
                        + (seen.lastLine.map { ", the last at line \($0)" } ?? ""),
                    at: DiagnosticLocation(file: fileName)))
        }
        if zeroAncChecksums > 0 {
            note(
                .info, "mcc.anc-checksum",
                "\(zeroAncChecksums) line(s) end with ANC checksum 00 instead of the sum (as GStreamer's mccenc writes them); not checked",
                line: nil)
        }
        if frames.isEmpty && lines.contains(where: { r in bytes[r].first.map { (0x30...0x39).contains($0) } ?? false })
        {
            note(.error, "mcc.no-data", "the file has data lines but none could be read", line: nil)
        }
        return MCCReadResult(
            version: version, header: header, frames: frames, diagnostics: diagnostics, fileName: fileName)
    }

    /// How many lines with the same warning are said one by one before the rest are counted.
    static let repeatsShown = 5

    static func version(_ line: String) -> MCCFormat.Version? {
        guard line.hasPrefix(MCCFormat.signature) else { return nil }
        let rest = line.dropFirst(MCCFormat.signature.count).trimmingTrailingSpaces
        return MCCFormat.Version(rawValue: rest)
    }

    /// `HH:MM:SS:FF` with `:`, `;`, `.` or `,` before the frames, an optional `.0`/`.1` field
    /// suffix with an optional `,N` after it (as GStreamer's reader takes V2.0 lines), a tab.
    static func label(_ text: ArraySlice<UInt8>, rate: MCCTimeCodeRate) -> (
        timecode: Timecode, semicolon: Bool, fieldSuffix: Int?, payloadOffset: Int
    )? {
        let t = Array(text.prefix(24))
        guard t.count >= 12 else { return nil }
        var fields: [Int] = []
        for i in stride(from: 0, to: 12, by: 3) {
            guard let a = digit(t[i]), let b = digit(t[i + 1]) else { return nil }
            fields.append(a * 10 + b)
            if i < 9 {
                let sep = t[i + 2]
                guard
                    sep == UInt8(ascii: ":") || sep == UInt8(ascii: ";") || sep == UInt8(ascii: ".")
                        || sep == UInt8(ascii: ",")
                else { return nil }
            }
        }
        let semicolon = t[8] == UInt8(ascii: ";") || t[8] == UInt8(ascii: ",")
        var i = 11
        var suffix: Int?
        if i + 1 < t.count && t[i] == UInt8(ascii: "."), let d = digit(t[i + 1]) {
            suffix = d
            i += 2
            if i < t.count && t[i] == UInt8(ascii: ",") {
                i += 1
                while i < t.count, digit(t[i]) != nil { i += 1 }
            }
        }
        guard i < t.count, t[i] == 0x09 else { return nil }
        let tc = Timecode(
            hours: fields[0], minutes: fields[1], seconds: fields[2], frames: fields[3], dropFrame: rate.dropFrame)
        return (tc, semicolon, suffix, i + 1)
    }

    static func digit(_ c: UInt8) -> Int? { (0x30...0x39).contains(c) ? Int(c - 0x30) : nil }
}

extension StringProtocol {
    var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while let last = s.last, last == " " || last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
