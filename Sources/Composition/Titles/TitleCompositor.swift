import CaptionCore
import Media
import Render

/// Draws ``TitleLayer``s on the movie's frames after the composition (a ``VideoCompositing`` in
/// the export's chain), the role of `AVVideoCompositionCoreAnimationTool`: each title's text is
/// rasterized by Render's ``TextRasterizer`` (once per pixel size: a scale keyframe re-renders
/// at the new size rather than stretching a bitmap) and blended straight into the frame's planes
/// with its opacity, as the caption compositor blends captions. A frame with no title showing is
/// left untouched.
public final class TitleCompositor: VideoCompositing {
    public let titles: [TitleLayer]
    private let fonts: any FontProvider
    private var text: TextRasterizer?
    /// Each line's bitmap at a pixel size, with whether it has any ink (a line of spaces has
    /// none and is not drawn): both made once, not on every frame.
    private var cache: [String: (bitmap: TextBitmap, inked: Bool)] = [:]
    /// Per title, its last turned mask and what it was turned from (the lines' pixel size, the
    /// angle, the pivot's offset in the mask), so that a title turned by a steady angle is
    /// turned once, not on every frame.
    private var turnedMasks: [Int: (key: [Double], image: CaptionImage)] = [:]
    private var target = FrameTarget.planes(.planar8, YCbCrConversion(matrix: .bt709, limitedRange: true))
    private var size = (width: 0, height: 0)
    /// Frames a title was drawn on.
    public private(set) var framesDrawn = 0
    /// Turned masks made (a title turned by a steady angle that stands still reuses its own).
    public private(set) var masksTurned = 0

    public init(titles: [TitleLayer], fonts: any FontProvider) {
        self.titles = titles
        self.fonts = fonts
    }

    public var supportedPixelFormats: Set<PixelFormat> { FrameTarget.pixelFormats }

    public func prepare(for format: VideoFrameFormat) throws {
        text = try TextRasterizer(fonts: fonts)
        target = try FrameTarget(format)
        size = (format.width, format.height)
    }

    /// The layers of the titles showing at `time`, in picture pixels (for tests and images too):
    /// one per non-empty line. A title's lines are stacked a line spacing of the font apart,
    /// the first line's top at the block's top, the block (the widest line by the first line's
    /// top to the last line's bottom) centred on the title's position, each line placed
    /// against the block's left edge, centre or right edge by the title's alignment.
    public func layers(at time: MediaTime) throws -> [CaptionImage] {
        guard let text else { return [] }
        var out: [CaptionImage] = []
        for (index, title) in titles.enumerated() {
            guard let s = title.state(at: time), s.opacity > 0 else { continue }
            let pixelSize = max(4, (title.size * Double(size.height) * s.scale).rounded())
            let lines = try title.lines.map { try bitmap(of: $0, pixelSize: pixelSize, text) }
            guard let first = lines.first?.bitmap else { continue }
            let spacing = lines.count > 1 ? try text.lineSpacing(pixelSize: pixelSize) : 0
            let blockWidth = Double(lines.map(\.bitmap.width).max() ?? 0)
            let blockHeight = spacing * Double(lines.count - 1) + Double(first.height)
            let left = s.x * Double(size.width) - blockWidth / 2
            let top = s.y * Double(size.height) - blockHeight / 2
            var color = title.color
            color.alpha = UInt8((Double(color.alpha) * min(1, s.opacity)).rounded())
            var placed: [CaptionImage] = []
            for (i, (line, inked)) in lines.enumerated() where inked {
                let x: Double
                switch title.alignment {
                case .left: x = left
                case .center: x = left + (blockWidth - Double(line.width)) / 2
                case .right: x = left + blockWidth - Double(line.width)
                }
                let y = top + spacing * Double(i)
                placed.append(
                    CaptionImage(
                        content: .bitmap(line.bitmap), x: Int(x.rounded()), y: Int(y.rounded()), color: color))
            }
            let turn = s.rotation.truncatingRemainder(dividingBy: 360)
            if abs(turn) < 0.01 || placed.isEmpty {
                out += placed
            } else {
                let pivot = (x: s.x * Double(size.width), y: s.y * Double(size.height))
                out.append(
                    rotatedBlock(
                        placed, clockwise: turn, about: pivot, color: color, title: index, pixelSize: pixelSize))
            }
        }
        return out
    }

    /// The lines of one title drawn into one mask and turned about `pivot` (picture pixels:
    /// the title's position, the centre of its block).
    private func rotatedBlock(
        _ lines: [CaptionImage], clockwise degrees: Double, about pivot: (x: Double, y: Double), color: CaptionColor,
        title: Int, pixelSize: Double
    ) -> CaptionImage {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for l in lines {
            guard case .bitmap(let b) = l.content else { continue }
            minX = min(minX, l.x)
            minY = min(minY, l.y)
            maxX = max(maxX, l.x + b.width)
            maxY = max(maxY, l.y + b.height)
        }
        // The mask depends on the lines (their text is the title's, their bitmaps the pixel
        // size's), their places relative to one another and the pivot, and the angle; the
        // colour and the block's place in the picture are set on the cached image.
        let key =
            [pixelSize, degrees, pivot.x - Double(minX), pivot.y - Double(minY)]
            + lines.flatMap {
                [Double($0.x - minX), Double($0.y - minY)]
            }
        if let cached = turnedMasks[title], cached.key == key {
            var image = cached.image
            image.x += minX
            image.y += minY
            image.color = color
            return image
        }
        let width = max(1, maxX - minX), height = max(1, maxY - minY)
        var pixels = [UInt8](repeating: 0, count: width * height)
        for l in lines {
            guard case .bitmap(let b) = l.content else { continue }
            for row in 0..<b.height {
                let y = l.y - minY + row
                for col in 0..<b.width {
                    let i = y * width + l.x - minX + col
                    pixels[i] = max(pixels[i], b.pixels[row * b.width + col])
                }
            }
        }
        let turned = AlphaBitmap(width: width, height: height, pixels: pixels).rotated(
            clockwise: degrees, about: (pivot.x - Double(minX), pivot.y - Double(minY)))
        masksTurned += 1
        turnedMasks[title] = (
            key, CaptionImage(content: .bitmap(turned.bitmap), x: turned.x, y: turned.y, color: color)
        )
        return CaptionImage(content: .bitmap(turned.bitmap), x: minX + turned.x, y: minY + turned.y, color: color)
    }

    /// One line at `pixelSize`, rasterized once and cached.
    private func bitmap(of line: String, pixelSize: Double, _ text: TextRasterizer) throws -> (
        bitmap: TextBitmap, inked: Bool
    ) {
        let key = "\(Int(pixelSize))\u{0}\(line)"
        if let cached = cache[key] { return cached }
        let bitmap = try text.render(line, pixelSize: pixelSize)
        let entry = (bitmap: bitmap, inked: bitmap.bitmap.pixels.contains { $0 != 0 })
        if cache.count > 256 { cache.removeAll() }
        cache[key] = entry
        return entry
    }

    public func compose(_ request: VideoCompositionRequest) throws {
        let frame = request.destinationFrame
        let layers = try layers(at: request.compositionTime)
        guard !layers.isEmpty else { return }
        try target.draw(
            into: frame, planes: { LayerBlending.composite(layers, into: $0) },
            rgba: { LayerBlending.composite(layers, into: $0) })
        framesDrawn += 1
    }
}
