import CaptionData
import ISOBMFF

/// Finds the A/53 `cc_data()` in the SEI of one H.264 or HEVC sample stored in an MP4/MOV:
/// NAL units each preceded by its length (ISO/IEC 14496-15 §5.3.2 and §8.3.2; the length size
/// from `avcC`/`hvcC`), without decoding any picture.
///
/// Only the NAL units before the picture's first slice are read: H.264 puts every SEI of an
/// access unit before its first VCL NAL unit (ITU-T H.264 §7.4.1.2.3), and SCTE 128-1 §8.1
/// puts captions in prefix SEI for HEVC. The slices themselves are never fetched.
public struct SEICaptionReader: Sendable {
    public enum Codec: String, Sendable, Hashable {
        case h264, hevc
    }

    public let codec: Codec
    /// Bytes of each NAL unit's length prefix: 1, 2 or 4.
    public let lengthSize: Int

    public init(codec: Codec, lengthSize: Int) {
        self.codec = codec
        self.lengthSize = lengthSize
    }

    /// What one sample holds.
    public struct Reading: Sendable, Hashable {
        /// Each `cc_data()` found, in order.
        public var ccData: [CCData] = []
        /// Problems with the sample, as sentences (the caller adds track, sample and time).
        public var problems: [String] = []
        /// What of the sample lay in encrypted bytes, where reading stopped ("the SEI NAL unit at
        /// bytes 12..<40"); nil when everything read was clear.
        public var encrypted: String?
    }

    /// Reads the sample in `bytes` (fuzz entry point: bytes → result).
    public func read(sample bytes: [UInt8]) -> Reading {
        var reading = Reading()
        do {
            reading = try read(sampleSize: bytes.count) { (range: Range<Int>) throws(ISOBMFFError) in
                Array(bytes[range])
            }
        } catch {
            reading.problems.append(error.message)
        }
        return reading
    }

    /// Reads a sample of `sampleSize` bytes through `fetch`, which returns the bytes of a range
    /// within it (a file read for each NAL unit header and each SEI).
    ///
    /// `protectedRanges` are the sample's encrypted bytes (ISO/IEC 23001-7 §9.5: subsample
    /// encryption of NAL-structured video leaves each NAL unit's length and header, and the
    /// non-VCL NAL units such as SEI, in the clear). Nothing is read from them: when a length, a
    /// NAL unit header or an SEI falls in one, reading stops and ``Reading/encrypted`` says what
    /// lay there.
    public func read(
        sampleSize: Int, protectedRanges: [Range<Int>] = [], fetch: (Range<Int>) throws(ISOBMFFError) -> [UInt8]
    ) throws(ISOBMFFError) -> Reading {
        try read(
            sampleSize: sampleSize, protectedRanges: protectedRanges,
            slices: {
                (range: Range<Int>) throws(ISOBMFFError) -> ArraySlice<UInt8> in ArraySlice(try fetch(range))
            })
    }

    /// ``read(sampleSize:protectedRanges:fetch:)`` with `slices` giving slices of a buffer it
    /// keeps (``SampleBytesReader``'s): no array is made for a picture without SEI.
    func read(
        sampleSize: Int, protectedRanges: [Range<Int>] = [],
        slices fetch: (Range<Int>) throws(ISOBMFFError) -> ArraySlice<UInt8>
    ) throws(ISOBMFFError) -> Reading {
        var reading = Reading()
        var position = 0
        let headerSize = codec == .h264 ? 1 : 2
        func isClear(_ range: Range<Int>) -> Bool { !protectedRanges.contains { $0.overlaps(range) } }
        while position < sampleSize {
            guard sampleSize - position >= lengthSize + headerSize else {
                reading.problems.append(
                    "\(sampleSize - position) byte(s) at the end of the sample, too few for a NAL unit; ignored")
                break
            }
            guard isClear(position..<(position + lengthSize + headerSize)) else {
                reading.encrypted = "the NAL unit length and header at byte \(position)"
                break
            }
            let head = try fetch(position..<(position + lengthSize + headerSize))
            var length = 0
            for b in head.prefix(lengthSize) { length = length << 8 | Int(b) }
            let start = position + lengthSize
            guard length >= headerSize, length <= sampleSize - start else {
                reading.problems.append(
                    "a NAL unit at byte \(position) says \(length) bytes but \(sampleSize - start) remain in the sample; the rest of the sample is skipped"
                )
                break
            }
            let first = head[head.startIndex + lengthSize]
            let type = codec == .h264 ? Int(first & 0x1F) : Int(first >> 1 & 0x3F)
            if isSlice(type) { break }
            if isSEI(type) {
                guard isClear(start..<(start + length)) else {
                    reading.encrypted = "the SEI NAL unit at bytes \(start)..<\(start + length)"
                    break
                }
                let nal = try fetch((start + headerSize)..<(start + length))
                readSEI(Self.unescaped(nal), into: &reading)
            }
            position = start + length
        }
        return reading
    }

    /// Reads one picture of an H.264 or HEVC byte stream (ITU-T H.264 Annex B: NAL units after
    /// `0x000001` start codes, as MPEG transport streams carry them; ``lengthSize`` is unused).
    /// As with stored samples, only the NAL units before the first slice are looked at.
    func read(annexB bytes: UnsafeRawBufferPointer) -> Reading {
        var reading = Reading()
        let headerSize = codec == .h264 ? 1 : 2
        var p = StartCodes.next(in: bytes, from: 0)
        while let start = p {
            let nal = start + 3
            let next = StartCodes.next(in: bytes, from: nal)
            var end = next ?? bytes.count
            // Zero bytes before a start code (a four-byte start code, trailing_zero_8bits) belong
            // to no NAL unit; an RBSP ends with its stop bit, never a zero byte (H.264 B.1.1).
            while end > nal && bytes[end - 1] == 0 { end -= 1 }
            if end - nal >= headerSize {
                let type = codec == .h264 ? Int(bytes[nal] & 0x1F) : Int(bytes[nal] >> 1 & 0x3F)
                if isSlice(type) { break }
                if isSEI(type) { readSEI(Self.unescaped(Array(bytes[(nal + headerSize)..<end])), into: &reading) }
            }
            p = next
        }
        return reading
    }

    /// Reads one Annex B picture held in `bytes` (fuzz entry point: bytes → result).
    public func read(annexB bytes: [UInt8]) -> Reading {
        bytes.withUnsafeBytes { read(annexB: $0) }
    }

    /// Reads one Annex B picture, as a demuxer hands it on, with no copy.
    public func read(annexB bytes: RawSpan) -> Reading {
        bytes.withUnsafeBytes { read(annexB: $0) }
    }

    /// VCL NAL unit types: H.264 1–5 (§7.4.1 Table 7-1), HEVC 0–31 (H.265 Table 7-1).
    private func isSlice(_ type: Int) -> Bool { codec == .h264 ? (1...5).contains(type) : type <= 31 }

    /// SEI: H.264 type 6, HEVC prefix SEI 39 and suffix SEI 40.
    private func isSEI(_ type: Int) -> Bool { codec == .h264 ? type == 6 : type == 39 || type == 40 }

    /// The SEI messages of one SEI RBSP (H.264 §7.3.2.3, H.265 §7.3.5): type and size each as a
    /// run of 0xFF bytes plus a last byte, then the payload.
    private func readSEI(_ rbsp: [UInt8], into reading: inout Reading) {
        var p = 0
        // more_rbsp_data(): stop at the rbsp_trailing_bits byte (0x80) or the end.
        while p < rbsp.count && !(p == rbsp.count - 1 && rbsp[p] == 0x80) {
            guard let type = Self.seiNumber(rbsp, &p), let size = Self.seiNumber(rbsp, &p) else {
                reading.problems.append("an SEI message header runs past the end of its NAL unit")
                return
            }
            var end = p + size
            if end > rbsp.count {
                reading.problems.append(
                    "an SEI message of type \(type) says \(size) bytes but \(rbsp.count - p) remain; truncated, the bytes there are read"
                )
                end = rbsp.count
            }
            // user_data_registered_itu_t_t35 (H.264 §D.1.6, H.265 §D.2.6).
            if type == 4, let cc = A53UserData.ccData(inT35Payload: rbsp[p..<end]) {
                let r = CCData.read(cc)
                if let data = r.data { reading.ccData.append(data) }
                reading.problems += r.problems
            }
            p = end
        }
    }

    private static func seiNumber(_ bytes: [UInt8], _ p: inout Int) -> Int? {
        var value = 0
        while p < bytes.count {
            let b = bytes[p]
            p += 1
            value += Int(b)
            if b != 0xFF { return value }
            // 64 KiB of 0xFF bytes: no real SEI is this large; stop a hostile one.
            if value > 1 << 24 { return nil }
        }
        return nil
    }

    /// The RBSP of a NAL unit's payload: every `emulation_prevention_three_byte` (0x03 after two
    /// zero bytes) removed (H.264 §7.3.1 and §7.4.1).
    static func unescaped(_ nal: some Collection<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(nal.count)
        var zeros = 0
        for b in nal {
            if zeros >= 2 && b == 0x03 {
                zeros = 0
                continue
            }
            out.append(b)
            zeros = b == 0 ? zeros + 1 : 0
        }
        return out
    }

    /// The reader for a video sample entry: `avc1`/`avc3` with `avcC`, `hvc1`/`hev1` with
    /// `hvcC` (the length size is `lengthSizeMinusOne + 1`: ISO/IEC 14496-15 §5.3.3.1 and
    /// §8.3.3.1), or an encrypted `encv` whose original format (`frma`, ISO/IEC 14496-12
    /// §8.12.2) is one of those, its configuration inside it; nil for other codecs or an
    /// unreadable configuration.
    public static func forSampleEntry(_ entry: SampleEntry) -> SEICaptionReader? {
        let codec: Codec
        let config: FourCC
        switch entry.originalFormat {
        case "avc1", "avc3":
            codec = .h264
            config = "avcC"
        case "hvc1", "hev1":
            codec = .hevc
            config = "hvcC"
        default:
            return nil
        }
        // VisualSampleEntry after the box header: 6 reserved bytes and the data reference index,
        // then pre-defined and reserved (16), width, height, resolutions, reserved, frame count,
        // compressor name (32), depth, pre-defined: 78 bytes (ISO/IEC 14496-12 §12.1.3).
        guard let boxes = try? entry.childBoxes(afterFixedFields: 78),
            let box = boxes.first(where: { $0.type == config })
        else { return nil }
        let payload = entry.bytes[box.payloadRange]
        let index = payload.startIndex + (codec == .h264 ? 4 : 21)
        guard index < payload.endIndex else { return nil }
        return SEICaptionReader(codec: codec, lengthSize: Int(payload[index] & 0x03) + 1)
    }
}
