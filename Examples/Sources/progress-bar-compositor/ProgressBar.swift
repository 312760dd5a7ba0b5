import Media

/// Draws a progress bar along the bottom of every frame: white for the part played, black for
/// the rest. It writes the destination frame's planes in place, as AVFoundation's custom
/// compositor writes its output buffer.
final class ProgressBar: VideoCompositing {
    let durationInSeconds: Double

    init(durationInSeconds: Double) {
        self.durationInSeconds = durationInSeconds
    }

    /// 8-bit 4:2:0 only; frames in another format are converted for it first.
    var supportedPixelFormats: Set<PixelFormat> { [.yuv420p] }

    func compose(_ request: VideoCompositionRequest) throws {
        let frame = request.destinationFrame
        let played = min(1, max(0, request.compositionTime.seconds / durationInSeconds))
        let filled = Int(Double(frame.width) * played)
        let barRows = max(2, frame.height / 12) & ~1
        let (white, black): (UInt8, UInt8) = frame.format.isFullRange ? (255, 0) : (235, 16)
        // Plane 0 is luma, one byte a pixel; rows of bytesPerRow bytes (padding after the pixels).
        try frame.withMutablePlane(0) { bytes, bytesPerRow, rows in
            for y in (rows - barRows)..<rows {
                for x in 0..<frame.width {
                    bytes[y * bytesPerRow + x] = x < filled ? white : black
                }
            }
        }
        // Planes 1 and 2 are Cb and Cr at half the width and height: 128 is grey.
        for plane in 1...2 {
            try frame.withMutablePlane(plane) { bytes, bytesPerRow, rows in
                for y in (rows - barRows / 2)..<rows {
                    for x in 0..<(frame.width + 1) / 2 {
                        bytes[y * bytesPerRow + x] = 128
                    }
                }
            }
        }
    }
}
