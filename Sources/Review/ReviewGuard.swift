import Hummingbird

/// The checks every request passes before any route sees it (Specs/review-server.md, "Rules"),
/// in this order:
/// 1. `Host` names this server on loopback (`127.0.0.1:PORT` or `localhost:PORT`): a page of
///    another site that resolves its own name to 127.0.0.1 (DNS rebinding) is refused, 403.
/// 2. The token: `?token=` in the query, the `X-Review-Token` header, or the session's cookie
///    (set with the page); a `POST` must carry the header (a cookie alone could be sent by a
///    form of another page). Missing or wrong: 401, whatever the path.
/// 3. A body longer than the configured bound is refused by its `Content-Length` before it is
///    read, 413 (a chunked body is cut at the bound by the save route, 413 as well).
/// Every answer carries headers that keep the page to itself: no caching, no referrer (the URL
/// holds the token), no framing, no sniffing, and a content security policy with no origin but
/// its own.
struct ReviewGuard<Context: RequestContext>: RouterMiddleware {
    let token: ReviewToken
    let port: @Sendable () -> Int
    let maximumBodyBytes: Int

    static var tokenHeader: String { "X-Review-Token" }
    static func cookieName(port: Int) -> String { "captions_review_\(port)" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response = try await check(request, context: context, next: next)
        response.headers[.cacheControl] = "no-store"
        response.headers[named: "Referrer-Policy"] = "no-referrer"
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[named: "X-Frame-Options"] = "DENY"
        response.headers[.contentSecurityPolicy] =
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; media-src 'self';"
            + " connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
        return response
    }

    private func check(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let port = self.port()
        guard let host = request.head.authority?.lowercased(),
            host == "127.0.0.1:\(port)" || host == "localhost:\(port)"
        else { return Self.refusal(.forbidden, "this server answers requests for 127.0.0.1:\(port) only") }
        guard authorized(request, port: port) else {
            return Self.refusal(.unauthorized, "the address's token is missing or wrong: open the address printed")
        }
        if let length = request.headers[.contentLength] {
            guard let bytes = Int(length), bytes >= 0 else {
                return Self.refusal(.badRequest, "Content-Length is not a number")
            }
            guard bytes <= maximumBodyBytes else {
                return Self.refusal(.contentTooLarge, "a request body has at most \(maximumBodyBytes) bytes")
            }
        }
        do {
            return try await next(request, context)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            return Self.refusal(.contentTooLarge, "a request body has at most \(maximumBodyBytes) bytes")
        }
    }

    private func authorized(_ request: Request, port: Int) -> Bool {
        if let header = request.headers[named: Self.tokenHeader] { return token.matches(header) }
        guard request.method != .post else { return false }
        if let query = request.uri.queryParameters["token"] { return token.matches(query) }
        if let cookie = request.cookies[Self.cookieName(port: port)] { return token.matches(cookie.value) }
        return false
    }

    /// A refusal with its reason as plain text.
    static func refusal(_ status: HTTPResponse.Status, _ reason: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: reason + "\n")))
    }
}

extension HTTPFields {
    /// The field named `name`; nil (and nothing set) for a name that is not a field name.
    subscript(named name: String) -> String? {
        get { HTTPFields.Element.Name(name).flatMap { self[$0] } }
        set {
            guard let field = HTTPFields.Element.Name(name) else { return }
            self[field] = newValue
        }
    }
}
