import CaptionCore
import ISOBMFF

/// Builds a QuickTime closed-caption track (`clcp` handler, `c608` sample description) from
/// the byte pairs of each line-21 frame (QuickTime File Format, "Closed captioning media").
///
/// One sample per line-21 frame that carries data (the schedule's rate, 29.97 fps), holding
/// that frame's pair of each field (`cdat`, and `cdt2` when field 2 has data); a sample lasts
/// until the next one, which QTFF says a reader treats as null pairs for the frames in between.
/// One pair a sample puts each pair at its own time whether a reader spaces a sample's pairs a
/// video frame apart (QTFF's words) or 1/29.97 s apart (Apple's players, CCExtractor). An empty
/// edit delays the first sample to its frame (ISO/IEC 14496-12 §8.6.6). The video refers to the
/// track with a `clcp` track reference, as QTFF asks.
public struct C608TrackBuilder: Sendable {
    public var quickTime: Bool
    public var language: LanguageTag

    public init(quickTime: Bool, language: LanguageTag) {
        self.quickTime = quickTime
        self.language = language
    }

    /// The track for `schedule`, referred to by the video track `videoTrackID`.
    public func track(for schedule: CEA608FrameSchedule, videoTrackID: UInt32) throws(CaptionTracksError) -> NewTrack {
        guard let first = schedule.entries.first else {
            throw CaptionTracksError(.cannotWrite, "no caption data to write")
        }
        let rate = schedule.rate
        // Whole frames in at least millisecond units: 30000/1001 fps gives 30000 units a second
        // and 1001 a frame, 25 fps 1000 and 40, 24 fps 3000 and 125.
        let timescale = Int64(rate.millisecondTimescale)
        let frameUnits = Int64(rate.seconds) * (timescale / Int64(rate.frames))
        var samples: [NewTrack.Sample] = []
        samples.reserveCapacity(schedule.entries.count)
        for (i, e) in schedule.entries.enumerated() {
            let next = i + 1 < schedule.entries.count ? schedule.entries[i + 1].frame : e.frame + 1
            let (units, overflow) = (next - e.frame).multipliedReportingOverflow(by: frameUnits)
            guard !overflow, let duration = UInt32(exactly: units) else {
                throw CaptionTracksError(
                    .cannotWrite, "a gap of \(next - e.frame) frames between caption data is too long for one sample")
            }
            let sample = C608Sample(field1: e.field1.map { [$0] } ?? [], field2: e.field2.map { [$0] } ?? [])
            samples.append(NewTrack.Sample(data: sample.bytes, duration: duration))
        }
        return try ClosedCaptionTrack.make(
            format: "c608", quickTime: quickTime, language: language, timescale: timescale, frameUnits: frameUnits,
            start: first.frame, samples: samples, videoTrackID: videoTrackID)
    }
}
