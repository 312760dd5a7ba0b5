import CaptionCore
import FileSafety
import Media

/// The movie a session plays: its file (served by ranges, never read whole), its byte length,
/// the media type the page's `<video>` is given, and the picture size and rate the overlays and
/// frame steps follow.
struct ReviewMovie: Sendable {
    let path: String
    let length: Int
    let mediaType: String
    let width: Int?
    let height: Int?
    let frameRate: FrameRate?
    /// FFmpeg's name of the video's codec ("h264", "hevc", "prores"…).
    let videoCodec: String?
    /// FFmpeg's name of the first audio track's codec ("aac", "ac3", "pcm_s24le"…); nil without sound.
    let audioCodec: String?

    init(path: String) throws {
        do {
            try InputFile.checkReadable(path)
        } catch {
            throw ReviewError("\(path): \(error.message)")
        }
        guard let length = InputFile.size(of: path) else { throw ReviewError("\(path): cannot read its size") }
        self.path = path
        self.length = length
        let description = try Asset(path: path).loadDescription()
        guard let video = description.tracks.first(where: { $0.mediaType == .video }) else {
            throw ReviewError("\(path): no video track to review the captions over")
        }
        width = video.width
        height = video.height
        frameRate = video.frameRate
        videoCodec = video.codec
        audioCodec = description.tracks.first(where: { $0.mediaType == .audio })?.codec
        mediaType = Self.mediaType(forExtensionOf: path)
    }

    /// The `Content-Type` for a movie by its extension (the browser sniffs the container anyway).
    static func mediaType(forExtensionOf path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext = name.split(separator: ".").count > 1 ? name.split(separator: ".").last.map(String.init) ?? "" : ""
        switch ext.lowercased() {
        case "mp4", "m4v": return "video/mp4"
        case "mov": return "video/quicktime"
        case "webm": return "video/webm"
        case "mkv": return "video/x-matroska"
        case "ogv", "ogg": return "video/ogg"
        default: return "application/octet-stream"
        }
    }
}

/// A session that cannot start, said in words for the command line.
public struct ReviewError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
