/// One place in a movie that carries captions.
public struct MovieCaptionSource: Sendable, Hashable, CustomStringConvertible {
    /// What kind of carriage; the raw values are the CLI's `--source` names.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A closed-caption track: `clcp` handler, `c608` or `c708` samples.
        case track
        /// CEA-608 in the video (A/53 `cc_data`: H.264 or HEVC SEI, MPEG-2 picture user data).
        case sei
        /// A subtitle track: `tx3g` (FFmpeg's `mov_text`) or QuickTime `text`.
        case subtitle
    }

    public var kind: Kind
    /// The track that holds it (the video track for ``Kind/sei``).
    public var trackID: UInt32
    /// The sample description format: `c608`, `avc1`, `hvc1`, `tx3g`, `text`…
    public var format: String
    /// The track's ISO 639-2/T language.
    public var language: String
    /// CEA-608 channels (1–4) seen with data; empty for subtitles. For ``Kind/sei`` only the
    /// part scanned when listing (see ``MovieCaptions/sources(seiScanLimit:)``).
    public var channels: [Int]
    /// CEA-708 services (1–63) seen with data, for ``Kind/sei`` (the part scanned when
    /// listing) and a `c708` track; empty for the others.
    public var services: [Int]
    /// Samples in the track.
    public var sampleCount: Int

    public init(
        kind: Kind, trackID: UInt32, format: String, language: String, channels: [Int], services: [Int] = [],
        sampleCount: Int
    ) {
        self.kind = kind
        self.trackID = trackID
        self.format = format
        self.language = language
        self.channels = channels
        self.services = services
        self.sampleCount = sampleCount
    }

    /// `track 3: c608 closed captions (CC1, CC3), language eng`; `track 1: CEA-608/708 in the avc1
    /// video's SEI (A/53) (CC1, service 1), language und`.
    public var description: String {
        let what: String
        switch kind {
        case .track: what = "\(format) closed captions"
        case .sei:
            let mpeg2 = ["mpeg2video", "mpeg1video", "mp4v", "m2v1", "mpg2"].contains(format)
            let standards = channels.isEmpty && !services.isEmpty ? "CEA-708" : services.isEmpty ? "CEA-608" : "CEA-608/708"
            what = "\(standards) in the \(format) video's \(mpeg2 ? "picture user data" : "SEI") (A/53)"
        case .subtitle: what = "\(format) subtitles"
        }
        let names = channels.map { "CC\($0)" } + services.map { "service \($0)" }
        let channelText = names.isEmpty ? "" : " (" + names.joined(separator: ", ") + ")"
        return "track \(trackID): \(what)\(channelText), language \(language)"
    }
}
