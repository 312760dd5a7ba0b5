import Foundation
import Testing

@testable import Review

/// The server's rules (Specs/review-server.md, "Rules") against a plain HTTP client: each
/// refusal with its status, and nothing written in the folder of the files served.
@Suite(.serialized) struct ReviewSecurityTests {
    @Test func aRequestWithoutTheTokenIsRefused() async throws {
        try await ReviewFixture.with { fixture in
            let before = try fixture.listing()
            for target in [
                "/", "/movie", "/tracks/0/state", "/tracks/0/captions.vtt", "/assets/review.js", "/nothing",
                "/tracks/0/drafts/1/scenes/0/overlay.png",
            ] {
                #expect(try await RawHTTP.get(port: fixture.port, target).status == 401, "\(target) without a token")
                #expect(
                    try await RawHTTP.get(port: fixture.port, target + "?token=0123").status == 401,
                    "\(target), wrong token")
                #expect(
                    try await RawHTTP.get(port: fixture.port, target, headers: ["X-Review-Token: \(fixture.token)x"])
                        .status
                        == 401)
                #expect(
                    try await RawHTTP.get(
                        port: fixture.port, target, headers: ["Cookie: captions_review_\(fixture.port)=nope"]
                    ).status == 401)
            }
            // The right token in the query, the header or the session's cookie opens the page.
            let page = try await RawHTTP.get(port: fixture.port, "/?token=\(fixture.token)")
            #expect(page.status == 200)
            #expect(page.headers["set-cookie"]?.contains("HttpOnly") == true)
            #expect(page.headers["set-cookie"]?.contains("SameSite=Strict") == true)
            #expect(page.headers["content-security-policy"]?.contains("default-src 'none'") == true)
            let cookie = "Cookie: captions_review_\(fixture.port)=\(fixture.token)"
            #expect(try await RawHTTP.get(port: fixture.port, "/tracks/0/state", headers: [cookie]).status == 200)
            // A save needs the header: a cookie alone could come with another page's form.
            let body = Array(#"{"captions":[]}"#.utf8)
            let post = try await RawHTTP.send(
                port: fixture.port,
                head: "POST /tracks/0/save HTTP/1.1\r\nHost: 127.0.0.1:\(fixture.port)\r\n\(cookie)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(body.count)",
                body: body)
            #expect(post.status == 401)
            let draft = try await RawHTTP.send(
                port: fixture.port,
                head: "POST /tracks/0/draft HTTP/1.1\r\nHost: 127.0.0.1:\(fixture.port)\r\n\(cookie)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(body.count)",
                body: body)
            #expect(draft.status == 401)
            #expect(try fixture.listing() == before)
        }
    }

    @Test func noPathOutsideTheNamedFilesIsServed() async throws {
        try await ReviewFixture.with { fixture in
            let before = try fixture.listing()
            let auth = ["X-Review-Token: \(fixture.token)"]
            let folder = fixture.folder.url.path
            let targets = [
                "/../../../../etc/passwd", "/movie/../../../etc/passwd", "//etc/passwd", "/etc/passwd",
                "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd", "/assets/..%2f..%2fshow.scc",
                "/assets/../show.scc", "/show.scc", "/clip.mp4", folder + "/show.scc",
                "/tracks/0/..%2F..%2Fshow.scc", "/tracks/1/state", "/tracks/-1/state",
                "/tracks/0/scenes/9999/overlay.png", "/tracks/0/drafts/9999/scenes/0/overlay.png",
                "/tracks/0/drafts/..%2F..%2Fshow.scc/scenes/0/overlay.png", "/tracks/0/drafts/-1/scenes/0/overlay.png",
                "/tracks/%2e%2e/state", "/movie%00.scc", "http://127.0.0.1:\(fixture.port)/etc/passwd",
                "http://127.0.0.1:\(fixture.port)\(folder)/show.scc",
            ]
            for target in targets {
                let reply = try await RawHTTP.get(port: fixture.port, target, headers: auth)
                #expect([400, 403, 404].contains(reply.status), "\(target): \(reply.status)")
                #expect(!reply.text.contains("Scenarist_SCC"), "\(target) served the caption file")
                #expect(!reply.text.contains("root:"), "\(target) served /etc/passwd")
            }
            #expect(try fixture.listing() == before)
        }
    }

    @Test func aHostOtherThanLoopbackIsRefused() async throws {
        try await ReviewFixture.with { fixture in
            let auth = ["X-Review-Token: \(fixture.token)"]
            for host in [
                "evil.example", "evil.example:\(fixture.port)", "127.0.0.1", "127.0.0.1:1", "10.0.0.1:\(fixture.port)",
            ] {
                let reply = try await RawHTTP.get(port: fixture.port, "/tracks/0/state", host: host, headers: auth)
                #expect(reply.status == 403, "Host: \(host) gave \(reply.status)")
            }
            let missing = try await RawHTTP.send(
                port: fixture.port, head: "GET /tracks/0/state HTTP/1.1\r\nX-Review-Token: \(fixture.token)")
            #expect([400, 403].contains(missing.status))
            for host in ["127.0.0.1:\(fixture.port)", "localhost:\(fixture.port)"] {
                #expect(
                    try await RawHTTP.get(port: fixture.port, "/tracks/0/state", host: host, headers: auth).status
                        == 200)
            }
        }
    }

    @Test func aHugeOrMalformedBodyIsRefusedAndNothingIsWritten() async throws {
        try await ReviewFixture.with { fixture in
            let before = try fixture.listing()
            let head =
                "POST /tracks/0/save HTTP/1.1\r\nHost: 127.0.0.1:\(fixture.port)\r\nX-Review-Token: \(fixture.token)\r\n"
                + "Content-Type: application/json\r\n"
            func post(_ body: [UInt8]) async throws -> RawHTTP.Reply {
                try await RawHTTP.send(port: fixture.port, head: head + "Content-Length: \(body.count)", body: body)
            }
            // Said by its length: refused before it is read.
            let declared = try await RawHTTP.send(
                port: fixture.port, head: head + "Content-Length: 104857600", body: Array(repeating: 32, count: 1000))
            #expect(declared.status == 413)
            // Sent in chunks, past the bound.
            let chunk = Array(repeating: UInt8(ascii: " "), count: 1 << 20)
            var chunked: [UInt8] = []
            for _ in 0..<6 { chunked += Array("100000\r\n".utf8) + chunk + Array("\r\n".utf8) }
            chunked += Array("0\r\n\r\n".utf8)
            let streamed = try await RawHTTP.send(
                port: fixture.port, head: head + "Transfer-Encoding: chunked", body: chunked)
            #expect(streamed.status == 413)
            #expect(try await post(Array("{not json".utf8)).status == 400)
            #expect(try await post(Array(#"{"captions": 3}"#.utf8)).status == 400)
            #expect(try await post(Array(#"{"captions": [], "overwrite": true}"#.utf8)).status == 400)
            let bad = try await RawHTTP.send(port: fixture.port, head: head + "Content-Length: banana", body: [])
            #expect(bad.status == 400)
            // Well-formed saves that must not write: over the original unconfirmed, or a name that
            // is not a plain file name beside it.
            let state =
                try JSONSerialization.jsonObject(
                    with: Data(
                        try await RawHTTP.get(
                            port: fixture.port, "/tracks/0/state", headers: ["X-Review-Token: \(fixture.token)"]
                        ).body))
                as? [String: Any]
            let rows = (state?["captions"] as? [[String: Any]] ?? []).map {
                [
                    "index": $0["index"]!, "startFrame": $0["startFrame"]!, "endFrame": $0["endFrame"]!,
                    "text": $0["text"]!,
                ]
            }
            #expect(rows.count == 2)
            func save(_ extra: [String: Any]) async throws -> RawHTTP.Reply {
                var body: [String: Any] = ["captions": rows]
                body.merge(extra) { $1 }
                return try await post(Array(try JSONSerialization.data(withJSONObject: body)))
            }
            #expect(try await save([:]).status == 409)
            #expect(try await save(["overwrite": false]).status == 409)
            for name in [
                "../escape.scc", "/tmp/escape.scc", "sub/escape.scc", ".hidden.scc", "escape.txt", "escape", "",
            ] {
                #expect(try await save(["saveAs": name]).status == 400, "save as \(name)")
            }
            var backwards = rows
            backwards[0]["endFrame"] = 0
            #expect(try await save(["captions": backwards, "saveAs": "copy.scc"]).status == 400)
            #expect(try fixture.listing() == before)
            #expect(!FileManager.default.fileExists(atPath: "/tmp/escape.scc"))
        }
    }
}
