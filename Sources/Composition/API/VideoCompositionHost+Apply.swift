import CaptionCore
import Media

extension VideoCompositionHost {
    /// Makes `composition` draw every frame (AVFoundation's `videoComposition` property), of an
    /// export or of an image generator, over an asset or a timeline: the composition is validated
    /// against the source's video tracks, its duration and `sampleDataTracks` first, and its
    /// runner is added to the compositors after any already there.
    @discardableResult
    public func apply(_ composition: VideoComposition, sampleDataTracks: [SampleDataTrack] = []) throws
        -> VideoCompositionRunner
    {
        let runner = try source.runner(for: composition, sampleDataTracks: sampleDataTracks)
        compositors.append(runner)
        return runner
    }
}

extension MediaSource {
    /// The runner of `composition` once it is checked against this source: the duration it must
    /// cover and the video track IDs its instructions may name.
    fileprivate func runner(for composition: VideoComposition, sampleDataTracks: [SampleDataTrack]) throws
        -> VideoCompositionRunner
    {
        let duration: MediaTime
        let videoIDs: Set<CompositionTrackID>
        switch self {
        case .asset(let asset):
            let description = try asset.loadDescription()
            let video = description.tracks.filter { $0.mediaType == .video }
            guard !video.isEmpty else {
                throw MediaFileError.noVideoTrack(path: asset.path, found: "no video track for the composition")
            }
            duration = description.duration ?? .zero
            videoIDs = Set(video.map { CompositionTrackID(clamping: $0.trackID) })
        case .timeline(let timeline):
            duration = timeline.duration
            videoIDs = Set(timeline.tracks.filter { $0.mediaType == .video }.map { CompositionTrackID(clamping: $0.trackID) })
        }
        try composition.validate(
            duration: duration, videoTrackIDs: videoIDs, sampleDataTrackIDs: Set(sampleDataTracks.map(\.trackID)))
        return VideoCompositionRunner(composition: composition, sampleDataTracks: sampleDataTracks)
    }
}
