import CaptionCore

extension CaptionRenderer {
    /// Paints the captions on screen at `time` straight into the planes of a video picture
    /// (yuv420p, yuvj420p, nv12 or yuv420p10le), converting each layer's colour once with the
    /// planes' matrix and range. ``bounds`` must be the picture's size.
    package func render(at time: MediaTime, into planes: YCbCrPlanes) throws(RenderError) {
        guard planes.width == bounds.width, planes.height == bounds.height, planes.isConsistent else {
            throw .invalidSize(width: planes.width, height: planes.height)
        }
        let layers = try layers(at: time)
        guard !layers.isEmpty else { return }
        Compositor().composite(layers, into: planes, flashOn: CaptionFlash.isOn(at: time, period: options.flashPeriod))
    }

    /// Paints the captions on screen at `time` over the RGBA pixels of a picture of ``bounds``
    /// (an overlay-only frame: transparent where nothing is drawn).
    package func render(at time: MediaTime, into plane: RGBAPlane) throws(RenderError) {
        guard plane.width == bounds.width, plane.height == bounds.height, plane.isConsistent else {
            throw .invalidSize(width: plane.width, height: plane.height)
        }
        let layers = try layers(at: time)
        guard !layers.isEmpty else { return }
        Compositor().composite(layers, into: plane, flashOn: CaptionFlash.isOn(at: time, period: options.flashPeriod))
    }

    /// Whether anything is drawn at `time` (so a caller can leave a frame untouched).
    package func drawsSomething(at time: MediaTime) throws(RenderError) -> Bool {
        let flashOn = CaptionFlash.isOn(at: time, period: options.flashPeriod)
        return try layers(at: time).contains { !($0.flashes && !flashOn) && $0.color.alpha > 0 }
    }
}

/// CEA-608 flashing (47 CFR §15.119(h)(1), "Flash On"; Specs/scc.md): the text shows in the first half of each
/// period and is hidden in the second.
enum CaptionFlash {
    static func isOn(at time: MediaTime, period: MediaTime) -> Bool {
        let p = period.seconds
        guard p > 0, time.isNumeric else { return true }
        let phase = time.seconds.truncatingRemainder(dividingBy: p)
        return (phase < 0 ? phase + p : phase) < p / 2
    }
}
