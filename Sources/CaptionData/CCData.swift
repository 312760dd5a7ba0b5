import CaptionCore

/// The `cc_data()` structure that carries caption byte pairs in digital video (CTA-708-E §4.4,
/// used by ATSC A/53 Part 4 §6.2.3 for MPEG-2 picture user data and by ANSI/SCTE 128-1 §8.1
/// for the SEI of H.264 and HEVC): a count, then `cc_count` three-byte constructs of marker
/// bits, `cc_valid`, `cc_type` and two data bytes. `cc_type` 0 is a CEA-608 pair of field 1,
/// 1 of field 2, 2 and 3 are DTVCC (CEA-708) packet data. See Specs/caption-tracks.md.
public struct CCData: Sendable, Hashable {
    /// One construct.
    public struct Construct: Sendable, Hashable {
        /// `cc_valid`: whether the two bytes are data (0 marks filler to be ignored).
        public var valid: Bool
        /// `cc_type`, 0–3.
        public var type: UInt8
        public var pair: CEA608BytePair

        public init(valid: Bool, type: UInt8, pair: CEA608BytePair) {
            self.valid = valid
            self.type = type
            self.pair = pair
        }

        /// The three bytes: `marker_bits` '11111', `cc_valid`, `cc_type`, then the pair.
        public var bytes: [UInt8] { [0xF8 | (valid ? 0x04 : 0) | (type & 0x03), pair.first, pair.second] }

        /// DTVCC filler: cc_valid 0, cc_type 2, 0x00 0x00 (CTA-708-E §4.4), what fills a
        /// picture's `cc_count` when there is no DTVCC data.
        public static let dtvccFiller = Construct(valid: false, type: 2, pair: CEA608BytePair(0, 0))

        /// The field of a valid CEA-608 construct (types 0 and 1); nil otherwise.
        public var field: CaptionField? {
            guard valid else { return nil }
            return type == 0 ? .one : type == 1 ? .two : nil
        }
    }

    /// `process_cc_data_flag`: 0 tells decoders to ignore the constructs.
    public var processCCData: Bool
    public var constructs: [Construct]

    public init(processCCData: Bool = true, constructs: [Construct]) {
        self.processCCData = processCCData
        self.constructs = constructs
    }

    /// What reading found: the data (nil when there is none) and what was wrong (sentences the
    /// caller locates with the track, sample and time).
    public struct Reading: Sendable, Hashable {
        public var data: CCData?
        public var problems: [String]
    }

    /// Reads `cc_data()` from its first byte. A `cc_count` larger than the bytes hold gives the
    /// complete constructs and a problem; a CEA-608 construct marked not valid that carries
    /// caption data is reported too (and ignored). (Fuzz entry point: bytes → result.)
    public static func read(_ bytes: ArraySlice<UInt8>) -> Reading {
        guard bytes.count >= 2 else {
            return Reading(data: nil, problems: ["cc_data() is \(bytes.count) byte(s), shorter than its 2-byte header"])
        }
        var problems: [String] = []
        let head = bytes[bytes.startIndex]
        // reserved/process_em_data_flag (1), process_cc_data_flag (1), additional_data_flag or
        // zero_bit (1), cc_count (5); then em_data or reserved (8).
        let process = head & 0x40 != 0
        let count = Int(head & 0x1F)
        let available = (bytes.count - 2) / 3
        if count > available {
            problems.append(
                "cc_count is \(count) but only \(available) construct(s) fit in the \(bytes.count) bytes; the complete ones are read"
            )
        }
        var constructs: [Construct] = []
        constructs.reserveCapacity(min(count, available))
        var i = bytes.startIndex + 2
        for _ in 0..<min(count, available) {
            let b = bytes[i]
            let c = Construct(
                valid: b & 0x04 != 0, type: b & 0x03, pair: CEA608BytePair(bytes[i + 1], bytes[i + 2]))
            // Parity is the 608 decoder's to check; here only what cc_data() itself says.
            if c.type < 2 && !c.valid && !c.pair.isPadding {
                problems.append(
                    "a field \(c.type + 1) construct with cc_valid 0 carries \(Self.hex(c.pair)); ignored, as cc_valid 0 requires"
                )
            }
            constructs.append(c)
            i += 3
        }
        return Reading(data: CCData(processCCData: process, constructs: constructs), problems: problems)
    }

    /// The valid CEA-608 pairs, in order, with their fields; none when `process_cc_data_flag`
    /// is 0.
    public var pairs: [(field: CaptionField, pair: CEA608BytePair)] {
        guard processCCData else { return [] }
        return constructs.compactMap { c in c.field.map { ($0, c.pair) } }
    }

    /// `cc_data()` carrying at most one pair per field: the field 1 construct first, then field
    /// 2 (cc_valid 0 filler for a field without a pair), then DTVCC filler up to `count` (at
    /// least 2, at most 31). Marker bits and `em_data` are all ones.
    public static func encode(field1: CEA608BytePair?, field2: CEA608BytePair?, count: Int = 2) -> [UInt8] {
        let n = max(2, min(31, count))
        let constructs = [
            Construct(valid: field1 != nil, type: 0, pair: field1 ?? .padding),
            Construct(valid: field2 != nil, type: 1, pair: field2 ?? .padding),
        ]
        return [0xC0 | UInt8(n), 0xFF] + constructBytes(constructs, count: n)
    }

    /// The bytes of `constructs` in order, then DTVCC filler constructs (cc_valid 0, cc_type 2,
    /// 0x00 0x00) up to `count` constructs in all: a picture's constructs without the two-byte
    /// header, as FFmpeg's `AV_FRAME_DATA_A53_CC` side data holds them (its encoders write the
    /// header, `cc_count` from the size, and the trailing marker byte). More than 31 constructs
    /// are all given; no `cc_data()` holds them, which the caller reports.
    public static func constructBytes(_ constructs: [Construct], count: Int) -> [UInt8] {
        var out = constructs.flatMap(\.bytes)
        for _ in constructs.count..<max(constructs.count, count) { out += Construct.dtvccFiller.bytes }
        return out
    }

    /// How many `cc_data()` constructs each picture carries at `rate` (CTA-708-E §4.1: the
    /// caption channel is 9600 bit/s, ÷1.001 at 23.976, 29.97 and 59.94 fps, so 600/1.001
    /// two-byte constructs a second, the CEA-608 pairs among them): 25 at 23.976 and 24 fps, 24
    /// at 25, 20 at 29.97 and 30, 12 at 50, 10 at 59.94 and 60 — `600 / nominal rate` rounded
    /// down, at most 31 (`cc_count` is 5 bits); the `cc_count` of SMPTE ST 334-2's caption
    /// distribution packets at each rate. See Specs/caption-tracks.md.
    public static func constructCount(frameRate rate: FrameRate) -> Int {
        min(31, max(1, 600 / max(1, rate.nominal)))
    }

    /// How many of a picture's ``constructCount(frameRate:)`` constructs the CEA-608 pairs take
    /// when 608 is carried beside DTVCC: line 21 sends a pair a field at 29.97 fps (59.94 a
    /// second), so 2 a picture at 29.97 fps and faster, 3 below it (2.5 on average at 23.976;
    /// CTA-708-E §4.3.6.1). The MCC writer leaves these to 608.
    public static func cea608ConstructCount(frameRate rate: FrameRate) -> Int {
        Int64(rate.frames) * 1001 < Int64(rate.seconds) * 30000 ? 3 : 2
    }

    /// The constructs a picture leaves for DTVCC packets after the CEA-608 pairs: 18 at 29.97
    /// and 30 fps, 22 at 23.976 and 24, 21 at 25, 9 at 50, 8 at 59.94 and 60.
    public static func dtvccConstructCount(frameRate rate: FrameRate) -> Int {
        max(0, constructCount(frameRate: rate) - cea608ConstructCount(frameRate: rate))
    }

    static func hex(_ p: CEA608BytePair) -> String {
        let digits = Array("0123456789abcdef")
        return String([p.first >> 4, p.first & 15, p.second >> 4, p.second & 15].map { digits[Int($0)] })
    }
}
