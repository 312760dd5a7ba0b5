import CaptionCore
import Media

/// The built-in compositor of compositions, what AVFoundation's default video compositor does
/// with layer instructions: it draws the instruction's layers bottom to top (the first layer
/// instruction is on top) into a new black frame, each with its opacity and
/// transform at the frame's time and its crop. Layers below an opaque, untransformed, uncropped
/// one are skipped, since they cannot show; such a layer is a straight row copy.
public final class LayerInstructionCompositor: VideoCompositing {
    /// Frames drawn.
    public private(set) var framesDrawn = 0

    public init() {}

    public var supportedPixelFormats: Set<PixelFormat> { [.yuv420p, .yuvj420p] }

    public func compose(_ request: VideoCompositionRequest) throws {
        let time = request.compositionTime
        // The layers are this type's own instruction's; any other instruction has none.
        let instruction = request.instruction as? VideoCompositionInstruction
        let output = try request.makeBlackFrame()
        var layers: [(VideoFrame, PlaneLayerDrawer.Layer)] = []
        for instruction in instruction?.layerInstructions ?? [] {
            guard let frame = request.sourceFrame(byTrackID: instruction.trackID) else { continue }
            let layer = PlaneLayerDrawer.Layer(
                opacity: instruction.opacity(at: time), transform: instruction.transform(at: time),
                crop: instruction.cropRectangle)
            layers.append((frame, layer))
            if layer.isOpaqueAndFull { break }
        }
        try request.finish(withComposedVideoFrame: output)
        guard !layers.isEmpty else { return }
        try output.makeWritable()
        try output.withPlanes { destination in
            for (frame, layer) in layers.reversed() {
                guard frame.width == output.width, frame.height == output.height else {
                    throw MediaFileError.notSupported(
                        "a layer of \(frame.width)x\(frame.height) in a composition of \(output.width)x\(output.height)"
                    )
                }
                frame.withPlanes { source in
                    PlaneLayerDrawer.draw(
                        layer, from: source, into: destination, width: output.width, height: output.height)
                }
            }
        }
        framesDrawn += 1
    }
}
