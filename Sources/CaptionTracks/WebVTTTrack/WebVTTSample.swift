import ISOBMFF

/// One sample of a WebVTT track (ISO/IEC 14496-30 "WebVTT sample"): the cues active for the
/// sample's whole duration, each a `vttc` box, and `vtta` boxes of text between cues
/// (comments); or a single `vtte` box when no cue is active. Cues that overlap in time are cut
/// at every start and end, so each sample carries every cue active then; the pieces of one cue
/// share its `vsid` source ID (and its content).
public struct WebVTTSample: Sendable, Hashable {
    /// A `vttc` box: its optional boxes `vsid`, `iden`, `ctim`, `sttg`, and `payl` (the text),
    /// in that order (14496-30 "VTTCueBox"). Strings are UTF-8, without a terminating NUL.
    public struct Cue: Sendable, Hashable {
        /// `vsid` CueSourceIDBox: pieces of one cue carry the same ID.
        public var sourceID: Int32?
        /// `iden` CueIDBox: the WebVTT cue identifier.
        public var identifier: String
        /// `ctim` CueTimeBox: a WebVTT timestamp, the cue's start on the WebVTT timeline its
        /// text's timestamp tags count on.
        public var currentTime: String?
        /// `sttg` CueSettingsBox: the WebVTT cue settings.
        public var settings: String
        /// `payl` CuePayloadBox: the cue text.
        public var payload: String

        public init(
            sourceID: Int32? = nil, identifier: String = "", currentTime: String? = nil, settings: String = "",
            payload: String
        ) {
            self.sourceID = sourceID
            self.identifier = identifier
            self.currentTime = currentTime
            self.settings = settings
            self.payload = payload
        }
    }

    public var cues: [Cue]
    /// The text of each `vtta` VTTAdditionalTextBox (comments between cues).
    public var additionalText: [String]

    public init(cues: [Cue], additionalText: [String] = []) {
        self.cues = cues
        self.additionalText = additionalText
    }

    // MARK: - Writing

    /// The sample's bytes: a `vttc` box per cue (an empty identifier or settings left out, `ctim`
    /// when there is a time, `payl` always), or a `vtte` box when there is none.
    public var bytes: [UInt8] {
        var w = BoxWriter()
        if cues.isEmpty {
            try? w.box("vtte") { (_: inout BoxWriter) in }
        }
        for cue in cues {
            try? w.box("vttc") { (w: inout BoxWriter) throws(ISOBMFFError) in
                if let id = cue.sourceID { try w.box("vsid") { (w: inout BoxWriter) in w.i32(id) } }
                if !cue.identifier.isEmpty {
                    try w.box("iden") { (w: inout BoxWriter) in w.append(cue.identifier.utf8) }
                }
                if let time = cue.currentTime { try w.box("ctim") { (w: inout BoxWriter) in w.append(time.utf8) } }
                if !cue.settings.isEmpty { try w.box("sttg") { (w: inout BoxWriter) in w.append(cue.settings.utf8) } }
                try w.box("payl") { (w: inout BoxWriter) in w.append(cue.payload.utf8) }
            }
        }
        for text in additionalText {
            try? w.box("vtta") { (w: inout BoxWriter) in w.append(text.utf8) }
        }
        return w.bytes
    }

    // MARK: - Reading

    /// What reading a sample found: its cues, whether it was an empty (`vtte`) sample, and what
    /// was wrong, as sentences.
    public struct Reading: Sendable, Hashable {
        public var sample: WebVTTSample
        public var isEmptyBox: Bool
        public var problems: [String]
    }

    /// Reads a sample. Never fails: a box size past the sample's end gives the part there and a
    /// problem; sizes below a header, boxes this format does not define and a `vttc` without
    /// `payl` are problems, and the rest of the sample is read. Boxes are read one level deep
    /// (`vttc` and its children), so nesting costs nothing. (Fuzz entry point: bytes → result.)
    public static func read(_ bytes: [UInt8]) -> Reading {
        var problems: [String] = []
        var sample = WebVTTSample(cues: [])
        var empty = false
        if bytes.isEmpty { problems.append("an empty sample: it holds neither a vtte box nor cues") }
        for box in boxes(bytes[...], in: "sample", problems: &problems) {
            switch box.type {
            case "vttc":
                sample.cues.append(cue(box.body, number: sample.cues.count + 1, problems: &problems))
            case "vtte":
                empty = true
            case "vtta":
                sample.additionalText.append(text(box.body, of: box.type, problems: &problems))
            default:
                problems.append("a \(box.type) box in a WebVTT sample is not a WebVTT box; ignored")
            }
        }
        if empty && !sample.cues.isEmpty {
            problems.append("the sample holds a vtte box (no cue) and \(sample.cues.count) cue(s); the cues are read")
        }
        return Reading(sample: sample, isEmptyBox: empty, problems: problems)
    }

    private static func cue(_ body: ArraySlice<UInt8>, number: Int, problems: inout [String]) -> Cue {
        var cue = Cue(payload: "")
        var seen: Set<FourCC> = []
        let name = "vttc box \(number)"
        for box in boxes(body, in: name, problems: &problems) {
            guard seen.insert(box.type).inserted || !["vsid", "iden", "ctim", "sttg", "payl"].contains(box.type)
            else {
                problems.append("\(name) holds a second \(box.type) box; the first is read")
                continue
            }
            switch box.type {
            case "vsid":
                guard box.body.count == 4 else {
                    problems.append("the vsid box of \(name) holds \(box.body.count) bytes, not a 32-bit source ID")
                    continue
                }
                cue.sourceID = Int32(bitPattern: box.body.reduce(0) { $0 << 8 | UInt32($1) })
            case "iden": cue.identifier = text(box.body, of: box.type, problems: &problems)
            case "ctim": cue.currentTime = text(box.body, of: box.type, problems: &problems)
            case "sttg": cue.settings = text(box.body, of: box.type, problems: &problems)
            case "payl": cue.payload = text(box.body, of: box.type, problems: &problems)
            default:
                problems.append("a \(box.type) box in \(name) is not a cue box; ignored")
            }
        }
        if !seen.contains("payl") { problems.append("\(name) has no payl box (its text): read as an empty cue") }
        return cue
    }

    /// A string box's text (14496-30 "boxstring": UTF-8, no terminating NUL; those that some
    /// writers add are dropped). Bytes that are not UTF-8 are shown as U+FFFD, and said so.
    static func text(_ body: ArraySlice<UInt8>, of type: FourCC, problems: inout [String]) -> String {
        var body = body
        while body.last == 0 { body = body.dropLast() }
        if String(validating: body, as: UTF8.self) == nil {
            problems.append("the text of a \(type) box is not UTF-8; bad bytes are shown as U+FFFD")
        }
        return String(decoding: body, as: UTF8.self)
    }

    /// The boxes one after the other in `bytes` (14496-12 §4.2: 32-bit size, type; size 1 is a
    /// 64-bit size after the type, 0 runs to the end). A size past the end is cut there.
    static func boxes(_ bytes: ArraySlice<UInt8>, in place: String, problems: inout [String]) -> [(
        type: FourCC, body: ArraySlice<UInt8>
    )] {
        var out: [(FourCC, ArraySlice<UInt8>)] = []
        var p = bytes.startIndex
        while p < bytes.endIndex {
            let left = bytes.endIndex - p
            guard left >= 8 else {
                problems.append("\(left) byte(s) at the end of the \(place), too few for a box header; ignored")
                break
            }
            let type = FourCC(rawValue: bytes[(p + 4)..<(p + 8)].reduce(0) { $0 << 8 | UInt32($1) })
            var size = Int(bytes[p..<(p + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            var header = 8
            if size == 1 {
                guard left >= 16 else {
                    problems.append("a \(type) box in the \(place) with a 64-bit size cut short; ignored")
                    break
                }
                let large = bytes[(p + 8)..<(p + 16)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                size = Int(clamping: large)
                header = 16
            } else if size == 0 {
                size = left
            }
            guard size >= header else {
                problems.append(
                    "a \(type) box in the \(place) says \(size) bytes, less than its header; the rest is ignored")
                break
            }
            if size > left {
                problems.append("a \(type) box in the \(place) says \(size) bytes but \(left) remain; read to the end")
                size = left
            }
            out.append((type, bytes[(p + header)..<(p + size)]))
            p += size
        }
        return out
    }
}
