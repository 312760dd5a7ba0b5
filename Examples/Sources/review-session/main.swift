// README "Review": the review page's server as a library type, as an app embeds it. The app
// shows the address in its web view; here a plain request stands in for the web view, then the
// server is stopped as an app stops it when its window closes.
import Foundation
import Review

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// swift-format-ignore: OrderedImports
import ExampleChecks  // check(_:_:)

/// What the app's web view would do with the address: load the page (here: fetch it, and check).
func showPage(_ address: String) async {
    guard let url = URL(string: address), let (data, response) = try? await URLSession.shared.data(from: url) else {
        check(false, "no answer from \(address)")
        return
    }
    check((response as? HTTPURLResponse)?.statusCode == 200, "the page at \(address): \(response)")
    check(String(decoding: data, as: UTF8.self).contains("<video"), "the page has no <video>")
}

let session = try ReviewSession(movie: "movie.mp4", captionFiles: ["show.scc"])
try await session.run { address in
    print(address)  // http://127.0.0.1:PORT/?token=…
    await showPage(address)  // an app opens it in its web view
    await session.stop()  // and stops the server when its window closes
}

// Checks (not in the README).
check(session.port > 0, "the session never listened")
if let stopped = URL(string: "http://127.0.0.1:\(session.port)/") {
    let refused = try? await URLSession.shared.data(from: stopped)
    check(refused == nil, "the server still answers after stop()")
}
print("review-session: served and stopped")
