import Foundation
import Media
import TestSupport
import Testing

@testable import Review

/// The page in a real browser (Debian's Chromium, headless, over the DevTools pipe): it loads
/// and plays a generated clip, its overlay is the picture `captions preview` draws, a finding
/// seeks, a nudge saves a file ttconv reads two frames later and `captions validate` passes.
/// Screenshots of each step go to `.build/test-artifacts/ReviewBrowserTests/`.
@Suite(.serialized, .headlessBrowser()) struct ReviewBrowserTests {
    static let artifacts = TestPaths.projectRoot.appendingPathComponent(".build/test-artifacts/ReviewBrowserTests")

    static func keep(_ page: HeadlessBrowser.Page, _ name: String) throws {
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        try page.screenshot().write(to: artifacts.appendingPathComponent(name + ".png"))
    }

    static func open(_ fixture: ReviewFixture) throws -> HeadlessBrowser.Page {
        let browser = try HeadlessBrowser.suiteBrowser()
        let page = try browser.open(try #require(URL(string: fixture.address)), viewport: (width: 1000, height: 640))
        try page.wait(until: "window.review && review.ready === true && video.readyState >= 2")
        return page
    }

    /// A left click at the centre of the element `selector` selects, as a user's mouse does.
    static func click(_ page: HeadlessBrowser.Page, _ selector: String) throws {
        let box = try page.evaluate(
            "(() => { const r = document.querySelector(\(quoted(selector))).getBoundingClientRect();"
                + " return [r.left + r.width / 2, r.top + r.height / 2]; })()", as: [Double].self)
        for type in ["mousePressed", "mouseReleased"] {
            _ = try page.send(
                "Input.dispatchMouseEvent",
                ["type": type, "x": box[0], "y": box[1], "button": "left", "clickCount": 1])
        }
    }

    static func press(_ page: HeadlessBrowser.Page, key: String, code: String, keyCode: Int) throws {
        for type in ["keyDown", "keyUp"] {
            var event: [String: Any] = ["type": type, "key": key, "code": code, "windowsVirtualKeyCode": keyCode]
            if type == "keyDown" { event["text"] = key }
            _ = try page.send("Input.dispatchKeyEvent", event)
        }
    }

    /// `text` as a JavaScript string literal (the selectors here hold no single quote).
    static func quoted(_ text: String) -> String { "'" + text + "'" }

    /// The 320×240 stage as the page shows it (hide the video first to see the overlay alone).
    static func stage(_ page: HeadlessBrowser.Page) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        let box = try page.evaluate(
            "(() => { const r = document.getElementById('stage').getBoundingClientRect();"
                + " return [r.left, r.top, r.width, r.height]; })()", as: [Double].self)
        #expect(box[2] == 320 && box[3] == 240)
        let shot = try page.send(
            "Page.captureScreenshot",
            ["format": "png", "clip": ["x": box[0], "y": box[1], "width": 320, "height": 240, "scale": 1]])
        let screen = try PNGCodec.decode(Array(try #require(Data(base64Encoded: shot["data"] as? String ?? ""))))
        try #require(screen.width == 320 && screen.height == 240)
        return screen
    }

    /// `captions preview FILE --at TIME` at 320×240 (written to `path`) against `screen`: the
    /// preview's bright (text) pixels over black, and how many pixels differ by more than 24 in
    /// a channel from the screen's, which an empty or misplaced overlay gets wrong by the
    /// hundred.
    static func compare(
        _ screen: (width: Int, height: Int, rgba: [UInt8]), withPreviewOf file: String, at time: Double, to path: String
    ) throws
        -> (bright: Int, different: Int)
    {
        let preview = try CLIRunner.run(["preview", file, "--at", "\(time)", "--size", "320x240", "-o", path])
        try #require(preview.status == 0, "\(preview.stderr)")
        let drawn = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        // Preview's RGBA over black, as the page shows it over the black stage.
        var bright = 0
        var different = 0
        for i in stride(from: 0, to: drawn.rgba.count, by: 4) {
            let alpha = Int(drawn.rgba[i + 3])
            let expected = (0..<3).map { Int(drawn.rgba[i + $0]) * alpha / 255 }
            if expected.max() ?? 0 > 128 { bright += 1 }
            if (0..<3).contains(where: { abs(expected[$0] - Int(screen.rgba[i + $0])) > 24 }) { different += 1 }
        }
        return (bright, different)
    }

    @Test func thePageLoadsAndTheVideoPlays() async throws {
        try await ReviewFixture.with(mode: .commandLine) { fixture in
            let page = try Self.open(fixture)
            #expect(try page.evaluate("video.videoWidth", as: Int.self) == 320)
            #expect(try page.evaluate("document.querySelectorAll('#captions li').length", as: Int.self) == 2)
            _ = try page.evaluate("video.play()")
            try page.wait(until: "video.currentTime > 0.5 && !video.paused")
            _ = try page.evaluate("video.pause()")
            // Sound: muted at first, heard once the box is ticked (timing is checked against speech).
            #expect(try page.evaluate("video.muted", as: Bool.self))
            try Self.click(page, "#sound")
            #expect(try page.evaluate("video.muted", as: Bool.self) == false)
            try Self.keep(page, "1-playing")
        }
    }

    /// The page the desktop is asked to open (``ReviewLaunchFile``) takes the browser on to
    /// the session, so the token reaches it without being in the opener's arguments.
    @Test func theLaunchFileOpensThePage() async throws {
        try await ReviewFixture.with { fixture in
            let launch = try ReviewLaunchFile(address: fixture.address)
            let browser = try HeadlessBrowser.suiteBrowser()
            // The launch page leaves for the address at once: wait for the address, not for it.
            let page = try browser.open(
                URL(fileURLWithPath: launch.path), viewport: (width: 800, height: 500),
                loaded: "location.href.startsWith('http://127.0.0.1:')")
            try page.wait(until: "window.review && review.ready === true")
            #expect(try page.evaluate("location.href", as: String.self) == fixture.address)
            #expect(try page.evaluate("document.querySelectorAll('#captions li').length", as: Int.self) == 2)
        }
    }

    @Test func theOverlayAtATimeIsThePictureThatPreviewDraws() async throws {
        try await ReviewFixture.with(mode: .commandLine) { fixture in
            let page = try Self.open(fixture)
            // The video hidden, the stage black: what is left is the overlay.
            _ = try page.evaluate("video.style.visibility = 'hidden'")
            for (time, shown) in [(1.5, true), (0.9, false), (2.7, true), (3.2, false)] {
                _ = try page.evaluate("review.seek(\(time))")
                #expect(try page.evaluate("!overlay.hidden", as: Bool.self) == shown, "overlay at \(time) s")
                let screen = try Self.stage(page)
                let previewPath = fixture.folder.path("preview-\(time).png")
                let (bright, different) = try Self.compare(
                    screen, withPreviewOf: fixture.captions, at: time, to: previewPath)
                #expect((bright > 100) == shown, "preview at \(time) s has \(bright) bright pixels")
                #expect(
                    different <= max(10, bright / 20),
                    "\(different) pixels differ from preview's at \(time) s (\(bright) bright)")
            }
            _ = try page.evaluate("video.style.visibility = ''")
            _ = try page.evaluate("review.seek(1.5)")
            try Self.keep(page, "2-overlay-at-1.5s")
        }
    }

    /// Sets the editor's field `id` to `value` as a user does (the value, then `change`), and
    /// waits until the server has drawn the unsaved edits.
    static func enter(_ page: HeadlessBrowser.Page, _ id: String, _ value: String) throws {
        _ = try page.evaluate(
            "(() => { const e = document.getElementById(\(quoted(id))); e.value = \(quoted(value));"
                + " e.dispatchEvent(new Event('change')); })()")
        try page.wait(until: "review.draftPending === 0 && review.draft !== null")
    }

    /// An unsaved text edit is drawn at once: the overlay at 1.5 s is the picture `preview`
    /// draws of the file the edit is then saved to, and not the one it draws of the original.
    @Test func theOverlayOfAnUnsavedEditIsDrawn() async throws {
        try await ReviewFixture.with(mode: .commandLine) { fixture in
            let page = try Self.open(fixture)
            _ = try page.evaluate("video.style.visibility = 'hidden'")
            try Self.click(page, "#captions li[data-index=\"0\"]")
            try Self.enter(page, "edit-text", "DRAFT SHOWN")
            // Two nudges within the page's 100 ms share one draft request (none left pending).
            try Self.press(page, key: "]", code: "BracketRight", keyCode: 221)
            try Self.press(page, key: "[", code: "BracketLeft", keyCode: 219)
            try page.wait(until: "review.draftPending === 0")
            _ = try page.evaluate("review.seek(1.5)")
            #expect(try page.evaluate("overlay.src.includes('/drafts/')", as: Bool.self))
            let screen = try Self.stage(page)
            try Self.keep(page, "6-unsaved-edit")
            _ = try page.evaluate("document.getElementById('save-as').value = 'edited.scc'")
            try Self.click(page, "#save")
            try page.wait(until: "document.getElementById('status').textContent.startsWith('saved')")
            let edited = fixture.folder.path("edited.scc")
            let ours = try Self.compare(screen, withPreviewOf: edited, at: 1.5, to: fixture.folder.path("edited.png"))
            #expect(ours.bright > 100 && ours.different <= max(10, ours.bright / 20), "\(ours)")
            let before = try Self.compare(
                screen, withPreviewOf: fixture.captions, at: 1.5, to: fixture.folder.path("original.png"))
            #expect(before.different > 50, "the draft's overlay is not the original's: \(before)")
            // After the save the page draws the saved file again, not a draft.
            #expect(try page.evaluate("review.draft === null", as: Bool.self))
            #expect(try PeerDecoders.ttconv(edited, in: fixture.folder).first?.text == "DRAFT SHOWN")
        }
    }

    /// A caption moved from row 15 to row 2 in the editor: drawn there before the save, and
    /// saved there: ttconv places the saved caption's region at row 2's height (its SCC reader
    /// puts row r's top at 10 % + (r − 1) × 80 %/15) and leaves the other caption on row 15.
    @Test func aRowEditMovesTheCaption() async throws {
        try await ReviewFixture.with(mode: .commandLine) { fixture in
            let page = try Self.open(fixture)
            _ = try page.evaluate("video.style.visibility = 'hidden'")
            try Self.click(page, "#captions li[data-index=\"0\"]")
            #expect(try page.evaluate("review.working[0].row", as: Int.self) == 15)
            #expect(try page.evaluate("!document.getElementById('row-field').hidden", as: Bool.self))
            try Self.enter(page, "edit-row", "2")
            _ = try page.evaluate("review.seek(1.5)")
            let screen = try Self.stage(page)
            try Self.keep(page, "7-row-edit")
            _ = try page.evaluate("document.getElementById('save-as').value = 'moved.scc'")
            try Self.click(page, "#save")
            try page.wait(until: "document.getElementById('status').textContent.startsWith('saved')")
            let moved = fixture.folder.path("moved.scc")
            let ours = try Self.compare(screen, withPreviewOf: moved, at: 1.5, to: fixture.folder.path("moved.png"))
            #expect(ours.bright > 100 && ours.different <= max(10, ours.bright / 20), "\(ours)")
            #expect(try page.evaluate("review.state.captions[0].row", as: Int.self) == 2)
            #expect(try Self.ttconvRows(moved, in: fixture.folder) == [2, 15])
            let validate = try CLIRunner.run(["validate", moved])
            #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        }
    }

    /// The top row of each caption as ttconv places it: its region's `tts:origin` height, back
    /// through ttconv's SCC layout (10 % + (row − 1) × 80 %/15, written truncated to whole %).
    static func ttconvRows(_ scc: String, in folder: TemporaryDirectory) throws -> [Int] {
        let ttml = folder.path("rows.ttml")
        let r = try CLIRunner.runProcess(try PeerDecoders.tool("tt"), ["convert", "-i", scc, "-o", ttml])
        try #require(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: ttml, encoding: .utf8)
        var origins: [String: Double] = [:]
        for match in text.matches(of: /<region xml:id="([^"]+)"[^>]*tts:origin="[0-9.]+% ([0-9.]+)%"/) {
            origins[String(match.1)] = Double(match.2)
        }
        return try text.matches(of: /<p region="([^"]+)"/).map { match in
            let y = try #require(origins[String(match.1)], "region \(match.1) of \(text)")
            return Int(((y - 10) * 15 / 80).rounded()) + 1
        }
    }

    /// The server's previews of movies in `folder`, its temporary folder (for "deleted at the
    /// end"). The server gets a folder of its own: other tests' servers make previews beside it
    /// in the shared one (ReviewServingTests), and counting those there raced with them.
    static func previews(in folder: String) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder)).filter {
            $0.hasPrefix("captions-review-proxy-")
        }
    }

    /// A movie the browser cannot play (MPEG-4 Part 2 video and PCM sound in a QuickTime file,
    /// as post houses deliver): the page waits for the H.264 preview the server makes and plays
    /// it; the preview has the movie's frames at the movie's times and its sound as AAC
    /// (ffprobe), the overlay at 1.5 s is what `preview` draws, and the preview's folder is gone
    /// once the server stops.
    @Test func aMovieTheBrowserCannotPlayIsShownAsAPreview() async throws {
        let temporary = try TemporaryDirectory("review-tmpdir")
        let before = try Self.previews(in: temporary.url.path)
        #expect(before.isEmpty)
        try await ReviewFixture.with(
            videoCodec: ["-c:v", "mpeg4", "-q:v", "3"], audioCodec: ["-c:a", "pcm_s16le"], clipExtension: "mov",
            temporaryFolder: temporary.url.path
        ) { fixture in
            let page = try Self.open(fixture)
            #expect(try page.evaluate("review.proxy === true && video.currentSrc.endsWith('/proxy')", as: Bool.self))
            #expect(try page.evaluate("video.videoWidth", as: Int.self) == 320)
            #expect(try Self.previews(in: temporary.url.path).count == 1)
            let served = try await RawHTTP.get(
                port: fixture.port, "/proxy", headers: ["X-Review-Token: \(fixture.token)"])
            #expect(served.status == 200 && served.headers["content-type"] == "video/mp4")
            let copy = fixture.folder.path("served-preview.mp4")
            try Data(served.body).write(to: URL(fileURLWithPath: copy))
            let codecs = try MediaTools.streams(copy).compactMap { $0["codec_name"] as? String }
            #expect(codecs.sorted() == ["aac", "h264"], "\(codecs)")
            let times = try MediaTools.frameTimes(copy), original = try MediaTools.frameTimes(fixture.movie)
            #expect(times.count == original.count && original.count == 120)
            #expect(zip(times, original).allSatisfy { abs($0 - $1) < 1e-4 })
            _ = try page.evaluate("video.style.visibility = 'hidden'")
            _ = try page.evaluate("review.seek(1.5)")
            let screen = try Self.stage(page)
            let drawn = try Self.compare(
                screen, withPreviewOf: fixture.captions, at: 1.5, to: fixture.folder.path("proxy-1.5.png"))
            #expect(drawn.bright > 100 && drawn.different <= max(10, drawn.bright / 20), "\(drawn)")
            _ = try page.evaluate("video.style.visibility = ''")
            try Self.keep(page, "8-preview-of-an-mpeg4-movie")
        }
        #expect(
            try Self.previews(in: temporary.url.path).isEmpty, "the preview's folder is deleted when the server stops")
    }

    @Test func clickingAFindingSeeksToIt() async throws {
        try await ReviewFixture.with(mode: .commandLine) { fixture in
            let page = try Self.open(fixture)
            let time = try page.evaluate(
                "review.state.findings.find((f) => f.rule === 'timing.short-display').time", as: Double.self)
            #expect(abs(time - 2.5) < 0.04)
            let index = try page.evaluate(
                "review.state.findings.findIndex((f) => f.rule === 'timing.short-display')", as: Int.self)
            try Self.click(page, "#findings li[data-finding=\"\(index)\"]")
            try page.wait(until: "Math.abs(video.currentTime - \(time)) < 0.01 && !video.seeking")
            try page.wait(
                until: "document.querySelector('#captions li[data-index=\"1\"]').classList.contains('current')")
            #expect(try page.evaluate("review.selected", as: Int.self) == 1)
            try Self.keep(page, "3-finding-clicked")
        }
    }

    @Test func aSaveWithoutEditIsByteIdenticalAndANudgeSavesTwoFramesLater() async throws {
        try await ReviewFixture.with(mode: .commandLine) { fixture in
            let page = try Self.open(fixture)
            // No edit, saved as a copy: the same bytes.
            _ = try page.evaluate("document.getElementById('save-as').value = 'copy.scc'")
            try Self.click(page, "#save")
            try page.wait(until: "document.getElementById('status').textContent.startsWith('saved')")
            let original = try Data(contentsOf: URL(fileURLWithPath: fixture.captions))
            #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.folder.path("copy.scc"))) == original)
            // Over the original without the confirmation: refused, nothing written.
            try Self.click(page, "#start-later")
            try Self.click(page, "#save")
            try page.wait(until: "document.getElementById('status').textContent.startsWith('not saved')")
            #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.captions)) == original)
            try Self.click(page, "#undo")
            #expect(try page.evaluate("review.undo.length", as: Int.self) == 0)
            // Caption 1 selected; its start nudged by two frames with the keyboard, then saved.
            try Self.click(page, "#captions li[data-index=\"0\"]")
            let start = try page.evaluate("review.working[0].startFrame", as: Int.self)
            try Self.press(page, key: "]", code: "BracketRight", keyCode: 221)
            try Self.press(page, key: "]", code: "BracketRight", keyCode: 221)
            #expect(try page.evaluate("review.working[0].startFrame", as: Int.self) == start + 2)
            try Self.keep(page, "4-nudged")
            _ = try page.evaluate("document.getElementById('save-as').value = 'nudged.scc'")
            try Self.click(page, "#save")
            try page.wait(until: "document.getElementById('status').textContent.startsWith('saved')")
            try Self.keep(page, "5-saved")
            try fixture.expectFirstCaptionTwoFramesLater(in: fixture.folder.path("nudged.scc"))
            // The page shows the saved file's state, and so does a second tab.
            #expect(try page.evaluate("review.state.captions[0].startFrame", as: Int.self) == start + 2)
            let second = try Self.open(fixture)
            #expect(try second.evaluate("review.state.captions[0].startFrame", as: Int.self) == start + 2)
            #expect(try second.evaluate("review.state.file", as: String.self).hasSuffix("/nudged.scc"))
        }
    }

    /// Eight readers take 64 KiB ranges of the movie while the page seeks: every answer is the
    /// file's bytes; the times are printed, not judged (no timed assertion).
    @Test func eightRangeReadersWhileSeeking() async throws {
        try await ReviewFixture.with(mode: .commandLine) { fixture in
            let page = try Self.open(fixture)
            let file = Array(try Data(contentsOf: URL(fileURLWithPath: fixture.movie)))
            let port = fixture.port
            let auth = "X-Review-Token: \(fixture.token)"
            // Eight threads of their own (not Swift concurrency's few), reading while the page seeks.
            let group = DispatchGroup()
            let tally = LoadTally()
            for _ in 0..<8 {
                group.enter()
                Thread {
                    defer { group.leave() }
                    var generator = SystemRandomNumberGenerator()
                    for _ in 0..<40 {
                        let first = Int.random(in: 0..<max(1, file.count - 65536), using: &generator)
                        let last = min(file.count - 1, first + 65535)
                        let clock = ContinuousClock.now
                        do {
                            let reply = try RawHTTP.sendBlocking(
                                port: port,
                                head: RawHTTP.getHead(
                                    port: port, "/movie", headers: [auth, "Range: bytes=\(first)-\(last)"]))
                            let elapsed = milliseconds(ContinuousClock.now - clock)
                            let right = reply.status == 206 && reply.body == Array(file[first...last])
                            tally.record(elapsed, right: right)
                        } catch {
                            tally.fail("\(error)")
                        }
                    }
                }.start()
            }
            var seeks: [Double] = []
            for step in 0..<20 {
                let clock = ContinuousClock.now
                _ = try page.evaluate("review.seek(\(Double(step % 8) * 0.45 + 0.1))")
                seeks.append(milliseconds(ContinuousClock.now - clock))
            }
            group.wait()
            let (all, wrong, failures) = tally.results
            #expect(failures.isEmpty, "\(failures.prefix(3))")
            #expect(wrong == 0)
            #expect(all.count == 320)
            func summary(_ values: [Double]) -> String {
                let sorted = values.sorted()
                let at = { (q: Double) in sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))] }
                return String(format: "p50 %.1f ms, p95 %.1f ms, max %.1f ms", at(0.5), at(0.95), sorted.last ?? 0)
            }
            let report =
                "review load: 8 readers × 40 ranges of 64 KiB: \(summary(all)); 20 seeks with overlay: \(summary(seeks))"
            print(report)
            try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
            try report.write(to: Self.artifacts.appendingPathComponent("load.txt"), atomically: true, encoding: .utf8)
        }
    }
}

private func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

/// The load test's readings, from its eight threads.
private final class LoadTally: @unchecked Sendable {
    private let lock = NSLock()
    private var times: [Double] = []
    private var wrong = 0
    private var failures: [String] = []

    func record(_ time: Double, right: Bool) {
        lock.withLock {
            times.append(time)
            if !right { wrong += 1 }
        }
    }

    func fail(_ failure: String) { lock.withLock { failures.append(failure) } }

    var results: (times: [Double], wrong: Int, failures: [String]) { lock.withLock { (times, wrong, failures) } }
}
