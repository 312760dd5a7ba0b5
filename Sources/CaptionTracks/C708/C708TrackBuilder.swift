import CaptionCore
import CaptionData
import ISOBMFF

/// Builds a QuickTime closed-caption track (`clcp` handler, `c708` sample description) holding
/// one CDP a video frame (QuickTime File Format, "Closed captioning media"; SMPTE ST 334-2).
///
/// One sample per frame of the video's rate over ``A53FrameCaptions/dataFrames``, each one
/// `ccdp` atom with that frame's CDP (``A53FrameCaptions/cdp(forFrame:serviceInfo:)``: the
/// CEA-608 pairs and the CEA-708 service data, as an MCC file of the same captions carries
/// them), lasting one frame: GStreamer's `qtdemux` hands each sample's first `ccdp` atom on as
/// the CDP of its time, and a CDP's counter says one frame. An empty edit delays the first
/// sample to its frame (ISO/IEC 14496-12 §8.6.6); the video refers to the track with a `clcp`
/// track reference, as QTFF asks.
public struct C708TrackBuilder: Sendable {
    public var quickTime: Bool
    public var language: LanguageTag

    public init(quickTime: Bool, language: LanguageTag) {
        self.quickTime = quickTime
        self.language = language
    }

    /// The track of `captions`' CDPs, the first with `serviceInfo`, referred to by the video
    /// track `videoTrackID`.
    public func track(for captions: A53FrameCaptions, serviceInfo: CDP.ServiceInfo?, videoTrackID: UInt32)
        throws(CaptionTracksError) -> NewTrack
    {
        let frames = captions.dataFrames
        guard !frames.isEmpty else { throw CaptionTracksError(.cannotWrite, "no caption data to write") }
        let rate = captions.videoRate
        // Whole frames in at least millisecond units (30000 a second and 1001 a frame at 29.97).
        let timescale = Int64(rate.millisecondTimescale)
        let frameUnits = Int64(rate.seconds) * (timescale / Int64(rate.frames))
        guard let duration = UInt32(exactly: frameUnits) else {
            throw CaptionTracksError(.cannotWrite, "a frame at \(rate) fps cannot be a sample's duration")
        }
        var samples: [NewTrack.Sample] = []
        samples.reserveCapacity(Int(clamping: frames.count))
        for n in frames {
            guard let cdp = captions.cdp(forFrame: n, serviceInfo: n == frames.lowerBound ? serviceInfo : nil),
                let packet = cdp.bytes
            else {
                throw CaptionTracksError(
                    .cannotWrite, "the video's rate, \(rate) fps, has no CDP frame rate (SMPTE ST 334-2): no c708 track"
                )
            }
            samples.append(NewTrack.Sample(data: C708Sample(packets: [packet]).bytes, duration: duration))
        }
        return try ClosedCaptionTrack.make(
            format: "c708", quickTime: quickTime, language: language, timescale: timescale, frameUnits: frameUnits,
            start: frames.lowerBound, samples: samples, videoTrackID: videoTrackID)
    }
}
