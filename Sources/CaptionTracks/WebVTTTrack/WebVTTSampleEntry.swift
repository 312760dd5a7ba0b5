import ISOBMFF

/// The `wvtt` sample description of a WebVTT track (ISO/IEC 14496-30 "WVTTSampleEntry", a
/// PlainTextSampleEntry: 6 reserved bytes and a data reference index, ISO/IEC 14496-12
/// §8.5.2.2), with its `vttC` WebVTTConfigurationBox (the WebVTT file's header: the `WEBVTT`
/// line, header text, `STYLE` and `REGION` blocks, everything before the first cue) and its
/// `vlab` WebVTTSourceLabelBox (a label of the source the track was made from).
public struct WebVTTSampleEntry: Sendable, Hashable {
    /// The `vttC` text; nil when the entry has no `vttC` box.
    public var configuration: String?
    /// The `vlab` text; nil when the entry has no `vlab` box.
    public var sourceLabel: String?

    public init(configuration: String?, sourceLabel: String? = nil) {
        self.configuration = configuration
        self.sourceLabel = sourceLabel
    }

    /// The whole `wvtt` box.
    public var bytes: [UInt8] {
        var w = BoxWriter()
        try? w.box("wvtt") { (w: inout BoxWriter) throws(ISOBMFFError) in
            w.zeros(6)
            w.u16(1)  // data_reference_index
            if let configuration { try w.box("vttC") { (w: inout BoxWriter) in w.append(configuration.utf8) } }
            if let sourceLabel { try w.box("vlab") { (w: inout BoxWriter) in w.append(sourceLabel.utf8) } }
        }
        return w.bytes
    }

    /// Reads a `wvtt` entry's boxes (the `stsd` entry bytes, header included). Never fails: what
    /// is wrong is said in `problems`, and a missing `vttC` leaves `configuration` nil.
    public static func read(_ entry: [UInt8]) -> (entry: WebVTTSampleEntry, problems: [String]) {
        var problems: [String] = []
        var result = WebVTTSampleEntry(configuration: nil)
        guard entry.count >= 16 else {
            problems.append("the wvtt sample entry holds \(entry.count) bytes, fewer than its 16-byte header")
            return (result, problems)
        }
        for box in WebVTTSample.boxes(entry[16...], in: "wvtt sample entry", problems: &problems) {
            switch box.type {
            case "vttC" where result.configuration == nil:
                result.configuration = WebVTTSample.text(box.body, of: box.type, problems: &problems)
            case "vlab" where result.sourceLabel == nil:
                result.sourceLabel = WebVTTSample.text(box.body, of: box.type, problems: &problems)
            case "vttC", "vlab": problems.append("a second \(box.type) box in the wvtt sample entry is ignored")
            default: break  // btrt and others say nothing about the cues
            }
        }
        if result.configuration == nil {
            problems.append("the wvtt sample entry has no vttC box (the WebVTT header, which 14496-30 requires)")
        }
        return (result, problems)
    }
}
