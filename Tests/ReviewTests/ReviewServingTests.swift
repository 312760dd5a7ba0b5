import Foundation
import TestSupport
import Testing

@testable import Review

/// What the server serves and saves, read with a plain HTTP client and checked against the
/// files themselves and against ttconv's reading of the SCC written.
@Suite(.serialized) struct ReviewServingTests {
    static func state(_ fixture: ReviewFixture) async throws -> [String: Any] {
        let reply = try await RawHTTP.get(
            port: fixture.port, "/tracks/0/state", headers: ["X-Review-Token: \(fixture.token)"])
        try #require(reply.status == 200)
        return try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
    }

    static func rows(_ state: [String: Any]) -> [[String: Any]] {
        (state["captions"] as? [[String: Any]] ?? []).map {
            [
                "index": $0["index"] ?? 0, "startFrame": $0["startFrame"] ?? 0, "endFrame": $0["endFrame"] ?? 0,
                "text": $0["text"] ?? "",
            ]
        }
    }

    static func save(_ fixture: ReviewFixture, _ body: [String: Any]) async throws -> RawHTTP.Reply {
        let bytes = Array(try JSONSerialization.data(withJSONObject: body))
        return try await RawHTTP.send(
            port: fixture.port,
            head: "POST /tracks/0/save HTTP/1.1\r\nHost: 127.0.0.1:\(fixture.port)\r\n"
                + "X-Review-Token: \(fixture.token)\r\nContent-Type: application/json\r\nContent-Length: \(bytes.count)",
            body: bytes)
    }

    static func draft(_ fixture: ReviewFixture, _ rows: [[String: Any]]) async throws -> RawHTTP.Reply {
        let bytes = Array(try JSONSerialization.data(withJSONObject: ["captions": rows]))
        return try await RawHTTP.send(
            port: fixture.port,
            head: "POST /tracks/0/draft HTTP/1.1\r\nHost: 127.0.0.1:\(fixture.port)\r\n"
                + "X-Review-Token: \(fixture.token)\r\nContent-Type: application/json\r\nContent-Length: \(bytes.count)",
            body: bytes)
    }

    /// Unsaved edits drawn (Specs/review-server.md, "Drafts"): the document's own captions are no
    /// draft; an edit is one, with its scenes and PNG overlays; an edit a save would refuse is
    /// refused the same way; a draft no longer kept is 404; nothing is written.
    @Test func draftsDrawUnsavedEditsAndWriteNothing() async throws {
        try await ReviewFixture.with { fixture in
            let before = try fixture.listing()
            var rows = Self.rows(try await Self.state(fixture))
            let same = try await Self.draft(fixture, rows)
            #expect(same.status == 200)
            let none = try #require(try JSONSerialization.jsonObject(with: Data(same.body)) as? [String: Any])
            #expect(none["draft"] is NSNull && (none["scenes"] as? [Any])?.isEmpty == true)
            rows[0]["text"] = "DRAFT"
            let reply = try await Self.draft(fixture, rows)
            #expect(reply.status == 200)
            let state = try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
            let id = try #require(state["draft"] as? Int)
            let scenes = try #require(state["scenes"] as? [[String: Any]])
            let shown = try #require(scenes.firstIndex { $0["hasCaptions"] as? Bool == true })
            let auth = "X-Review-Token: \(fixture.token)"
            let png = try await RawHTTP.get(
                port: fixture.port, "/tracks/0/drafts/\(id)/scenes/\(shown)/overlay.png", headers: [auth])
            #expect(png.status == 200 && png.headers["content-type"] == "image/png")
            #expect(Array(png.body.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            // The same edits again are the same draft.
            let again = try await Self.draft(fixture, rows)
            #expect(
                (try JSONSerialization.jsonObject(with: Data(again.body)) as? [String: Any])?["draft"] as? Int == id)
            // Older drafts go once newer ones fill the list.
            for n in 1...ReviewTrack.keptDrafts {
                rows[0]["text"] = "DRAFT \(n)"
                #expect(try await Self.draft(fixture, rows).status == 200)
            }
            let gone = try await RawHTTP.get(
                port: fixture.port, "/tracks/0/drafts/\(id)/scenes/\(shown)/overlay.png", headers: [auth])
            #expect(gone.status == 404)
            rows[0]["row"] = 16
            #expect(try await Self.draft(fixture, rows).status == 400)
            #expect(try fixture.listing() == before)
        }
    }

    @Test func theMovieIsServedByByteRanges() async throws {
        try await ReviewFixture.with { fixture in
            let file = Array(try Data(contentsOf: URL(fileURLWithPath: fixture.movie)))
            let auth = "X-Review-Token: \(fixture.token)"
            let whole = try await RawHTTP.get(port: fixture.port, "/movie", headers: [auth])
            #expect(whole.status == 200)
            #expect(whole.headers["accept-ranges"] == "bytes")
            #expect(whole.headers["content-type"] == "video/mp4")
            #expect(whole.body == file)
            let part = try await RawHTTP.get(port: fixture.port, "/movie", headers: [auth, "Range: bytes=100-1123"])
            #expect(part.status == 206)
            #expect(part.headers["content-range"] == "bytes 100-1123/\(file.count)")
            #expect(part.body == Array(file[100...1123]))
            let open = try await RawHTTP.get(
                port: fixture.port, "/movie", headers: [auth, "Range: bytes=\(file.count - 5)-"])
            #expect(open.status == 206)
            #expect(open.body == Array(file.suffix(5)))
            let suffix = try await RawHTTP.get(port: fixture.port, "/movie", headers: [auth, "Range: bytes=-7"])
            #expect(suffix.body == Array(file.suffix(7)))
            let past = try await RawHTTP.get(
                port: fixture.port, "/movie", headers: [auth, "Range: bytes=\(file.count)-"])
            #expect(past.status == 416)
            #expect(past.headers["content-range"] == "bytes */\(file.count)")
        }
    }

    /// H.264 the browser plays, with AC-3 sound it does not (a broadcast MP4): a preview is made
    /// (`--proxy auto`) with the sound as AAC and the pictures as they were, since otherwise the
    /// page would play the movie silent; the AAC holds the clip's tone (ffmpeg's volumedetect).
    @Test func soundTheBrowserCannotPlayGetsAPreview() async throws {
        try await ReviewFixture.with(audioCodec: ["-c:a", "ac3"]) { fixture in
            let auth = "X-Review-Token: \(fixture.token)"
            var state = ""
            for _ in 0..<600 {
                let session = try await RawHTTP.get(port: fixture.port, "/session", headers: [auth])
                state = String(decoding: session.body, as: UTF8.self)
                if ["\"ready\"", "\"failed\"", "\"none\""].contains(where: state.contains) { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(state.contains("\"ready\""), "\(state)")
            let served = try await RawHTTP.get(port: fixture.port, "/proxy", headers: [auth])
            #expect(served.status == 200)
            let copy = fixture.folder.path("served-preview.mp4")
            try Data(served.body).write(to: URL(fileURLWithPath: copy))
            let codecs = try MediaTools.streams(copy).compactMap { $0["codec_name"] as? String }
            #expect(codecs.sorted() == ["aac", "h264"], "\(codecs)")
            let times = try MediaTools.frameTimes(copy), original = try MediaTools.frameTimes(fixture.movie)
            #expect(times.count == original.count && zip(times, original).allSatisfy { abs($0 - $1) < 1e-4 })
            let loudness = try CLIRunner.runProcess(
                try PeerDecoders.tool("ffmpeg"),
                ["-nostdin", "-i", copy, "-map", "0:a", "-af", "volumedetect", "-f", "null", "-"])
            let mean = loudness.stderr.firstMatch(of: /mean_volume: (-?[0-9.]+) dB/).flatMap { Double($0.1) }
            #expect(mean.map { $0 > -40 } == true, "\(loudness.stderr.suffix(400))")
        }
    }

    /// The library type (`ReviewSession`) as an app embeds it.
    @Test func theStateListsTheCaptionsByFrameAndTheFindings() async throws {
        try await ReviewFixture.with(mode: .library) { fixture in
            let state = try await Self.state(fixture)
            let captions = try #require(state["captions"] as? [[String: Any]])
            try #require(captions.count == 2)
            // The frames the SCC's lines and words put them at (ReviewFixture.scc).
            #expect(captions[0]["text"] as? String == "HELLO WORLD")
            #expect(captions[0]["startFrame"] as? Int == 30)
            #expect(captions[1]["startFrame"] as? Int == 75)
            let findings = try #require(state["findings"] as? [[String: Any]])
            let short = findings.first { $0["rule"] as? String == "timing.short-display" }
            #expect(short != nil, "the half-second caption is a finding: \(findings)")
            #expect((short?["captions"] as? [Int]) == [1])
            let vtt = try await RawHTTP.get(
                port: fixture.port, "/tracks/0/captions.vtt", headers: ["X-Review-Token: \(fixture.token)"])
            #expect(vtt.text.hasPrefix("WEBVTT"))
            #expect(vtt.text.contains("HELLO WORLD"))
        }
    }

    @Test func aSaveWithNoEditWritesTheSameBytes() async throws {
        try await ReviewFixture.with { fixture in
            let reply = try await Self.save(
                fixture, ["captions": Self.rows(try await Self.state(fixture)), "saveAs": "copy.scc"])
            #expect(reply.status == 200, "\(reply.text)")
            let original = try Data(contentsOf: URL(fileURLWithPath: fixture.captions))
            let copy = try Data(contentsOf: URL(fileURLWithPath: fixture.folder.path("copy.scc")))
            #expect(copy == original)
            // Over the original, confirmed: the same bytes again.
            let again = try await Self.save(
                fixture, ["captions": Self.rows(try await Self.state(fixture)), "overwrite": true])
            #expect(again.status == 200)
            #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.captions)) == original)
        }
    }

    /// "Save as" with another format's extension converts: the SCC's captions, the first
    /// nudged, as SubRip that ttconv reads two frames later; the page then shows that file, and a
    /// confirmed save over it stays SubRip.
    @Test func aSaveAsAnotherFormatsNameConverts() async throws {
        try await ReviewFixture.with { fixture in
            var rows = Self.rows(try await Self.state(fixture))
            rows[0]["startFrame"] = (rows[0]["startFrame"] as? Int ?? 0) + 2
            let reply = try await Self.save(fixture, ["captions": rows, "saveAs": "nudged.srt"])
            #expect(reply.status == 200, "\(reply.text)")
            let srt = fixture.folder.path("nudged.srt")
            try fixture.expectFirstCaptionTwoFramesLater(in: srt)
            #expect(try String(contentsOfFile: srt, encoding: .utf8).hasPrefix("1\n"))
            let again = try await Self.save(
                fixture, ["captions": Self.rows(try await Self.state(fixture)), "overwrite": true])
            #expect(again.status == 200, "\(again.text)")
            try fixture.expectFirstCaptionTwoFramesLater(in: srt)
            #expect(try String(contentsOfFile: srt, encoding: .utf8).hasPrefix("1\n"))
            // A format that is not written (a movie) is refused, naming the extensions that are.
            let movie = try await Self.save(
                fixture, ["captions": Self.rows(try await Self.state(fixture)), "saveAs": "x.mp4"])
            #expect(movie.status == 400 && movie.text.contains(".srt"), "\(movie.text)")
        }
    }

    /// `embedded`: the movie's own `c608` track is reviewed; it is never written into, and a
    /// "save as" writes its captions, nudged, to an SCC that ttconv reads two frames later than
    /// the SCC muxed in.
    @Test func aMoviesOwnCaptionsAreReviewedAndSavedAsAFileBesideIt() async throws {
        try await ReviewFixture.with(mode: .commandLine, embedded: true) { fixture in
            let state = try await Self.state(fixture)
            #expect(
                (state["captions"] as? [[String: Any]])?.compactMap { $0["text"] as? String } == [
                    "HELLO WORLD", "SHORT ONE",
                ])
            let before = try Data(contentsOf: URL(fileURLWithPath: fixture.movie))
            let refused = try await Self.save(fixture, ["captions": Self.rows(state), "overwrite": true])
            #expect(refused.status == 400 && refused.text.contains("save as a caption file"), "\(refused.text)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.movie)) == before)
            var rows = Self.rows(state)
            rows[0]["startFrame"] = (rows[0]["startFrame"] as? Int ?? 0) + 2
            let reply = try await Self.save(fixture, ["captions": rows, "saveAs": "from-movie.scc"])
            #expect(reply.status == 200, "\(reply.text)")
            try fixture.expectFirstCaptionTwoFramesLater(in: fixture.folder.path("from-movie.scc"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.movie)) == before)
        }
    }

    @Test func aNudgedStartIsWrittenTwoFramesLater() async throws {
        try await ReviewFixture.with { fixture in
            var rows = Self.rows(try await Self.state(fixture))
            rows[0]["startFrame"] = (rows[0]["startFrame"] as? Int ?? 0) + 2
            let reply = try await Self.save(fixture, ["captions": rows, "saveAs": "nudged.scc"])
            #expect(reply.status == 200, "\(reply.text)")
            try fixture.expectFirstCaptionTwoFramesLater(in: fixture.folder.path("nudged.scc"))
        }
    }
}
