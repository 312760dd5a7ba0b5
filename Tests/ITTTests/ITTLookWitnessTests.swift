import CaptionCore
import Foundation
import TestSupport
import Testing

/// The colours of the iTT look against GStreamer's `ttmlrender`: the same iTT file (written by
/// our writer) drawn by `captions preview` and by ttmlrender over black, and in each caption's
/// region the span's background and its text in the colours the document gives, in both
/// pictures; the same for a TTML1 file, whose regions also keep their fill (iTT has none). The expected colours are the document's, worked by hand (a `#rrggbbaa` background
/// over black is each channel × alpha ÷ 255); fonts differ, so box sizes are not compared.
/// Outline, shadow and faces stay a gap: ttmlrender draws no `tts:textOutline` (Specs/testing.md).
@Suite struct ITTLookWitnessTests {
    static let (width, height) = (640, 360)

    /// A pixel's colour.
    struct RGB: Hashable, CustomStringConvertible {
        var r: Int, g: Int, b: Int
        var description: String { "(\(r), \(g), \(b))" }
        func distance(_ o: RGB) -> Int { max(abs(r - o.r), abs(g - o.g), abs(b - o.b)) }
        static let black = RGB(r: 0, g: 0, b: 0)
    }

    /// One caption's look: its region's box in pixels (x0, x1, y0, y1 of 640 × 360) and the
    /// colours a viewer must see.
    struct Case {
        var text: String
        var region: CaptionRegion
        var box: (Int, Int, Int, Int)
        var textColor: CaptionColor
        var background: CaptionColor
        /// The region's fill over black, by hand, where a TTML1 file keeps it.
        var fillSeen: RGB
        /// The background over black (over the fill), by hand.
        var backgroundSeen: RGB
        var textSeen: RGB
    }

    static let cases: [Case] = [
        // Opaque yellow on opaque blue, in the upper region (10 %/5 %, 80 %/20 %: x 64…576, y 18…90).
        Case(
            text: "Yellow on blue",
            region: CaptionRegion(
                identifier: "upper", origin: CaptionPoint(x: .percent(10), y: .percent(5)),
                size: CaptionSize(width: .percent(80), height: .percent(20)), displayAlignment: .before,
                background: CaptionColor(red: 0, green: 0x80, blue: 0, alpha: 0x80)),
            box: (64, 576, 18, 90), textColor: .yellow, background: .blue,
            // Green 0x80 at alpha 0x80 over black: 128 × 128 ÷ 255 = 64.
            fillSeen: RGB(r: 0, g: 64, b: 0), backgroundSeen: RGB(r: 0, g: 0, b: 255),
            textSeen: RGB(r: 255, g: 255, b: 0)),
        // Cyan on red at alpha 0x80 (128 ÷ 255 of 255 = 128 over black), in the bottom region
        // (0 %/85 %, 100 %/15 %: x 0…640, y 306…360).
        Case(
            text: "Cyan on half red",
            region: CaptionRegion(
                identifier: "bottom", origin: CaptionPoint(x: .percent(0), y: .percent(85)),
                size: CaptionSize(width: .percent(100), height: .percent(15)), displayAlignment: .after),
            box: (0, 640, 306, 360), textColor: .cyan,
            background: CaptionColor(red: 255, green: 0, blue: 0, alpha: 0x80),
            fillSeen: .black, backgroundSeen: RGB(r: 128, g: 0, b: 0), textSeen: RGB(r: 0, g: 255, b: 255)),
    ]

    static var document: CaptionDocument {
        CaptionDocument(
            captions: cases.map { c in
                Caption(
                    runs: [
                        CaptionRun(
                            c.text, style: CaptionTextStyle(textColor: c.textColor, backgroundColor: c.background))
                    ],
                    timeRange: TimeRange(
                        start: MediaTime(value: 1, timescale: 1), end: MediaTime(value: 3, timescale: 1)),
                    region: c.region)
            }, language: "en", frameRate: .fps25, dropFrame: false)
    }

    /// What a picture shows in a box: the colour most pixels have (the fill, black here), the
    /// commonest colour unlike it (the span's background), and the commonest colour unlike
    /// both and unlike black (the text; an outline, when drawn, is black or dark).
    static func colours(_ rgb: [UInt8], box: (Int, Int, Int, Int)) -> (fill: RGB?, background: RGB?, text: RGB?) {
        var counts: [RGB: Int] = [:]
        for y in box.2..<box.3 {
            for x in box.0..<box.1 {
                let p = 3 * (y * width + x)
                counts[RGB(r: Int(rgb[p]), g: Int(rgb[p + 1]), b: Int(rgb[p + 2])), default: 0] += 1
            }
        }
        func commonest(_ keep: (RGB) -> Bool) -> RGB? {
            counts.filter { keep($0.key) }.max { $0.value < $1.value || ($0.value == $1.value && $0.key.r < $1.key.r) }?
                .key
        }
        let fill = commonest { _ in true }
        let background = fill.flatMap { f in commonest { $0.distance(f) > 24 } }
        let text = background.flatMap { bg in
            commonest { c in [fill ?? .black, bg, .black].allSatisfy { c.distance($0) > 96 } }
        }
        return (fill, background, text)
    }

    /// Our `captions preview` picture of the file at `time`, laid over black, as RGB.
    static func ours(_ file: String, at time: String, in directory: TemporaryDirectory) throws -> [UInt8] {
        let png = directory.path("ours.png")
        let run = try CLIRunner.run(["preview", file, "--at", time, "--size", "\(width)x\(height)", "-o", png])
        try #require(run.status == 0, "\(run.stderr)")
        let raw = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffmpeg"),
            ["-v", "error", "-i", png, "-f", "rawvideo", "-pix_fmt", "rgba", "-"], binaryOutput: true)
        try #require(raw.status == 0 && raw.data.count == width * height * 4, "\(raw.stderr)")
        let rgba = [UInt8](raw.data)
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for i in 0..<(width * height) {
            let alpha = Int(rgba[4 * i + 3])
            for channel in 0..<3 { rgb[3 * i + channel] = UInt8((Int(rgba[4 * i + channel]) * alpha + 127) / 255) }
        }
        return rgb
    }

    /// The writers compared: iTT (no region fill: warning `itt.region-background`) and TTML1.
    enum Writer: String, CaseIterable, CustomTestStringConvertible {
        case itt, ttml
        var testDescription: String { rawValue }

        func write(_ document: CaptionDocument) throws -> String {
            let options = CaptionFormatOptions(frameRate: .fps25, dropFrame: false)
            switch self {
            case .itt: return try ITTTest.write(document, options: options).0
            case .ttml: return try TTMLWriterTests.write(document, .dfxp, options: options).0
            }
        }
    }

    @Test(arguments: Writer.allCases)
    func coloursAreDrawnAsGStreamerDrawsThem(_ writer: Writer) throws {
        let dir = try TemporaryDirectory("itt-look-colours")
        let text = try writer.write(Self.document)
        let ours = dir.path("ours.\(writer.rawValue)")
        try text.write(toFile: ours, atomically: true, encoding: .utf8)
        let forGStreamer = dir.path("gstreamer.ttml")
        try TTMLPeers.forGStreamer(text).write(toFile: forGStreamer, atomically: true, encoding: .utf8)

        // Both at 2.0 s: frame 20 of ttmlrender's 10 a second.
        let frames = try TTMLPeers.gstreamerPictures(
            forGStreamer, format: "RGB", width: Self.width, height: Self.height, rate: 10, seconds: 3, in: dir)
        let size = Self.width * Self.height * 3
        let theirs = Array(frames[(20 * size)..<(21 * size)])
        let mine = try Self.ours(ours, at: "2.0", in: dir)

        for c in Self.cases {
            for (name, picture) in [("ours", mine), ("ttmlrender", theirs)] {
                let seen = Self.colours(picture, box: c.box)
                let context = "\(writer), \(c.text), \(name): \(seen)"
                let fill = writer == .itt ? RGB.black : c.fillSeen
                #expect(seen.fill.map { $0.distance(fill) <= 6 } == true, "\(context): fill, not \(fill)")
                let background = try #require(seen.background, "\(context): no background drawn")
                #expect(background.distance(c.backgroundSeen) <= 6, "\(context): background \(background)")
                let ink = try #require(seen.text, "\(context): no text drawn")
                #expect(ink.distance(c.textSeen) <= 40, "\(context): text \(ink)")
            }
        }
    }
}
