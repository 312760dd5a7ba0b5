import CaptionCore
import Media
import Metadata

/// Drives a ``VideoComposition`` from an export's per-frame chain: for each decoded frame it
/// finds the instruction in force, gathers the group in force of every sample-data track the
/// instruction requires, and hands the compositor one ``VideoCompositionRequest``. It is the
/// one ``FrameCompositor`` an export needs for a composition (``ExportSession/apply(_:sampleDataTracks:videoTrackID:)``).
public final class VideoCompositionRunner: FrameCompositor {
    public let composition: VideoComposition
    public let videoTrackID: CompositionTrackID
    private let tracks: [CompositionTrackID: SampleDataTrack]
    private var lastInstruction = 0
    /// Requests made.
    public private(set) var requestCount = 0

    public init(composition: VideoComposition, videoTrackID: CompositionTrackID, sampleDataTracks: [SampleDataTrack]) {
        self.composition = composition
        self.videoTrackID = videoTrackID
        self.tracks = Dictionary(sampleDataTracks.map { ($0.trackID, $0) }, uniquingKeysWith: { a, _ in a })
    }

    public var supportedPixelFormats: Set<PixelFormat> { composition.compositor.supportedPixelFormats }

    public func prepare(for format: VideoFrameFormat) throws { try composition.compositor.prepare(for: format) }

    public func composite(_ frame: VideoFrame, at time: MediaTime) throws {
        try composition.compositor.compose(request(at: time, frame: frame))
        requestCount += 1
    }

    public func finish() throws { try composition.compositor.finish() }

    /// The request for the frame at `time`. A frame outside every instruction (a last frame
    /// that ends after the container's duration) takes the nearest instruction.
    public func request(at time: MediaTime, frame: VideoFrame?) -> VideoCompositionRequest {
        let instruction = self.instruction(at: time)
        var metadata: [CompositionTrackID: TimedMetadataGroup] = [:]
        var samples: [CompositionTrackID: SampleBuffer] = [:]
        for id in instruction.requiredSourceSampleDataTrackIDs {
            guard let track = tracks[id] else { continue }
            metadata[id] = track.group(at: time)
            samples[id] = track.sample(at: time)
        }
        var frames: [CompositionTrackID: VideoFrame] = [:]
        if let frame {
            for id in instruction.sourceVideoTrackIDs where id == videoTrackID { frames[id] = frame }
        }
        return VideoCompositionRequest(
            compositionTime: time, instruction: instruction, sourceFrames: frames, destinationFrame: frame,
            sourceTimedMetadata: metadata, sourceSamples: samples)
    }

    /// Frames come in time order, so the search starts at the last instruction used.
    private func instruction(at time: MediaTime) -> VideoCompositionInstruction {
        let list = composition.instructions
        if lastInstruction < list.count, list[lastInstruction].timeRange.contains(time) { return list[lastInstruction] }
        if let i = list.firstIndex(where: { $0.timeRange.contains(time) }) {
            lastInstruction = i
            return list[i]
        }
        return (list.first.map { time < $0.timeRange.start } ?? true) ? list[0] : list[list.count - 1]
    }
}
