import CaptionCore
import Media

extension ExportSession {
    /// Makes `composition` draw every frame of the export (AVFoundation's
    /// `videoComposition` property): the composition is validated against the asset's video
    /// track and `sampleDataTracks` first, and its runner is added to the per-frame chain after
    /// any compositors already there.
    @discardableResult
    public func apply(_ composition: VideoComposition, sampleDataTracks: [SampleDataTrack]) throws
        -> VideoCompositionRunner
    {
        let description = try asset.loadDescription()
        guard let video = description.tracks.first(where: { $0.mediaType == .video }) else {
            throw MediaFileError.noVideoTrack(path: asset.path, found: "no video track for the composition")
        }
        let videoIDs = Set(description.tracks.filter { $0.mediaType == .video }.map { CompositionTrackID($0.trackID) })
        try composition.validate(
            duration: description.duration ?? .zero, videoTrackIDs: videoIDs,
            sampleDataTrackIDs: Set(sampleDataTracks.map(\.trackID)))
        let runner = VideoCompositionRunner(
            composition: composition, videoTrackID: CompositionTrackID(video.trackID),
            sampleDataTracks: sampleDataTracks)
        compositors.append(runner)
        return runner
    }
}
