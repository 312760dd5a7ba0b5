import CaptionCore
import ISOBMFF

/// Builds a `tx3g` subtitle track (FFmpeg's `mov_text`) from captions: one sample per stretch
/// of time in which the same captions are on screen, an empty sample where none is, from movie
/// time zero to the last caption's end (3GPP TS 26.245 §5.17: samples are shown one after the
/// other, never overlapping). Captions on screen together share a sample, one after the other
/// on their own lines, in document order. What the track cannot show of them is reported
/// (``losses(of:)``).
public struct MovTextTrackBuilder: Sendable {
    /// Handler `sbtl` as Apple's players and FFmpeg's muxer write it (TS 26.245 names `text`;
    /// FFmpeg and QuickTime read both).
    public var quickTime: Bool
    public var language: LanguageTag

    public init(quickTime: Bool, language: LanguageTag) {
        self.quickTime = quickTime
        self.language = language
    }

    /// The track of `captions` alone: ``track(for:frameRate:alternateGroup:enabled:fileName:)``
    /// of a document holding only them, so what the document holds beside its captions is not
    /// reported.
    public func track(
        for captions: [Caption], frameRate: FrameRate?, alternateGroup: Int16, enabled: Bool
    ) throws(CaptionTracksError) -> (track: NewTrack, diagnostics: [Diagnostic]) {
        try track(
            for: CaptionDocument(captions: captions), frameRate: frameRate, alternateGroup: alternateGroup,
            enabled: enabled)
    }

    /// The track of `document`'s captions, in the first timescale that holds every caption time
    /// exactly (1000, the document's frame rate in at least millisecond units, 90000…), else
    /// 1000 with times rounded to the millisecond (reported). What the track cannot show, of the
    /// captions it shows and of the document, is a warning per kind naming the captions
    /// (1-based, in the document); `fileName` locates the findings.
    public func track(
        for document: CaptionDocument, frameRate: FrameRate?, alternateGroup: Int16, enabled: Bool,
        fileName: String? = nil
    ) throws(CaptionTracksError) -> (track: NewTrack, diagnostics: [Diagnostic]) {
        let captions = document.captions
        let here = DiagnosticLocation(file: fileName)
        let timed = captions.indices.filter {
            captions[$0].timeRange.start.isNumeric && captions[$0].timeRange.end.isNumeric
        }
        var diagnostics: [Diagnostic] = []
        if timed.count < captions.count {
            diagnostics.append(
                Diagnostic(
                    .warning, "tracks.untimed",
                    "\(captions.count - timed.count) caption(s) without a numeric time range left out", at: here))
        }
        var boundaries = Set<MediaTime>([.zero])
        var noted: [String: Set<Int>] = [:]
        for k in timed
        where captions[k].timeRange.end > captions[k].timeRange.start && captions[k].timeRange.end > .zero {
            boundaries.insert(max(.zero, captions[k].timeRange.start))
            boundaries.insert(captions[k].timeRange.end)
            for name in Self.losses(of: captions[k]) { noted[name, default: []].insert(k) }
        }
        let sorted = boundaries.sorted()
        guard sorted.count >= 2 else {
            throw CaptionTracksError(.cannotWrite, "no caption with a time range after the movie's start to write")
        }
        let (timescale, exact) = Self.timescale(for: sorted, frameRate: frameRate)
        if !exact {
            diagnostics.append(
                Diagnostic(
                    .info, "tracks.rounded", "caption times rounded to the millisecond (the track's timescale is 1000)",
                    at: here))
        }
        let units = sorted.map { $0.convertedToTimescale(timescale) }
        var samples: [NewTrack.Sample] = []
        var previous: [UInt8]?
        for i in 0..<(sorted.count - 1) {
            let start = sorted[i]
            let on = timed.filter { captions[$0].timeRange.start <= start && start < captions[$0].timeRange.end }
            var runs: [CaptionRun] = []
            for (n, k) in on.enumerated() {
                if n > 0 { runs.append(CaptionRun("\n")) }
                runs += captions[k].runs
            }
            // The 16-bit text length (§5.17): the sample writer cuts longer text at a character.
            if runs.reduce(0, { $0 + $1.text.utf8.count }) > Int(UInt16.max) {
                noted[Self.cutText, default: []].formUnion(on)
            }
            let data = MovTextSample(runs: runs).bytes()
            let duration = units[i + 1] - units[i]
            guard duration > 0 else { continue }
            guard let d = UInt32(exactly: duration) else {
                throw CaptionTracksError(
                    .cannotWrite, "a stretch of \(duration) units at \(timescale) a second is too long for a sample")
            }
            if data == previous, let last = samples.last,
                let merged = UInt32(exactly: UInt64(last.duration) + UInt64(d))
            {
                samples[samples.count - 1].duration = merged
            } else {
                samples.append(NewTrack.Sample(data: data, duration: d))
            }
            previous = data
        }
        var track = NewTrack(
            handlerType: "sbtl", handlerName: quickTime ? "Subtitle Media Handler" : "SubtitleHandler",
            mediaHeader: quickTime ? .generic(extra: []) : .null, sampleEntry: MovTextSampleEntry.bytes(),
            timescale: UInt32(timescale), samples: samples, language: language.iso639_2,
            trackFlags: enabled ? 0x3 : 0x2)
        track.alternateGroup = alternateGroup
        track.extendedLanguage = language.bcp47
        diagnostics += Self.lossDiagnostics(noted, document: document.ttmlDocumentLosses, fileName: fileName)
        return (track, diagnostics)
    }

    /// A timescale in which every time is a whole number, and whether one was found.
    static func timescale(for times: [MediaTime], frameRate: FrameRate?, also: [Int32] = []) -> (Int32, Bool) {
        var candidates: [Int32] = [1000]
        if let frameRate { candidates.append(frameRate.millisecondTimescale) }
        candidates += [90000, 30000, 24000, 48000] + also.filter { $0 > 0 }
        for t in candidates where times.allSatisfy({ $0.isExactlyRepresentable(inTimescale: t) }) { return (t, true) }
        return (1000, false)
    }
}

extension MediaTime {
    /// Whether the time is a whole number of 1/`timescale` seconds.
    func isExactlyRepresentable(inTimescale timescale: Int32) -> Bool {
        (try? converted(toTimescale: timescale, rounding: .exact)) != nil
    }

    /// The time in units of 1/`timescale` s, to the nearest unit.
    func convertedToTimescale(_ timescale: Int32) -> Int64 {
        (try? converted(toTimescale: timescale, rounding: .nearestOrAwayFromZero))?.value ?? 0
    }
}

extension FrameRate {
    /// The least common multiple of the rate's frame count and 1000: a timescale in which every
    /// frame starts on a whole unit and units are at most a millisecond (30000 for 29.97 fps,
    /// 1000 for 25, 3000 for 24); 1000 × frames when that overflows.
    var millisecondTimescale: Int32 {
        var a = Int64(frames)
        var b: Int64 = 1000
        while b != 0 { (a, b) = (b, a % b) }
        return Int32(exactly: Int64(frames) / a * 1000) ?? frames
    }
}
