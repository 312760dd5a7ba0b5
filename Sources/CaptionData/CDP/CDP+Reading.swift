import CaptionCore

extension CDP {
    /// Something wrong in a packet, at a byte offset from its first byte. Every problem is a
    /// warning: what is good is kept.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        public var offset: Int
        /// A rule identifier: `cdp.length`, `cdp.checksum`, …
        public var rule: String
        public var message: String

        public var description: String { "byte \(offset): \(message)" }
    }

    /// What reading a packet gave: the packet (nil when the bytes are not one) and what was
    /// wrong.
    public struct Reading: Sendable, Hashable {
        public var cdp: CDP?
        public var problems: [Problem]
        /// The footer's `packet_checksum`: true when the byte sum is 0 mod 256, false when not,
        /// nil when there is no checksum byte.
        public var checksumValid: Bool?
    }

    static let minimumSize = 11
    static let timeCodeID: UInt8 = 0x71
    static let ccDataID: UInt8 = 0x72
    static let serviceInfoID: UInt8 = 0x73
    static let footerID: UInt8 = 0x74
    static let futureIDs: ClosedRange<UInt8> = 0x75...0xEF

    /// Reads one packet. Bounded work (one pass over at most 255 bytes), no trap on any input:
    /// a wrong length, a truncated section, a `cc_count` past its section, a footer whose
    /// counter differs from the header's or a wrong checksum are problems; the sections that
    /// read whole are kept. (Fuzz entry point: bytes → result.)
    public static func read(_ input: ArraySlice<UInt8>) -> Reading {
        var problems: [Problem] = []
        func problem(_ offset: Int, _ rule: String, _ message: String) {
            problems.append(Problem(offset: offset, rule: rule, message: message))
        }
        let all = Array(input)
        guard all.count >= 7 else {
            problem(0, "cdp.length", "\(all.count) byte(s), shorter than the 7-byte CDP header")
            return Reading(cdp: nil, problems: problems, checksumValid: nil)
        }
        guard all[0] == 0x96, all[1] == 0x69 else {
            problem(
                0, "cdp.identifier",
                "cdp_identifier is 0x\(HexText.byte(all[0]))\(HexText.byte(all[1])), not 0x9669: not a caption distribution packet"
            )
            return Reading(cdp: nil, problems: problems, checksumValid: nil)
        }
        let declared = Int(all[2])
        var bytes = all
        if declared != all.count {
            if declared < all.count {
                problem(
                    2, "cdp.length",
                    "cdp_length is \(declared) but \(all.count) bytes are given; the \(all.count - declared) after it are ignored"
                )
                bytes = Array(all[0..<max(7, declared)])
            } else {
                problem(2, "cdp.length", "cdp_length is \(declared) but only \(all.count) bytes are given: truncated")
            }
        }
        if bytes.count < minimumSize && declared >= minimumSize {
            // Reported above as truncated.
        } else if declared < minimumSize {
            problem(2, "cdp.length", "cdp_length \(declared) is less than the 11 bytes of a header and footer")
        }
        let rateCode = bytes[3] >> 4
        if !(1...8).contains(rateCode) {
            problem(3, "cdp.frame-rate", "cdp_frame_rate \(rateCode) is reserved (1–8 name rates)")
        }
        let flags = bytes[4]
        var cdp = CDP(
            frameRateCode: rateCode, captionServiceActive: flags & 0x02 != 0,
            sequenceCounter: UInt16(bytes[5]) << 8 | UInt16(bytes[6]))
        var reader = SectionReader(bytes: bytes)
        var footerFound = false
        var checksumValid: Bool?
        sections: while reader.offset < bytes.count {
            let at = reader.offset
            let id = bytes[at]
            switch id {
            case timeCodeID:
                guard let tc = reader.timeCode(problem: problem) else { break sections }
                if cdp.timeCode != nil {
                    problem(at, "cdp.section", "a second time code section; the first is kept")
                } else {
                    cdp.timeCode = tc
                }
            case ccDataID:
                let constructs = reader.ccData(problem: problem)
                if cdp.ccData != nil {
                    problem(at, "cdp.section", "a second cc_data section; the first is kept")
                } else {
                    cdp.ccData = constructs
                }
            case serviceInfoID:
                guard let info = reader.serviceInfo(problem: problem) else { break sections }
                if cdp.serviceInfo != nil {
                    problem(at, "cdp.section", "a second ccsvcinfo section; the first is kept")
                } else {
                    cdp.serviceInfo = info
                }
            case footerID:
                footerFound = true
                checksumValid = reader.footer(header: cdp.sequenceCounter, problem: problem)
                break sections
            case futureIDs:
                guard at + 1 < bytes.count, at + 2 + Int(bytes[at + 1]) <= bytes.count else {
                    problem(at, "cdp.section", "future section 0x\(HexText.byte(id)) runs past the packet end")
                    break sections
                }
                let length = Int(bytes[at + 1])
                cdp.futureSections.append(FutureSection(id: id, data: Array(bytes[at + 2..<at + 2 + length])))
                reader.offset = at + 2 + length
            default:
                problem(at, "cdp.section", "section identifier 0x\(HexText.byte(id)) is not one a CDP has (0x71–0xEF)")
                break sections
            }
        }
        if !footerFound {
            problem(min(reader.offset, bytes.count), "cdp.footer", "no CDP footer (0x74)")
        }
        // Flags against the sections found (ST 334-2 header flags).
        func check(_ flag: UInt8, _ present: Bool, _ name: String) {
            let set = flags & flag != 0
            if set != present {
                problem(
                    4, "cdp.flags",
                    set
                        ? "\(name) is set but the packet has no such section"
                        : "the packet has a \(name.replacingOccurrences(of: "_present", with: "")) section but \(name) is 0"
                )
            }
        }
        check(0x80, cdp.timeCode != nil, "time_code_present")
        check(0x40, cdp.ccData != nil, "ccdata_present")
        check(0x20, cdp.serviceInfo != nil, "svcinfo_present")
        if let info = cdp.serviceInfo {
            if (flags & 0x10 != 0, flags & 0x08 != 0, flags & 0x04 != 0) != (info.start, info.change, info.complete) {
                problem(
                    4, "cdp.flags", "svc_info_start/change/complete in the header differ from the ccsvcinfo section's")
            }
        }
        return Reading(cdp: cdp, problems: problems, checksumValid: checksumValid)
    }
}

/// A cursor over a packet's sections.
private struct SectionReader {
    let bytes: [UInt8]
    var offset = 7
    /// Where the footer is likely to start: 4 bytes from the end, or 3 when the packet has no
    /// checksum byte (as caption-inspector writes them); the end when neither holds 0x74.
    let footerGuess: Int

    init(bytes: [UInt8]) {
        self.bytes = bytes
        let n = bytes.count
        if n >= 11 && bytes[n - 4] == CDP.footerID {
            footerGuess = n - 4
        } else if n >= 10 && bytes[n - 3] == CDP.footerID {
            footerGuess = n - 3
        } else {
            footerGuess = n
        }
    }

    mutating func timeCode(problem: (Int, String, String) -> Void) -> CDP.TimeCode? {
        let at = offset
        guard at + 5 <= bytes.count else {
            problem(at, "cdp.section", "the time code section runs past the packet end")
            return nil
        }
        let b = Array(bytes[at + 1..<at + 5])
        offset = at + 5
        // '11' tc_10hrs(2) tc_1hrs(4); '1' tc_10min(3) tc_1min(4); tc_field_flag tc_10sec(3)
        // tc_1sec(4); drop_frame_flag '0' tc_10fr(2) tc_1fr(4).
        let timecode = Timecode(
            hours: Int((b[0] >> 4) & 0x03) * 10 + Int(b[0] & 0x0F),
            minutes: Int((b[1] >> 4) & 0x07) * 10 + Int(b[1] & 0x0F),
            seconds: Int((b[2] >> 4) & 0x07) * 10 + Int(b[2] & 0x0F),
            frames: Int((b[3] >> 4) & 0x03) * 10 + Int(b[3] & 0x0F),
            dropFrame: b[3] & 0x80 != 0)
        if b[0] & 0xC0 != 0xC0 || b[1] & 0x80 != 0x80 || b[3] & 0x40 != 0 {
            problem(at, "cdp.time-code", "the time code section's marker bits are wrong")
        }
        return CDP.TimeCode(timecode: timecode, field: b[2] & 0x80 != 0)
    }

    mutating func ccData(problem: (Int, String, String) -> Void) -> [CCData.Construct] {
        let at = offset
        guard at + 2 <= bytes.count else {
            problem(at, "cdp.section", "the cc_data section runs past the packet end")
            offset = bytes.count
            return []
        }
        let count = Int(bytes[at + 1] & 0x1F)
        if bytes[at + 1] & 0xE0 != 0xE0 {
            problem(at + 1, "cdp.cc-count", "the marker bits before cc_count are not '111'")
        }
        // The constructs end before the footer: never read one out of it.
        let end = footerGuess > at + 2 ? footerGuess : bytes.count
        let available = (end - at - 2) / 3
        let n = min(count, available)
        if n < count {
            problem(
                at + 1, "cdp.cc-count",
                "cc_count is \(count) but only \(available) construct(s) fit before the footer; the complete ones are read"
            )
        }
        var constructs: [CCData.Construct] = []
        constructs.reserveCapacity(n)
        var i = at + 2
        for _ in 0..<n {
            let b = bytes[i]
            constructs.append(
                CCData.Construct(valid: b & 0x04 != 0, type: b & 0x03, pair: CEA608BytePair(bytes[i + 1], bytes[i + 2]))
            )
            i += 3
        }
        offset = n < count ? end : i
        return constructs
    }

    mutating func serviceInfo(problem: (Int, String, String) -> Void) -> CDP.ServiceInfo? {
        let at = offset
        guard at + 2 <= bytes.count else {
            problem(at, "cdp.section", "the ccsvcinfo section runs past the packet end")
            return nil
        }
        let head = bytes[at + 1]
        let count = Int(head & 0x0F)
        guard at + 2 + 7 * count <= bytes.count else {
            problem(at, "cdp.section", "svc_count is \(count) but the ccsvcinfo section runs past the packet end")
            return nil
        }
        var services: [CDP.Service] = []
        var i = at + 2
        for _ in 0..<count {
            let e = Array(bytes[i..<i + 7])
            // Entry byte 0: '1', then the service number (6 bits; with bit 6 set, 5 bits after a
            // second '1'), as cdp-types reads it. Bytes 1–6: A/65 Table 6.26.
            let entryNumber = Int(e[0] & 0x40 != 0 ? e[0] & 0x1F : e[0] & 0x3F)
            let language = String(decoding: e[1...3].map { $0 }, as: Unicode.ASCII.self)
            let digital = e[4] & 0x80 != 0
            let kind: CDP.Service.Kind =
                digital ? .digital(service: Int(e[4] & 0x3F)) : .line21(e[4] & 0x01 == 0 ? .one : .two)
            if case .digital(let s) = kind, s == 0 {
                problem(i + 4, "cdp.service-info", "a digital caption service entry with caption_service_number 0")
            }
            services.append(
                CDP.Service(
                    entryNumber: entryNumber, language: language, kind: kind, easyReader: e[5] & 0x80 != 0,
                    wideAspectRatio: e[5] & 0x40 != 0))
            i += 7
        }
        offset = i
        return CDP.ServiceInfo(
            start: head & 0x40 != 0, change: head & 0x20 != 0, complete: head & 0x10 != 0, services: services)
    }

    /// Checks the footer; returns whether the checksum holds (nil when it is missing).
    mutating func footer(header: UInt16, problem: (Int, String, String) -> Void) -> Bool? {
        let at = offset
        guard at + 3 <= bytes.count else {
            problem(at, "cdp.footer", "the footer is cut short: no cdp_ftr_sequence_cntr")
            return nil
        }
        let counter = UInt16(bytes[at + 1]) << 8 | UInt16(bytes[at + 2])
        if counter != header {
            problem(
                at + 1, "cdp.sequence",
                "cdp_ftr_sequence_cntr \(counter) differs from the header's cdp_hdr_sequence_cntr \(header)")
        }
        guard at + 4 <= bytes.count else {
            problem(
                at + 3, "cdp.no-checksum",
                "the footer ends after its sequence counter: no packet_checksum (cdp_length leaves no room for it)")
            return nil
        }
        if at + 4 < bytes.count {
            problem(at + 4, "cdp.length", "\(bytes.count - at - 4) byte(s) after the footer")
        }
        let sum = bytes[0..<at + 4].reduce(UInt8(0)) { $0 &+ $1 }
        if sum != 0 {
            let expected = 0 &- bytes[0..<at + 3].reduce(UInt8(0)) { $0 &+ $1 }
            problem(
                at + 3, "cdp.checksum",
                "packet_checksum is 0x\(HexText.byte(bytes[at + 3])) but 0x\(HexText.byte(expected)) makes the byte sum 0 mod 256"
            )
            return false
        }
        return true
    }
}
