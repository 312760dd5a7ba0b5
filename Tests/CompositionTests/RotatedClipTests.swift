import Foundation
import TestSupport
import Testing

/// Phone clips with a display matrix of each quarter turn, composed alone, come out upright:
/// every sampled pixel as in the frame ffmpeg's own autorotation gives. The coded picture has
/// a different colour in each half and a green box in one corner, so any wrong turn or mirror
/// puts some colour in the wrong place.
@Suite struct RotatedClipTests {
    typealias C = CompositionCommandTests

    /// `rotate`: the tag ffmpeg 5.1 turns into the display matrix (`-metadata:s:v rotate=`);
    /// ffprobe reports the matrix's rotation as `ffprobeRotation` (av_display_rotation_get:
    /// degrees counter-clockwise, −180…180),
    /// so 270 is the 90° clockwise matrix and 90 the anticlockwise one.
    @Test(arguments: [(270, -90), (90, 90), (180, -180)])
    func aRotatedClipComesOutUpright(_ rotate: Int, _ ffprobeRotation: Int) throws {
        let dir = try TemporaryDirectory("compose-rotation")
        try MediaTools.ffmpeg([
            "-f", "lavfi", "-i",
            "color=c=red:size=160x90:rate=30:duration=1,drawbox=x=0:y=0:w=80:h=90:color=blue:t=fill,"
                + "drawbox=x=0:y=0:w=40:h=30:color=lime:t=fill",
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", dir.path("coded.mp4"),
        ])
        let phone = dir.path("phone.mp4")
        try MediaTools.ffmpeg(["-i", dir.path("coded.mp4"), "-c", "copy", "-metadata:s:v:0", "rotate=\(rotate)", phone])
        let probe = try CLIRunner.runProcess(
            try PeerDecoders.tool("ffprobe"),
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries", "stream_side_data=rotation", "-of", "csv=p=0",
                phone,
            ])
        #expect(
            probe.stdout.split(separator: "\n").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                == [ffprobeRotation], "display matrix: \(probe.stdout)")
        let out = dir.path("out.mp4")
        let r = try CLIRunner.run(["compose", phone, "-o", out, "--preset", "ultrafast", "--progress", "none"])
        #expect(r.status == 0, "\(r.stderr)")
        let (w, h) = rotate == 180 ? (160, 90) : (90, 160)
        let video = try #require(try MediaTools.streams(out).first { $0["codec_type"] as? String == "video" })
        #expect(video["width"] as? Int == w && video["height"] as? Int == h)
        let ours = try C.rgb(out, frame: 10, width: w, height: h)
        let theirs = try C.rgb(phone, frame: 10, width: w, height: h)
        var colours: Set<String> = []
        // A grid of points away from the colour edges (4 px margin for chroma subsampling).
        for y in stride(from: h / 12, to: h, by: h / 6) {
            for x in stride(from: w / 12, to: w, by: w / 6) {
                let a = C.pixel(ours, x, y, width: w)
                let b = C.pixel(theirs, x, y, width: w)
                guard Self.isClear(b) else { continue }
                colours.insert("\(b.r / 128)\(b.g / 128)\(b.b / 128)")
                #expect(C.near(a, b.r, b.g, b.b, within: 30), "at \(x),\(y): ours \(a), ffmpeg's \(b)")
            }
        }
        #expect(colours.count == 3, "red, blue and green all sampled: \(colours)")
    }

    /// A pixel of one of the three pure colours (not a blend at an edge).
    static func isClear(_ p: (r: Int, g: Int, b: Int)) -> Bool {
        let high = [p.r, p.g, p.b].filter { $0 > 200 }.count
        let low = [p.r, p.g, p.b].filter { $0 < 50 }.count
        return high == 1 && low == 2
    }
}
