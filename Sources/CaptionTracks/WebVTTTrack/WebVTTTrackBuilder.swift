import CaptionCore
import ISOBMFF
import WebVTT

/// Builds a WebVTT track (ISO/IEC 14496-30 `wvtt`, as CMAF carries subtitles) from a caption
/// document. The WebVTT writer lays the document out as it would a `.vtt` file
/// (``WebVTTWriter/layout(_:)``): its header becomes the `vttC` box, each of its cues a `vttc`
/// box with `vsid`, `iden`, `ctim`, `sttg` and `payl`. The timeline is cut at every cue's start
/// and end; each stretch is one sample holding every cue active then, in document order, or a
/// `vtte` box when none is, from movie time zero to the last cue's end (14496-30: samples never
/// overlap, and a cue active over several samples is in each of them). The pieces of one cue
/// share its source ID (`vsid`, the cue's number), so a reader puts it back together.
public struct WebVTTTrackBuilder: Sendable {
    /// The movie is a QuickTime file: the media header is QuickTime's `gmhd` rather than `nmhd`.
    public var quickTime: Bool
    public var language: LanguageTag
    /// The `vlab` box's label of the source (14496-30 recommends one): e.g. the caption file's
    /// name. Nil writes no `vlab`.
    public var sourceLabel: String?

    public init(quickTime: Bool, language: LanguageTag, sourceLabel: String? = nil) {
        self.quickTime = quickTime
        self.language = language
        self.sourceLabel = sourceLabel
    }

    /// The track, in the first timescale that holds every cue's start and end exactly (1000, the
    /// document's frame rate in at least millisecond units, 90000…; so the cues of a `.vtt` file
    /// or of 29.97 fps captions keep their times), else 1000 with times rounded (reported).
    /// `fileName` names the document in findings.
    public func track(
        for document: CaptionDocument, frameRate: FrameRate?, alternateGroup: Int16, enabled: Bool,
        fileName: String? = nil
    ) throws(CaptionTracksError) -> (track: NewTrack, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var shown = document
        shown.captions = SubtitleTrackCaptions.carried(document.captions, rule: "tracks.webvtt", fileName: fileName, into: &diagnostics)
        let layout: WebVTTWriter.Layout
        do throws(CaptionFormatError) {
            layout = try WebVTTWriter(options: CaptionFormatOptions(fileName: fileName)).layout(shown)
        } catch {
            throw CaptionTracksError(.cannotWrite, error.message, file: fileName)
        }
        // Cue starts and ends keep the captions' own times here; only timestamp tags inside a
        // cue are in WebVTT's milliseconds (checked below), so the writer's note is not ours.
        diagnostics += layout.diagnostics.filter { $0.ruleID != "webvtt.rounding" }
        let captions = shown.captions
        var pieces: [WebVTTSample.Cue] = []
        var spans: [(start: MediaTime, end: MediaTime)] = []
        var revealsRounded = false
        for (number, cue) in zip(1..., layout.cues) {
            let reveals = cue.captions.count > 1
            pieces.append(
                WebVTTSample.Cue(
                    sourceID: Int32(clamping: number), identifier: cue.identifier ?? "",
                    currentTime: reveals ? WebVTTWriter.timestamp(milliseconds: cue.startMilliseconds) : nil,
                    settings: cue.settings, payload: cue.text))
            spans.append(
                (captions[cue.captions.lowerBound].timeRange.start, captions[cue.captions.upperBound].timeRange.end))
            for k in cue.captions.dropLast() where !captions[k].timeRange.end.isExactlyRepresentable(inTimescale: 1000)
            {
                revealsRounded = true
            }
        }
        if revealsRounded {
            diagnostics.append(
                Diagnostic(
                    .info, "tracks.rounded",
                    "paint-on reveal times rounded to the millisecond (a WebVTT timestamp tag's precision)",
                    at: DiagnosticLocation(file: fileName)))
        }
        let boundaries = Array(Set([MediaTime.zero] + spans.flatMap { [$0.start, $0.end] })).sorted()
        guard boundaries.count >= 2 else {
            throw CaptionTracksError(
                .cannotWrite, "no caption with a time range after the movie's start to write", file: fileName)
        }
        let (timescale, exact) = MovTextTrackBuilder.timescale(for: boundaries, frameRate: frameRate)
        if !exact {
            diagnostics.append(
                Diagnostic(
                    .info, "tracks.rounded", "caption times rounded to the millisecond (the track's timescale is 1000)",
                    at: DiagnosticLocation(file: fileName)))
        }
        let samples = try Self.samples(pieces: pieces, spans: spans, boundaries: boundaries, timescale: timescale)
        let entry = WebVTTSampleEntry(configuration: Self.configuration(layout.header), sourceLabel: sourceLabel)
        var track = NewTrack(
            handlerType: "text", handlerName: "WebVTT", mediaHeader: quickTime ? .generic(extra: []) : .null,
            sampleEntry: entry.bytes, timescale: UInt32(timescale), samples: samples, language: language.iso639_2,
            trackFlags: enabled ? 0x3 : 0x2)
        track.alternateGroup = alternateGroup
        track.extendedLanguage = language.bcp47
        return (track, diagnostics)
    }

    /// The `vttC` text: the file's header up to the blank line before the first cue (14496-30:
    /// everything before the first cue; trailing line ends are not part of it, as GPAC writes it).
    static func configuration(_ header: String) -> String {
        var bytes = Array(header.utf8)
        while bytes.last == 0x0A { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One sample per stretch between consecutive boundaries: the cues active then, in their
    /// order, or `vtte`. Stretches that round to no time in `timescale` are left out.
    private static func samples(
        pieces: [WebVTTSample.Cue], spans: [(start: MediaTime, end: MediaTime)], boundaries: [MediaTime],
        timescale: Int32
    ) throws(CaptionTracksError) -> [NewTrack.Sample] {
        let byStart = spans.indices.sorted { spans[$0].start < spans[$1].start }
        var next = 0
        var active: [Int] = []  // cue indices, ascending
        var samples: [NewTrack.Sample] = []
        let units = boundaries.map { $0.convertedToTimescale(timescale) }
        for i in 0..<(boundaries.count - 1) {
            let t = boundaries[i]
            active.removeAll { spans[$0].end <= t }
            while next < byStart.count, spans[byStart[next]].start <= t {
                let cue = byStart[next]
                active.insert(cue, at: active.firstIndex { $0 > cue } ?? active.count)
                next += 1
            }
            let duration = units[i + 1] - units[i]
            guard duration > 0 else { continue }
            guard let d = UInt32(exactly: duration) else {
                throw CaptionTracksError(
                    .cannotWrite, "a stretch of \(duration) units at \(timescale) a second is too long for a sample")
            }
            samples.append(NewTrack.Sample(data: WebVTTSample(cues: active.map { pieces[$0] }).bytes, duration: d))
        }
        return samples
    }
}
