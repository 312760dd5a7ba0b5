import CaptionCore

extension CDP {
    /// The packet's bytes: header with flags from the sections present, the sections in the
    /// order ST 334-2 gives them (time code, cc_data, ccsvcinfo, future sections), the footer
    /// with the header's counter and the checksum that makes the byte sum 0 mod 256. Nil when
    /// it cannot be written: more than 255 bytes (`cdp_length` is 8 bits), more than 31
    /// constructs or 15 services, or a future section over 255 bytes or outside 0x75–0xEF.
    public var bytes: [UInt8]? {
        var out: [UInt8] = [
            0x96, 0x69, 0, frameRateCode << 4 | 0x0F, 0, UInt8(sequenceCounter >> 8),
            UInt8(sequenceCounter & 0xFF),
        ]
        var flags: UInt8 = 0x01  // the reserved bit is 1
        if captionServiceActive { flags |= 0x02 }
        if let tc = timeCode {
            flags |= 0x80
            out += Self.timeCodeBytes(tc)
        }
        if let constructs = ccData {
            guard constructs.count <= 31 else { return nil }
            flags |= 0x40
            out += [Self.ccDataID, 0xE0 | UInt8(constructs.count)]
            for c in constructs { out += c.bytes }
        }
        if let info = serviceInfo {
            guard info.services.count <= ServiceInfo.maximumServices else { return nil }
            flags |= 0x20 | (info.start ? 0x10 : 0) | (info.change ? 0x08 : 0) | (info.complete ? 0x04 : 0)
            out += [
                Self.serviceInfoID,
                0x80 | (info.start ? 0x40 : 0) | (info.change ? 0x20 : 0) | (info.complete ? 0x10 : 0)
                    | UInt8(info.services.count),
            ]
            for s in info.services { out += Self.serviceBytes(s) }
        }
        for section in futureSections {
            guard Self.futureIDs.contains(section.id), section.data.count <= 255 else { return nil }
            out += [section.id, UInt8(section.data.count)] + section.data
        }
        out += [Self.footerID, UInt8(sequenceCounter >> 8), UInt8(sequenceCounter & 0xFF)]
        guard out.count + 1 <= 255 else { return nil }
        out[2] = UInt8(out.count + 1)
        out[4] = flags
        out.append(0 &- out.reduce(UInt8(0)) { $0 &+ $1 })
        return out
    }

    static func timeCodeBytes(_ tc: TimeCode) -> [UInt8] {
        let t = tc.timecode
        func bcd(_ v: Int, tensMask: UInt8) -> UInt8 { UInt8((v / 10) % 10) << 4 & tensMask | UInt8(v % 10) }
        return [
            timeCodeID,
            0xC0 | bcd(t.hours, tensMask: 0x30),
            0x80 | bcd(t.minutes, tensMask: 0x70),
            (tc.field ? 0x80 : 0) | bcd(t.seconds, tensMask: 0x70),
            (t.dropFrame ? 0x80 : 0) | bcd(t.frames, tensMask: 0x30),
        ]
    }

    static func serviceBytes(_ s: Service) -> [UInt8] {
        var language = Array(s.language.utf8.prefix(3))
        while language.count < 3 { language.append(0x20) }
        let fieldByte: UInt8
        switch s.kind {
        case .digital(let service): fieldByte = 0xC0 | UInt8(service & 0x3F)
        case .line21(let field): fieldByte = 0x7E | (field == .one ? 0 : 1)
        }
        return [0x80 | UInt8(s.entryNumber & 0x3F)] + language + [
            fieldByte, (s.easyReader ? 0x80 : 0) | (s.wideAspectRatio ? 0x40 : 0) | 0x3F, 0xFF,
        ]
    }

    /// A packet for one frame at `rate` carrying CEA-608 pairs and DTVCC constructs: `cc_data`
    /// of exactly ``CCData/constructCount(frameRate:)`` constructs — field 1, field 2 (filler
    /// with `cc_valid` 0 when a field has no pair), then `dtvcc`, then DTVCC filler — as
    /// caption distribution packets at that rate carry them. Nil for a rate without a
    /// `cdp_frame_rate` or when the constructs do not fit.
    public static func frame(
        rate: FrameRate, sequenceCounter: UInt16, field1: CEA608BytePair?, field2: CEA608BytePair?,
        dtvcc: [CCData.Construct] = [], timeCode: TimeCode? = nil, serviceInfo: ServiceInfo? = nil
    ) -> CDP? {
        guard let code = frameRateCode(for: rate) else { return nil }
        let count = CCData.constructCount(frameRate: rate)
        var constructs = [
            CCData.Construct(valid: field1 != nil, type: 0, pair: field1 ?? .padding),
            CCData.Construct(valid: field2 != nil, type: 1, pair: field2 ?? .padding),
        ]
        constructs += dtvcc
        guard constructs.count <= count else { return nil }
        while constructs.count < count { constructs.append(.dtvccFiller) }
        return CDP(
            frameRateCode: code, captionServiceActive: field1 != nil || field2 != nil || !dtvcc.isEmpty,
            sequenceCounter: sequenceCounter, timeCode: timeCode, ccData: constructs, serviceInfo: serviceInfo)
    }
}
