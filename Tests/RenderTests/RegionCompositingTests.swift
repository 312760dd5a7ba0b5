import CaptionCore
import Render
import TestSupport
import Testing

/// What a region does to everything drawn in it: cuts it to its area when its overflow is
/// hidden (TTML1 §8.2.15) and fades it as one group by its opacity (TTML1 §8.2.13).
@Suite struct RegionCompositingTests {
    typealias P = TTMLStylingPictures

    // MARK: - Overflow

    /// 10 %–30 % of 640 across and of 360 down: columns 64..<192, rows 36..<108.
    static let small = P.region(x: 10, y: 10, width: 20, height: 20)
    /// Three lines of ten W at 24 px: about 240 px wide and 90 px tall, past the region's
    /// 128 × 72 both ways.
    static let tooBig = CaptionRun(
        "WWWWWWWWWW\nWWWWWWWWWW\nWWWWWWWWWW", style: CaptionTextStyle(textColor: .white, fontSize: .cells(1)))

    static let ttmlDocument = CaptionDocument(metadata: [CaptionDocument.ttmlProfileKey: "imsc1.1-text"])

    static func inkOutsideTheRegion(_ image: RGBAImage) -> Int {
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width where !((64..<192).contains(x) && (36..<108).contains(y)) {
                if (image.pixel(x: x, y: y)?.alpha ?? 0) > 0 { count += 1 }
            }
        }
        return count
    }

    /// Hidden (the region's own, or TTML's initial value for a TTML document's region that
    /// gives none) leaves every pixel outside the region transparent; visible (the region's
    /// own, or the default for other documents) draws the text past it.
    @Test(
        arguments: [
            (CaptionRegion.Overflow.hidden, false, true), (.visible, false, false), (nil, true, true),
            (nil, false, false), (.visible, true, false),
        ] as [(CaptionRegion.Overflow?, Bool, Bool)])
    func hiddenOverflowCutsTheTextToTheRegion(overflow: CaptionRegion.Overflow?, ttml: Bool, cut: Bool) throws {
        var region = Self.small
        region.overflow = overflow
        var options = CaptionRenderOptions(outlineWidth: 0)
        if ttml { options = options.adopting(Self.ttmlDocument) }
        let image = try P.render([P.caption([Self.tooBig], in: region)], options: options)
        let box = try #require(P.ink(image), "something is drawn")
        #expect(box.minX >= 64 && box.minY >= 36, "the text starts in the region: \(box)")
        if cut {
            #expect(Self.inkOutsideTheRegion(image) == 0)
            #expect(box.maxX == 191 || box.maxY == 107, "cut at the region's edge: \(box)")
        } else {
            #expect(Self.inkOutsideTheRegion(image) > 100)
        }
    }

    // MARK: - Opacity

    /// 10 %–90 % across and 10 %–40 % down: x 64..<576, y 36..<144.
    static let band = P.region(x: 10, y: 10, width: 80, height: 30)

    static func faded(_ opacity: Double?, fill: CaptionColor = .blue) throws -> RGBAImage {
        var region = Self.band
        region.background = fill
        region.opacity = opacity
        let run = CaptionRun("HHHH", style: CaptionTextStyle(textColor: .white, fontSize: .cells(2)))
        return try P.render([P.caption([run], in: region)])
    }

    /// At opacity 0.5 the fill's alpha is half the opaque one's (255 × 0.5 = 127.5) in the same
    /// blue; and the text over it is half-transparent white, not white over half-seen blue: the
    /// region is faded as one picture, so the fill does not show through the text.
    @Test func aHalfOpaqueRegionIsFadedAsOneGroup() throws {
        let opaque = try Self.faded(nil), half = try Self.faded(0.5)
        let fill = try #require(opaque.pixel(x: 66, y: 38)), halfFill = try #require(half.pixel(x: 66, y: 38))
        #expect(fill == .blue)
        #expect(abs(Double(halfFill.alpha) - 127.5) <= 1.5, "\(halfFill)")
        #expect(halfFill.blue == 255 && halfFill.red == 0, "\(halfFill)")
        var textPixels: [(x: Int, y: Int)] = []
        for y in 36..<144 {
            for x in 64..<576 where opaque.pixel(x: x, y: y) == .white { textPixels.append((x, y)) }
        }
        #expect(textPixels.count > 100, "white text pixels: \(textPixels.count)")
        let unlike = textPixels.compactMap { x, y -> String? in
            guard let p = half.pixel(x: x, y: y), abs(Double(p.alpha) - 127.5) <= 1.5, p.red >= 250, p.blue >= 250
            else { return "(\(x), \(y)): \(String(describing: half.pixel(x: x, y: y)))" }
            return nil
        }
        #expect(unlike.isEmpty, "\(unlike.count) not half-seen white, such as \(unlike.prefix(3))")
    }

    /// A region at opacity 0 draws nothing; one at 1 the same as one without an opacity.
    @Test func opacityZeroDrawsNothingAndOneIsOpaque() throws {
        #expect(P.ink(try Self.faded(0)) == nil)
        #expect(try Self.faded(1) == (try Self.faded(nil)))
    }

    /// Into a black 4:2:0 frame (BT.601, limited range), a white fill at opacity 0.5 gives luma
    /// halfway between black's 16 and white's 235: 125.5.
    @Test func aHalfOpaqueRegionIsHalfSeenInAVideoFrame() throws {
        var region = Self.band
        region.background = .white
        region.opacity = 0.5
        let renderer = try CaptionRenderer(
            captions: [P.caption([CaptionRun("x")], in: region)], bounds: P.size, fonts: try TestFonts.catalog(),
            options: CaptionRenderOptions(outlineWidth: 0))
        var frame = try YUV420Frame(width: P.size.width, height: P.size.height, matrix: .bt601, limitedRange: true)
        try renderer.render(at: P.t1, into: &frame)
        let luma = Double(frame.y[100 * frame.width + 300])
        #expect(abs(luma - 125.5) <= 1.5, "luma \(luma)")
        #expect(frame.y[200 * frame.width + 300] == 16, "outside the region, black")
        let chroma = (50 * frame.chromaWidth + 150)
        #expect(abs(Int(frame.u[chroma]) - 128) <= 1 && abs(Int(frame.v[chroma]) - 128) <= 1, "grey, no tint")
    }
}
