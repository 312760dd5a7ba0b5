import Media
import Render

/// Overlays as PNG, with the codec `captions preview` writes its pictures with.
enum ReviewPNG {
    static func encode(_ image: RGBAImage) throws -> [UInt8] {
        try PNGCodec.encode(width: image.width, height: image.height, rgba: image.pixels)
    }
}
