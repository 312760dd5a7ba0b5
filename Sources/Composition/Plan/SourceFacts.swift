import CaptionCore
import Media

/// What a composition needs to know of a source file: its first video and audio tracks (with
/// the ranges that hold media), the upright picture size and the frame rate.
public struct SourceFacts: Sendable, Hashable {
    public var video: SourceTrack?
    public var audio: SourceTrack?
    /// Width and height after the display matrix (a portrait phone clip is taller than wide).
    public var uprightSize: VideoSize?
    public var frameRate: FrameRate?

    public init(video: SourceTrack?, audio: SourceTrack?, uprightSize: VideoSize?, frameRate: FrameRate?) {
        self.video = video
        self.audio = audio
        self.uprightSize = uprightSize
        self.frameRate = frameRate
    }
}

/// Looks sources up; tests give their own, the command ``AssetSourceProbe``.
public protocol SourceProbing {
    /// The facts of the file at `path` (already resolved against the composition's folder).
    /// Throws ``SourceProbeError``.
    func facts(of path: String) throws(SourceProbeError) -> SourceFacts
}

public enum SourceProbeError: Error, Sendable, Hashable {
    case noSuchFile
    case unreadable(String)
}

/// Reads sources with Media's ``Asset`` (libavformat), each once.
public final class AssetSourceProbe: SourceProbing {
    private var cache: [String: SourceFacts] = [:]

    public init() {}

    public func facts(of path: String) throws(SourceProbeError) -> SourceFacts {
        if let known = cache[path] { return known }
        guard FileStatus.isRegularFile(path) else {
            throw FileStatus.exists(path) ? .unreadable("not a regular file") : .noSuchFile
        }
        let description: AssetDescription
        do {
            description = try Asset(path: path).loadDescription()
        } catch let error as MediaFileError {
            throw .unreadable(error.description)
        } catch {
            throw .unreadable("\(error)")
        }
        let videoTrack = description.tracks.first { $0.mediaType == .video && $0.codecTag != "tmcd" }
        let audioTrack = description.tracks.first { $0.mediaType == .audio }
        var size: VideoSize?
        if let v = videoTrack, let w = v.width, let h = v.height {
            let quarterTurns = Int(((v.rotation ?? 0) / 90).rounded())
            size = quarterTurns % 2 != 0 ? VideoSize(width: h, height: w) : VideoSize(width: w, height: h)
        }
        let facts = SourceFacts(
            video: videoTrack.flatMap { SourceTrack(path: path, track: $0, fallbackDuration: description.duration) },
            audio: audioTrack.flatMap { SourceTrack(path: path, track: $0, fallbackDuration: description.duration) },
            uprightSize: size, frameRate: videoTrack?.frameRate)
        cache[path] = facts
        return facts
    }
}

#if canImport(Glibc)
    import Glibc
#endif

enum FileStatus {
    static func exists(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0
    }

    static func isRegularFile(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
    }
}
