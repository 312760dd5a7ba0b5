import CaptionCore
import CaptionData
import ISOBMFF

extension CaptionTrackMuxer {
    /// The languages a `c708` track's `ccsvcinfo` names (SMPTE ST 334-2 §5.3 `language`, CTA-708-E
    /// §4.4 caption service descriptor), each CEA-608 field's and each CEA-708 service's; one not
    /// given here is the track's.
    public struct ServiceLanguages: Sendable, Hashable {
        public var fields: [CaptionField: LanguageTag]
        public var services: [Int: LanguageTag]

        public init(fields: [CaptionField: LanguageTag] = [:], services: [Int: LanguageTag] = [:]) {
            self.fields = fields
            self.services = services
        }
    }

    /// A `c708` track carrying `schedule`'s CEA-608 words and `documents` as CEA-708 services 1,
    /// 2, … (the first file's captions, then the next channel's), one CDP a frame at the video's
    /// rate (``C708TrackBuilder``), made as the MCC writer makes its lines (``A53FrameCaptions``,
    /// ``DTVCCService``): the words on line 21's frames spread over the pictures, the service data
    /// in the constructs they leave, shared as `export --embed sei` shares them. The first CDP's
    /// `ccsvcinfo` names the CEA-608 fields carried and the services, each in its language of
    /// `languages`, else in `language`.
    public func c708Track(
        _ schedule: CEA608FrameSchedule, services documents: [CaptionDocument], language: LanguageTag,
        languages: ServiceLanguages = .init()
    ) throws(CaptionTracksError) -> (track: NewTrack, diagnostics: [Diagnostic]) {
        let rate = try cdpRate()
        let services = documents.enumerated().map {
            DTVCCService($1, rate: rate, service: $0 + 1, sharedBy: documents.count)
        }
        return try c708Track(schedule, services: services, language: language, languages: languages)
    }

    /// A `c708` track carrying `schedule`'s CEA-608 words and `services`' data already placed on
    /// the video's frames (from its first): what `export --embed track --as c708` adds to the
    /// movie it has written, with the data its pictures were given
    /// (``A53FrameCaptions/carriedServices``).
    public func c708Track(
        _ schedule: CEA608FrameSchedule, services: [DTVCCService], language: LanguageTag,
        languages: ServiceLanguages = .init()
    ) throws(CaptionTracksError) -> (track: NewTrack, diagnostics: [Diagnostic]) {
        let rate = try cdpRate()
        let (video, _) = try video()
        let captions = A53FrameCaptions(schedule: schedule, videoRate: rate, attaches: true, dtvcc: services)
        let frames = captions.dataFrames
        var diagnostics = notes(on: schedule, end: rate.time(ofFrame: max(frames.lowerBound, frames.upperBound - 1)))
        diagnostics += services.flatMap(\.diagnostics)
        var announced: [CDP.Service] = []
        if schedule.entries.contains(where: { $0.field1 != nil }) {
            announced.append(CDP.Service(language: (languages.fields[.one] ?? language).iso639_2, kind: .line21(.one)))
        }
        if schedule.entries.contains(where: { $0.field2 != nil }) {
            announced.append(CDP.Service(language: (languages.fields[.two] ?? language).iso639_2, kind: .line21(.two)))
        }
        for service in services where !service.frames.isEmpty {
            let tag = (languages.services[service.service] ?? language).iso639_2
            announced.append(CDP.Service(language: tag, kind: .digital(service: service.service)))
        }
        let track = try C708TrackBuilder(quickTime: isQuickTime, language: language).track(
            for: captions, serviceInfo: CDP.ServiceInfo(services: announced), videoTrackID: video.id)
        return (track, diagnostics)
    }

    /// The video's frame rate, which a CDP must name (SMPTE ST 334-2 `cdp_frame_rate`).
    private func cdpRate() throws(CaptionTracksError) -> FrameRate {
        let rate = try video().1.rate
        guard CDP.frameRateCode(for: rate) != nil else {
            throw CaptionTracksError(
                .cannotWrite,
                "the video is at \(rate) fps, a rate a CDP cannot name (SMPTE ST 334-2 names 23.976, 24, 25, 29.97, 30, 50, 59.94 and 60): no c708 track",
                file: movie.fileName)
        }
        return rate
    }
}
