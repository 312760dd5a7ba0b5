import FoundationEssentials
import Hummingbird

/// The session's routes. None takes a file name from the request: the movie, the caption
/// tracks (by number) and the page's assets are the only things served, so that no path of the
/// request (`../`, absolute, percent-encoded) can name another file; whatever matches no
/// route is 404 (Specs/review-server.md, "Rules").
struct ReviewRoutes: Sendable {
    let store: ReviewStore
    let proxy: ReviewProxy
    let token: ReviewToken
    let port: @Sendable () -> Int
    let maximumBodyBytes: Int

    func add(to router: Router<BasicRequestContext>) {
        router.get("/") { _, _ in page() }
        router.get("/assets/review.js") { _, _ in
            Self.bytes(PackageResources.review_js, type: "text/javascript; charset=utf-8")
        }
        router.get("/assets/review.css") { _, _ in
            Self.bytes(PackageResources.review_css, type: "text/css; charset=utf-8")
        }
        router.get("/session") { _, _ in
            let movie = store.movie
            let session: [String: ReviewSessionInfo.Value] = [
                "tracks": .texts(await store.trackNames),
                "movieType": .text(movie.mediaType),
                "width": movie.width.map(ReviewSessionInfo.Value.number) ?? .none,
                "height": movie.height.map(ReviewSessionInfo.Value.number) ?? .none,
                "proxy": proxyInfo(),
            ]
            return Self.bytes(try ReviewStore.json(session), type: "application/json")
        }
        router.get("/movie") { request, context in
            let movie = store.movie
            return try await serve(movie.path, length: movie.length, type: movie.mediaType, request, context: context)
        }
        router.get("/proxy") { request, context in
            switch proxy.current {
            case .ready(let length):
                guard let path = proxy.path else { break }
                return try await serve(path, length: length, type: "video/mp4", request, context: context)
            case .making:
                return ReviewGuard<BasicRequestContext>.refusal(.serviceUnavailable, "the preview is being made")
            case .notNeeded, .failed: break
            }
            return ReviewGuard<BasicRequestContext>.refusal(.notFound, "no preview")
        }
        router.get("/tracks/:track/state") { _, context in
            try await answer(store.state(try context.parameters.require("track", as: Int.self)), "application/json")
        }
        router.get("/tracks/:track/captions.vtt") { _, context in
            try await answer(
                store.webVTT(try context.parameters.require("track", as: Int.self)), "text/vtt; charset=utf-8")
        }
        router.get("/tracks/:track/scenes/:scene/overlay.png") { _, context in
            let track = try context.parameters.require("track", as: Int.self)
            let scene = try context.parameters.require("scene", as: Int.self)
            return try await answer(store.overlay(track, scene: scene), "image/png")
        }
        router.get("/tracks/:track/drafts/:draft/scenes/:scene/overlay.png") { _, context in
            let track = try context.parameters.require("track", as: Int.self)
            let draft = try context.parameters.require("draft", as: Int.self)
            let scene = try context.parameters.require("scene", as: Int.self)
            return try await answer(store.draftOverlay(track, draft: draft, scene: scene), "image/png")
        }
        router.post("/tracks/:track/draft") { request, context in
            var request = request
            let track = try context.parameters.require("track", as: Int.self)
            let body = try await request.collectBody(upTo: maximumBodyBytes)
            guard let draft = try? JSONDecoder().decode(ReviewDraftRequest.self, from: Data(body.readableBytesView))
            else {
                return ReviewGuard<BasicRequestContext>.refusal(.badRequest, "the draft is not the JSON expected")
            }
            do {
                return try await answer(store.draft(track, draft), "application/json")
            } catch let refusal as ReviewEdit.Refusal {
                return ReviewGuard<BasicRequestContext>.refusal(.badRequest, refusal.description)
            }
        }
        router.post("/tracks/:track/save") { request, context in
            var request = request
            let track = try context.parameters.require("track", as: Int.self)
            let body = try await request.collectBody(upTo: maximumBodyBytes)
            let save: ReviewSaveRequest
            do {
                save = try JSONDecoder().decode(ReviewSaveRequest.self, from: Data(body.readableBytesView))
            } catch {
                return ReviewGuard<BasicRequestContext>.refusal(
                    .badRequest, "the save request is not the JSON expected")
            }
            let outcome: ReviewSaveOutcome
            do {
                outcome = try await store.save(track, save)
            } catch {
                // A write that failed (a full disk, a folder not writable): said to the page.
                return ReviewGuard<BasicRequestContext>.refusal(.internalServerError, "not written: \(error)")
            }
            switch outcome {
            case .saved(let state): return Self.bytes(state, type: "application/json")
            case .notFound: return ReviewGuard<BasicRequestContext>.refusal(.notFound, "no such track")
            case .refused(let reason): return ReviewGuard<BasicRequestContext>.refusal(.badRequest, reason)
            case .conflict(let reason): return ReviewGuard<BasicRequestContext>.refusal(.conflict, reason)
            }
        }
    }

    /// The page, with the session's cookie so that its `<video>`, `<track>` and `<img>`
    /// requests carry the token (HttpOnly, SameSite=Strict, this server's path only).
    private func page() -> Response {
        var response = Self.bytes(PackageResources.index_html, type: "text/html; charset=utf-8")
        response.headers[.setCookie] =
            "\(ReviewGuard<BasicRequestContext>.cookieName(port: port()))=\(token.text); Path=/; HttpOnly; SameSite=Strict"
        return response
    }

    /// The preview's state for the page: none, making (with the fraction done), ready, failed
    /// (with the reason).
    private func proxyInfo() -> ReviewSessionInfo.Value {
        switch proxy.current {
        case .notNeeded: return .fields(["state": .text("none")])
        case .making(let fraction): return .fields(["state": .text("making"), "fraction": .decimal(fraction)])
        case .ready: return .fields(["state": .text("ready")])
        case .failed(let reason): return .fields(["state": .text("failed"), "reason": .text(reason)])
        }
    }

    /// A movie file (the one named, or its preview), whole or by a byte range (RFC 9110 §14),
    /// read from the file in chunks.
    private func serve(
        _ path: String, length: Int, type: String, _ request: Request, context: BasicRequestContext
    ) async throws -> Response {
        var headers: HTTPFields = [.contentType: type, .acceptRanges: "bytes"]
        switch ByteRange.resolve(request.headers[.range], length: length) {
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(length)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        case .whole:
            headers[.contentLength] = String(length)
            guard length > 0 else { return Response(status: .ok, headers: headers) }
            let body = try await FileIO().loadFile(path: path, range: 0...(length - 1), context: context)
            return Response(status: .ok, headers: headers, body: body)
        case .partial(let range):
            headers[.contentLength] = String(range.count)
            headers[.contentRange] = "bytes \(range.first)-\(range.last)/\(length)"
            let body = try await FileIO().loadFile(path: path, range: range.first...range.last, context: context)
            return Response(status: .partialContent, headers: headers, body: body)
        }
    }

    private func answer(_ bytes: [UInt8]?, _ type: String) -> Response {
        guard let bytes else { return ReviewGuard<BasicRequestContext>.refusal(.notFound, "no such track or scene") }
        return Self.bytes(bytes, type: type)
    }

    static func bytes(_ bytes: [UInt8], type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .contentLength: String(bytes.count)],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

/// The session's facts for the page (`GET /session`).
enum ReviewSessionInfo {
    enum Value: Encodable, Sendable {
        case number(Int)
        case decimal(Double)
        case text(String)
        case texts([String])
        case fields([String: Value])
        case none

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let n): try container.encode(n)
            case .decimal(let x): try container.encode(x)
            case .fields(let f): try container.encode(f)
            case .text(let t): try container.encode(t)
            case .texts(let t): try container.encode(t)
            case .none: try container.encodeNil()
            }
        }
    }
}
