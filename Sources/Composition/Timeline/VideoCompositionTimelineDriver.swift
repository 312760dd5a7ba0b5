import CaptionCore
import Media

/// Drives a ``VideoComposition`` from a timeline export (Media's ``TimelineFrameCompositor``):
/// for each output frame it finds the instruction in force and hands the composition's
/// compositor one ``VideoCompositionRequest`` with the frame of every video track playing then,
/// by track ID, and the export's black output frame as the destination. So a custom
/// ``VideoCompositing`` written for one movie draws compositions too, and the built-in
/// ``LayerInstructionCompositor`` draws cuts, cross-fades, transforms and crops.
public final class VideoCompositionTimelineDriver: TimelineFrameCompositor {
    public let composition: VideoComposition
    private var last = 0
    /// Requests made.
    public private(set) var requestCount = 0

    public init(composition: VideoComposition) {
        self.composition = composition
    }

    public var supportedPixelFormats: Set<PixelFormat> { composition.compositor.supportedPixelFormats }

    public func prepare(for format: VideoFrameFormat) throws { try composition.compositor.prepare(for: format) }

    public func compose(sources: [Int: VideoFrame], into output: VideoFrame, at time: MediaTime) throws {
        let instruction = self.instruction(at: time)
        var frames: [CompositionTrackID: VideoFrame] = [:]
        for id in instruction.sourceVideoTrackIDs {
            if let f = sources[Int(id)] { frames[id] = f }
        }
        let request = VideoCompositionRequest(
            compositionTime: time, instruction: instruction, sourceFrames: frames, destinationFrame: output,
            sourceTimedMetadata: [:], sourceSamples: [:])
        try composition.compositor.compose(request)
        requestCount += 1
    }

    public func finish() throws { try composition.compositor.finish() }

    /// Frames come in time order: the search starts at the last instruction used. A time past
    /// every instruction takes the nearest one.
    private func instruction(at time: MediaTime) -> VideoCompositionInstruction {
        let list = composition.instructions
        guard !list.isEmpty else { return VideoCompositionInstruction(timeRange: .zero) }
        if last < list.count, list[last].timeRange.contains(time) { return list[last] }
        if let i = list.firstIndex(where: { $0.timeRange.contains(time) }) {
            last = i
            return list[i]
        }
        return time < list[0].timeRange.start ? list[0] : list[list.count - 1]
    }
}
