// Writing Scenarist SCC files: a `Scenarist_SCC V1.0` header, then lines of a SMPTE timecode, a
// tab and the words (hex, parity included) sent from that frame on, one word per frame (47 CFR
// 15.119(b), now 47 CFR 79.101). See Specs/scc.md, "Writing".
import CEA608
import CaptionCore

/// Writes a caption document as an SCC file through ``CEA608Encoder`` and
/// ``TransmissionScheduler``.
///
/// Options read from ``CaptionFormatOptions``: `frameRate` (default 29.97, the rate of line 21),
/// `dropFrame` (default: the document's when it has this rate, else drop-frame at 29.97), `channel`
/// (1–4, default 1), `startTimecode` (the label of media time zero, default `00:00:00;00`) and
/// `applyShifts`. When some caption's data cannot arrive in time the writer throws
/// ``CaptionFormatError/Kind/cannotWrite`` with the conflicts as diagnostics, unless
/// `applyShifts` is set: it then applies the scheduler's smallest shifts and reports each one.
/// It never reorders or drops a caption silently.
public struct SCCWriter: Sendable {
    public var options: CaptionFormatOptions

    public init(options: CaptionFormatOptions = CaptionFormatOptions()) {
        self.options = options
    }

    /// The file header.
    public static let header = "Scenarist_SCC V1.0"

    /// The frame rate and timecode counting a document is written at: `frameRate` (default
    /// 29.97), and `dropFrame`, else the document's when it has that rate, else drop-frame where
    /// the rate has it. The validator uses the same (CaptionKit's conversion settings).
    public static func timing(for document: CaptionDocument, options: CaptionFormatOptions) -> (
        rate: FrameRate, dropFrame: Bool
    ) {
        // SCC carries line 21 of 29.97 fps video; another rate only when asked for (a document's
        // own rate, say 25 fps from iTT, would give a file every other reader mistimes).
        let rate = options.frameRate ?? .fps29_97
        let documentDropFrame = document.frameRate == rate ? document.dropFrame : nil
        return (rate, options.dropFrame ?? documentDropFrame ?? rate.supportsDropFrame)
    }

    /// Writes `document`; every finding names the file written (``CaptionFormatOptions/fileName``).
    public func write(_ document: CaptionDocument) throws(CaptionFormatError) -> CaptionWriteResult {
        do {
            var result = try writeUnlocated(document)
            result.diagnostics = result.diagnostics.map(located)
            return result
        } catch {
            var located = error
            located.diagnostics = error.diagnostics.map(self.located)
            throw located
        }
    }

    /// `diagnostic` with the file written, when it names none.
    private func located(_ diagnostic: Diagnostic) -> Diagnostic {
        guard diagnostic.location.file == nil, let file = options.fileName else { return diagnostic }
        var located = diagnostic
        located.location.file = file
        return located
    }

    private func writeUnlocated(_ document: CaptionDocument) throws(CaptionFormatError) -> CaptionWriteResult {
        let location = DiagnosticLocation(file: options.fileName)
        var diagnostics: [Diagnostic] = []
        let timing = Self.timing(for: document, options: options)
        let rate = timing.rate
        var dropFrame = timing.dropFrame
        if dropFrame && !rate.supportsDropFrame {
            if options.dropFrame == true {
                throw CaptionFormatError(
                    .cannotWrite, "drop-frame timecode does not exist at \(rate) fps", at: location)
            }
            dropFrame = false
        }
        let channel = try SCCOptionValues.channel(options, failing: .cannotWrite, at: location)
        let start = try SCCOptionValues.startFrame(
            options, rate: rate, dropFrame: dropFrame, failing: .cannotWrite, at: location)
        let offset = start.frame
        if let note = start.note { diagnostics.append(note) }
        // A finding may be about any caption's time, however far out (608.time): the sum is
        // checked, and a frame with no label is named by its number.
        let label = { (frame: Int64) -> String in
            let (count, overflow) = frame.addingReportingOverflow(offset)
            guard !overflow, let timecode = try? Timecode(frameCount: count, rate: rate, dropFrame: dropFrame)
            else { return "frame \(frame)" }
            return timecode.description
        }
        let planned = DeliveryPlanner(encoder: CEA608Encoder(channel: channel), rate: rate)
            .plan(document.captions, lengthenShort: options.applyShifts)
        let encoded = planned.encoded
        let schedule = planned.schedule
        // Captions shorter than their own words (a one-frame pop-on caption cannot hold EOC
        // twice before its EDM) were lengthened first, as a conformer would.
        for l in planned.lengthenings {
            diagnostics.append(
                Diagnostic(
                    .warning, "608.shift",
                    "\(CaptionNumbers.subject(l.captionIndices)) lengthened by \(l.frames) frame(s) to hold its own words",
                    at: DiagnosticLocation(timecode: label(l.startFrame), time: rate.time(ofFrame: l.startFrame))))
        }
        // The encoder knows frames and times; the labels are the file's timecodes.
        diagnostics += encoded.diagnostics.map { found in
            guard found.location.timecode == nil, let time = found.location.time,
                let frame = rate.frame(at: time, rounding: .nearestOrAwayFromZero)
            else { return found }
            var labelled = found
            labelled.location.timecode = label(frame)
            return labelled
        }
        // Codes sent once before anything is shifted (Specs/scc.md "Transmission scheduling").
        for r in planned.reductions {
            let start = encoded.plans[r.planIndex].startFrame
            diagnostics.append(
                Diagnostic(
                    .info, "608.single-codes",
                    "\(CaptionNumbers.subject(r.captionIndices)): "
                        + [
                            r.codes > 0 ? "\(r.codes) control code(s) sent once instead of twice" : nil,
                            r.paintsChangesOnly ? "only the cells that change painted" : nil,
                            r.jumpsShortGaps ? "gaps of up to three cells jumped with a tab offset or a PAC" : nil,
                        ].compactMap { $0 }.joined(separator: " and ")
                        + " so the data arrives in time",
                    at: DiagnosticLocation(
                        file: options.fileName, timecode: label(start), time: rate.time(ofFrame: start)),
                    suggestedFix: "give the caption more time before it if every code should be sent twice"))
        }
        if !schedule.isDeliverable {
            let conflicts = schedule.conflicts.map {
                $0.diagnostic(label: label, time: rate.time(ofFrame: $0.startFrame))
            }
            guard options.applyShifts, schedule.isDeliverableWithShifts else {
                let hint =
                    schedule.isDeliverableWithShifts
                    ? "; shifting them (\(CaptionFormatOptions.ParameterWords.applyShifts)) would fix it"
                    : "; no time shift alone can fix it"
                throw CaptionFormatError(
                    .cannotWrite,
                    "\(schedule.conflicts.count) caption(s) cannot be delivered in time at one word per frame" + hint,
                    at: location, diagnostics: diagnostics + conflicts)
            }
            for shift in schedule.suggestedShifts {
                let captions = CaptionNumbers.subject(shift.captionIndices)
                let start = encoded.plans[shift.planIndex].startFrame
                diagnostics.append(
                    Diagnostic(
                        .warning, "608.shift",
                        "\(captions) shifted: start +\(shift.startOffset) frames, duration "
                            + "\(shift.durationOffset >= 0 ? "+" : "")\(shift.durationOffset) frames, so its data arrives in time",
                        at: DiagnosticLocation(timecode: label(start), time: rate.time(ofFrame: start))))
            }
        }
        let bytes = try Self.render(
            schedule.words, rate: rate, dropFrame: dropFrame, offset: offset, location: location)
        return CaptionWriteResult(bytes: bytes, diagnostics: diagnostics)
    }

    /// The file's bytes: the header, then one line per run of consecutive frames, a new line also
    /// where the screen changes so that its label is the change's own frame.
    static func render(
        _ words: [ScheduledWord], rate: FrameRate, dropFrame: Bool, offset: Int64, location: DiagnosticLocation
    ) throws(CaptionFormatError) -> [UInt8] {
        let header = Array(Self.header.utf8)
        var lineCount = 0
        var previous: Int64?
        for word in words {
            if !Self.continuesLine(word, after: previous) { lineCount += 1 }
            previous = word.frame
        }
        // Header and newline; per line "\n\n" + 11-byte label + tab; per word a separator and
        // four hex digits; the final newline. Only a hint: appending cannot overrun.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(header.count + 1 + lineCount * 14 + words.count * 5 + 1)
        bytes.append(contentsOf: header)
        bytes.append(0x0A)
        previous = nil
        for word in words {
            if Self.continuesLine(word, after: previous) {
                bytes.append(0x20)
            } else {
                let label: Timecode
                do {
                    label = try Timecode(frameCount: word.frame + offset, rate: rate, dropFrame: dropFrame)
                } catch {
                    throw CaptionFormatError(
                        .cannotWrite, "frame \(word.frame + offset) has no timecode label: \(error)", at: location)
                }
                if previous != nil { bytes.append(0x0A) }
                bytes.append(0x0A)
                SCCTimecodeText.forEachByte(of: label) { bytes.append($0) }
                bytes.append(0x09)
            }
            SCCTimecodeText.forEachHexDigit(of: word.word) { bytes.append($0) }
            previous = word.frame
        }
        if !words.isEmpty { bytes.append(0x0A) }
        return bytes
    }

    /// Whether `word` goes on the line of the word sent at frame `previous`: the next frame, and
    /// no screen change (a change starts a line so its label is the change's own frame).
    @inline(__always)
    private static func continuesLine(_ word: ScheduledWord, after previous: Int64?) -> Bool {
        guard let previous else { return false }
        return word.frame == previous + 1 && !word.changesScreen
    }
}
