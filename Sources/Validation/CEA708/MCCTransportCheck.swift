import CaptionCore
import CaptionData
import MCC

/// An MCC file as transmitted, checked line by line for the 708 target (Specs/validation-rules.md,
/// "An MCC file as transmitted"): each CDP's checksum (SMPTE ST 334-2: the byte sum of the
/// packet is 0 mod 256), its sequence counter (one more than the previous CDP's, mod 65,536: gaps
/// and repeats), its cc_count against the caption channel at its frame rate (CTA-708-E §4.1:
/// 9,600 bit/s), and the lines' time codes (one CDP a frame, in order: going back, repeated,
/// frames missing). Every finding names the file, the line and its time code, and what was
/// expected.
///
/// The reader says some of these too (`cdp.checksum`, `cdp.sequence-gap`, `mcc.order`), for its
/// first lines; the validator's findings say them for every line, so a report built with both
/// leaves the reader's out (``replacedReaderRules``).
public struct MCCTransportCheck: Sendable {
    /// The reader's rule IDs whose findings these replace.
    public static let replacedReaderRules: Set<String> = ["cdp.checksum", "cdp.sequence-gap", "mcc.order"]

    public init() {}

    /// The findings of `result`, in line order.
    public func warnings(_ result: MCCReadResult) -> [CaptionConversionWarning] {
        var out: [CaptionConversionWarning] = []
        func add(_ rule: ValidationRule, _ frame: MCCFrame, _ message: String, fix: String) {
            let at = DiagnosticLocation(
                file: result.fileName, line: frame.line, timecode: frame.label, time: frame.time)
            out.append(
                CaptionConversionWarning(
                    warningType: .rule, rangeOfCaptions: 0..<0, diagnostic: rule.diagnostic(message, at: at, fix: fix)))
        }
        var previous: MCCFrame?
        var previousCounter: (counter: UInt16, line: Int)?
        for frame in result.frames {
            if let p = previous { timeCodeFindings(frame, after: p, add: add) }
            previous = frame
            guard let cdp = frame.cdp else { continue }
            if frame.cdpChecksumValid == false, let expected = Self.expectedChecksum(frame.cdpBytes) {
                add(
                    .mccChecksum, frame,
                    "packet_checksum is \(hex(expected.found)); expected \(hex(expected.right)), which makes the byte sum of the \(expected.length)-byte CDP 0 mod 256",
                    fix: "the CDP's bytes were changed after it was made: take this frame from the source again")
            }
            if let p = previousCounter {
                if cdp.sequenceCounter == p.counter {
                    add(
                        .mccSequenceRepeat, frame,
                        "cdp_hdr_sequence_cntr \(cdp.sequenceCounter) repeats line \(p.line)'s; expected \(p.counter &+ 1)",
                        fix: "send each CDP once; count one more a packet")
                } else if cdp.sequenceCounter != p.counter &+ 1 {
                    var message =
                        "cdp_hdr_sequence_cntr \(cdp.sequenceCounter) follows line \(p.line)'s \(p.counter); expected \(p.counter &+ 1)"
                    if cdp.sequenceCounter == 0 {
                        message += " (the counter restarts at 0: it wraps at \(Int(p.counter) + 1), not 65,536)"
                    } else {
                        message += " (\(Int(cdp.sequenceCounter &- p.counter) - 1) packet(s) lost or out of order)"
                    }
                    add(.mccSequenceGap, frame, message, fix: "count one more a packet, mod 65,536")
                }
            }
            previousCounter = (cdp.sequenceCounter, frame.line)
            if let constructs = cdp.ccData, let rate = cdp.frameRate ?? result.header.timeCodeRate?.frameRate {
                let allowed = CCData.constructCount(frameRate: rate)
                if constructs.count > allowed {
                    add(
                        .cea708ChannelBandwidth, frame,
                        "cc_count is \(constructs.count); the caption channel's 9,600 bit/s carries \(allowed) constructs a frame at \(rate) fps",
                        fix: "carry at most \(allowed) constructs a frame")
                }
            }
        }
        return out
    }

    /// Time codes in order, one line a frame: going back (error), the same frame again without a
    /// V2.0 `.0`/`.1` pair, frames skipped.
    private func timeCodeFindings(
        _ frame: MCCFrame, after p: MCCFrame, add: (ValidationRule, MCCFrame, String, String) -> Void
    ) {
        if frame.frame < p.frame {
            add(
                .mccTimecodeOrder, frame,
                "time code \(frame.label) is earlier than line \(p.line)'s \(p.label); expected the frame after it or later",
                "put the lines in time order")
        } else if frame.frame == p.frame {
            let pair = frame.fieldSuffix != nil && p.fieldSuffix != nil && frame.fieldSuffix != p.fieldSuffix
            if !pair {
                add(
                    .mccTimecodeRepeat, frame,
                    "time code \(frame.label) repeats line \(p.line)'s; expected the next frame",
                    "give each line its own frame (or mark a V2.0 pair .0 and .1)")
            }
        } else if frame.frame > p.frame + 1 {
            let missing = frame.frame - p.frame - 1
            add(
                .mccTimecodeGap, frame,
                "\(missing) frame(s) without a line between line \(p.line) (\(p.label)) and this one (\(frame.label)); expected one CDP a frame",
                "write a CDP (padding) for every frame")
        }
    }

    /// The checksum a CDP has and the one that is right, from its bytes (the last of its
    /// `cdp_length` bytes is `packet_checksum`).
    static func expectedChecksum(_ bytes: [UInt8]) -> (found: UInt8, right: UInt8, length: Int)? {
        guard bytes.count >= 3 else { return nil }
        let length = min(Int(bytes[2]), bytes.count)
        guard length >= 2 else { return nil }
        let sum = bytes[0..<(length - 1)].reduce(UInt8(0)) { $0 &+ $1 }
        return (bytes[length - 1], 0 &- sum, length)
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }
}
