/// Blends layers (coverage masks or rectangles in a colour, back to front) into pictures: the
/// same blending the caption renderer uses, for layers drawn by others (the GPS dashboard).
public enum LayerBlending {
    /// Into an RGBA picture (previews, tests, the README frame).
    public static func composite(_ layers: [CaptionImage], into image: inout RGBAImage) {
        Compositor().composite(layers, into: &image, flashOn: true)
    }

    /// Straight into a 4:2:0 picture's planes, with their matrix and range; only the pixels
    /// inside each layer's box are visited.
    package static func composite(_ layers: [CaptionImage], into planes: YCbCrPlanes) {
        Compositor().composite(layers, into: planes, flashOn: true)
    }

    /// Into RGBA pixels owned by someone else (an overlay-only frame), with straight-alpha "over".
    package static func composite(_ layers: [CaptionImage], into plane: RGBAPlane) {
        Compositor().composite(layers, into: plane, flashOn: true)
    }
}
