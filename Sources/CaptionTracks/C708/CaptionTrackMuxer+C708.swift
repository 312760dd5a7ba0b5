import CaptionCore
import CaptionData
import ISOBMFF

extension CaptionTrackMuxer {
    /// A `c708` track carrying `schedule`'s CEA-608 words and `document` as CEA-708 service 1,
    /// one CDP a frame at the video's rate (``C708TrackBuilder``), made as the MCC writer makes
    /// its lines (``A53FrameCaptions``, ``DTVCCService``): the words on line 21's frames spread
    /// over the pictures, the service data in the constructs they leave. The first CDP's
    /// `ccsvcinfo` names the CEA-608 fields carried and service 1, in `language`.
    public func c708Track(_ schedule: CEA608FrameSchedule, service document: CaptionDocument, language: LanguageTag)
        throws(CaptionTracksError) -> (track: NewTrack, diagnostics: [Diagnostic])
    {
        let (video, clock) = try video()
        let rate = clock.rate
        guard CDP.frameRateCode(for: rate) != nil else {
            throw CaptionTracksError(
                .cannotWrite,
                "the video is at \(rate) fps, a rate a CDP cannot name (SMPTE ST 334-2 names 23.976, 24, 25, 29.97, 30, 50, 59.94 and 60): no c708 track",
                file: movie.fileName)
        }
        let service = DTVCCService(document, rate: rate)
        let captions = A53FrameCaptions(schedule: schedule, videoRate: rate, attaches: true, dtvcc: [service])
        let frames = captions.dataFrames
        var diagnostics = notes(on: schedule, end: rate.time(ofFrame: max(frames.lowerBound, frames.upperBound - 1)))
        diagnostics += service.diagnostics
        let tag = language.iso639_2
        var services: [CDP.Service] = []
        if schedule.entries.contains(where: { $0.field1 != nil }) {
            services.append(CDP.Service(language: tag, kind: .line21(.one)))
        }
        if schedule.entries.contains(where: { $0.field2 != nil }) {
            services.append(CDP.Service(language: tag, kind: .line21(.two)))
        }
        if !service.frames.isEmpty { services.append(CDP.Service(language: tag, kind: .digital(service: 1))) }
        let track = try C708TrackBuilder(quickTime: isQuickTime, language: language).track(
            for: captions, serviceInfo: CDP.ServiceInfo(services: services), videoTrackID: video.id)
        return (track, diagnostics)
    }
}
