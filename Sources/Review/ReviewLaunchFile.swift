import Foundation

/// A page on disk that sends the browser on to a ``ReviewSession``'s address, so that the desktop
/// is asked to open a file name, not the address: a process's arguments are readable by every
/// user of the machine (`ps`, `/proc/PID/cmdline`), and the address holds the token
/// (Specs/review-server.md, "Opening the page").
///
/// The file lies in a folder of its own that only its owner may enter (0700), the file itself
/// 0600; ``remove()`` (or the end of this object) deletes both. The browser reads the file when it
/// starts, so it must stay until the session stops.
public final class ReviewLaunchFile: Sendable {
    /// The file to hand to the desktop's opener (`xdg-open PATH`).
    public let path: String
    private let folder: String

    /// Writes the page for `address` in a new private folder under `parent` (the system's
    /// temporary folder by default).
    public init(address: String, parent: String = NSTemporaryDirectory()) throws(ReviewError) {
        let manager = FileManager.default
        let folder = (parent as NSString).appendingPathComponent("captions-review-\(UUID().uuidString)")
        do {
            try manager.createDirectory(
                atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ReviewError("cannot make a folder for the page that opens the review: \(folder): \(error)")
        }
        let path = (folder as NSString).appendingPathComponent("open-review.html")
        guard
            manager.createFile(
                atPath: path, contents: Data(Self.page(address).utf8),
                attributes: [.posixPermissions: 0o600])
        else {
            try? manager.removeItem(atPath: folder)
            throw ReviewError("cannot write the page that opens the review: \(path)")
        }
        self.folder = folder
        self.path = path
    }

    /// Deletes the file and its folder; again is harmless.
    public func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    deinit { remove() }

    /// A page that goes on to `address` at once (HTML's `refresh` pragma, HTML §4.2.5.3), with a
    /// link for a browser that does not follow it. The address is `http://127.0.0.1:PORT/?token=HEX`:
    /// nothing in it needs escaping in an attribute, but it is escaped all the same.
    static func page(_ address: String) -> String {
        let escaped = address.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "<", with: "&lt;")
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta http-equiv="refresh" content="0; url=\(escaped)">
            <meta name="referrer" content="no-referrer">
            <title>captions review</title></head>
            <body><p><a href="\(escaped)">Open the review page</a></p></body></html>

            """
    }
}
