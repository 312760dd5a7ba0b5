import CaptionCore
import Foundation
import TestSupport
import WebVTT

/// A caption document written by our WebVTT writer and shown by Chromium as the `<track default>`
/// of a 4-second clip made by ffmpeg, in a 640 × 360 `<video>`: where the browser lays out each cue and region.
///
/// The cue boxes live in the `<video>`'s user-agent shadow tree, out of reach of the page's own
/// scripts; DevTools' `DOM.getDocument` with `pierce` reaches them: `-webkit-media-text-track-display`
/// is a cue's box (WebVTT §7.2), its `cue` child the text's inline box, and
/// `-webkit-media-text-track-region` a region's box. The page's viewport is the video's size, so
/// that Chromium's `vh` (which it takes from the viewport, not the video) agrees with the video.
struct ChromiumCueLayout {
    /// A cue as Chromium laid it out, in percent of the video (x and width of its width, y and
    /// height of its height).
    struct Cue {
        var text: String
        var box: HeadlessBrowser.Box
        var textBox: HeadlessBrowser.Box
    }

    struct Layout {
        var cues: [Cue]
        var regions: [HeadlessBrowser.Box]

        /// The one cue showing `text`.
        func cue(_ text: String) throws -> Cue {
            let found = cues.filter { $0.text == text }
            guard found.count == 1 else {
                throw HeadlessBrowser.Failure.failed("\(found.count) cues show \(text.debugDescription): \(cues)")
            }
            return found[0]
        }

        func isClose(to other: Layout) -> Bool {
            let a = cues.flatMap { [$0.box, $0.textBox] } + regions
            let b = other.cues.flatMap { [$0.box, $0.textBox] } + other.regions
            return a.count == b.count
                && zip(a, b).allSatisfy {
                    abs($0.x - $1.x) < 0.01 && abs($0.y - $1.y) < 0.01 && abs($0.width - $1.width) < 0.01
                        && abs($0.height - $1.height) < 0.01
                }
        }
    }

    let folder: TemporaryDirectory
    let page: HeadlessBrowser.Page
    /// The file as our writer wrote it (for failure messages).
    let vtt: String

    init(_ document: CaptionDocument) throws {
        folder = try TemporaryDirectory("webvtt-chromium")
        let written = try WebVTTWriter().write(document)
        vtt = String(decoding: written.bytes, as: UTF8.self)
        try Data(written.bytes).write(to: folder.url.appendingPathComponent("captions.vtt"))
        // A black 16:9 picture, two frames a second: the cues are laid out over the element's
        // 640 × 360 box whatever the picture's own size; VP8 at the realtime deadline takes
        // a tenth of the time of libvpx's default on a busy machine.
        try MediaTools.makeClip(
            folder.path("clip.webm"), seconds: 4, video: "color=c=black:size=64x36:rate=2", audio: false,
            videoCodec: ["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8"])
        try Data(Self.html.utf8).write(to: folder.url.appendingPathComponent("page.html"))
        page = try HeadlessBrowser.suiteBrowser().open(
            URL(fileURLWithPath: folder.path("page.html")), viewport: (width: 640, height: 360))
    }

    /// The page: the video fills the viewport; `seek(t)` waits for the track, seeks, and returns
    /// once the cues of `t` have been laid out (two animation frames after `seeked`).
    private static let html = """
        <!doctype html>
        <html><head><style>
        body { margin: 0; overflow: hidden } video { display: block; width: 640px; height: 360px }
        video::-webkit-media-text-track-region-container { transition: none !important }
        </style></head>
        <body><video id="v" src="clip.webm" muted preload="auto">
        <track default kind="captions" srclang="en" src="captions.vtt"></video>
        <script>
        const video = document.getElementById('v');
        const track = document.querySelector('track');
        window.seek = async (t) => {
          while (video.readyState < 1 || track.readyState < 2) {
            if (track.readyState === 3) throw new Error('the track did not load');
            if (video.error) throw new Error('the video did not load: ' + video.error.message);
            await new Promise(r => setTimeout(r, 10));
          }
          const seeked = new Promise(r => video.addEventListener('seeked', r, { once: true }));
          video.currentTime = t;
          await seeked;
          await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
          return video.textTracks[0].activeCues.length;
        };
        </script></body></html>
        """

    /// Seeks to `seconds` and reads the layout. With `settle`, reads again until it stays the same
    /// for more than 433 ms, Chromium's scroll time: a scrolling region moves its lines up a step
    /// at a time, one every 433 ms (the page turns off the transition that animates each step).
    func layout(at seconds: Double, settle: Bool = false) throws -> Layout {
        guard try page.evaluate("seek(\(seconds))") as? Int ?? 0 > 0 else {
            throw HeadlessBrowser.Failure.failed("no cue active at \(seconds) s in\n\(vtt)")
        }
        var last = try read()
        guard settle else { return last }
        var stable = 0
        for _ in 0..<60 where stable < 5 {
            usleep(100_000)
            let next = try read()
            stable = next.isClose(to: last) ? stable + 1 : 0
            last = next
        }
        return last
    }

    /// The regions as Chromium's parser read them (`VTTRegion` of each cue, by id), as JSON.
    func parsedRegions() throws -> [String: [String: Any]] {
        let value = try page.evaluate(
            """
            Object.fromEntries([...video.textTracks[0].cues].filter(c => c.region).map(c => [c.region.id, {
              width: c.region.width, lines: c.region.lines, scroll: c.region.scroll,
              regionAnchorX: c.region.regionAnchorX, regionAnchorY: c.region.regionAnchorY,
              viewportAnchorX: c.region.viewportAnchorX, viewportAnchorY: c.region.viewportAnchorY }]))
            """)
        return value as? [String: [String: Any]] ?? [:]
    }

    private func read() throws -> Layout {
        let nodes = try page.document().descendants
        guard let videoNode = nodes.first(where: { $0.name == "VIDEO" }) else {
            throw HeadlessBrowser.Failure.failed("no video element")
        }
        let video = try page.box(of: videoNode)
        func percent(_ b: HeadlessBrowser.Box) -> HeadlessBrowser.Box {
            HeadlessBrowser.Box(
                x: (b.x - video.x) / video.width * 100, y: (b.y - video.y) / video.height * 100,
                width: b.width / video.width * 100, height: b.height / video.height * 100)
        }
        var layout = Layout(cues: [], regions: [])
        for node in nodes {
            switch node.attributes["pseudo"] {
            case "-webkit-media-text-track-display":
                guard let text = node.children.first(where: { $0.attributes["pseudo"] == "cue" }) else { continue }
                layout.cues.append(
                    Cue(text: node.text, box: percent(try page.box(of: node)), textBox: percent(try page.box(of: text)))
                )
            case "-webkit-media-text-track-region":
                layout.regions.append(percent(try page.box(of: node)))
            default: continue
            }
        }
        return layout
    }
}
