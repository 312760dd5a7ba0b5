import CaptionCore
import Media
import Metadata

/// Drives a ``VideoComposition`` from an export's or an image generator's compositors (it is the
/// one ``VideoCompositing`` they need for a composition, over an asset or a timeline alike): for
/// each request it finds the instruction in force, gathers the group and the sample in force of
/// every sample-data track the instruction requires, and hands the composition's compositor the
/// request as seen under that instruction (``VideoCompositionRequest/applying(_:timedMetadata:sampleBuffers:)``).
public final class VideoCompositionRunner: VideoCompositing {
    public let composition: VideoComposition
    private let tracks: [CompositionTrackID: SampleDataTrack]
    private var lastInstruction = 0
    /// Requests made.
    public private(set) var requestCount = 0

    public init(composition: VideoComposition, sampleDataTracks: [SampleDataTrack] = []) {
        self.composition = composition
        self.tracks = Dictionary(sampleDataTracks.map { ($0.trackID, $0) }, uniquingKeysWith: { a, _ in a })
    }

    public var supportedPixelFormats: Set<PixelFormat> { composition.compositor.supportedPixelFormats }

    public func prepare(for format: VideoFrameFormat) throws { try composition.compositor.prepare(for: format) }

    public func compose(_ request: VideoCompositionRequest) throws {
        let time = request.compositionTime
        let instruction = self.instruction(at: time)
        var metadata: [CompositionTrackID: TimedMetadataGroup] = [:]
        var samples: [CompositionTrackID: SampleBuffer] = [:]
        for id in instruction.requiredSourceSampleDataTrackIDs {
            guard let track = tracks[id] else { continue }
            metadata[id] = track.group(at: time)
            samples[id] = track.sample(at: time)
        }
        try composition.compositor.compose(
            request.applying(instruction, timedMetadata: metadata, sampleBuffers: samples))
        requestCount += 1
    }

    public func finish() throws { try composition.compositor.finish() }

    /// Frames come in time order, so the search starts at the last instruction used. A frame
    /// outside every instruction (a last frame that ends after the container's duration) takes
    /// the nearest instruction; a composition without instructions, an empty one.
    private func instruction(at time: MediaTime) -> VideoCompositionInstruction {
        let list = composition.instructions
        guard !list.isEmpty else { return VideoCompositionInstruction(timeRange: .zero) }
        if lastInstruction < list.count, list[lastInstruction].timeRange.contains(time) { return list[lastInstruction] }
        if let i = list.firstIndex(where: { $0.timeRange.contains(time) }) {
            lastInstruction = i
            return list[i]
        }
        return time < list[0].timeRange.start ? list[0] : list[list.count - 1]
    }
}
