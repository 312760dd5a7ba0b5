import CaptionCore
import FileSafety
import Foundation
import Media
import Synchronization

/// When a session makes a preview of its movie for the browser (`--proxy`).
public enum ReviewProxyMode: String, Sendable, CaseIterable {
    /// When the browser cannot play the movie: a video other than H.264, VP8, VP9 or AV1, a
    /// container other than MP4, QuickTime or WebM, or sound other than AAC, MP3, Opus or FLAC
    /// (the AC-3 of a broadcast MP4 would play silent).
    case auto
    case always
    case never
}

/// A preview of a movie the browser cannot play (Specs/review-server.md, "Proxy"): made by the
/// media pipeline's export as H.264 (libx264 `veryfast`, CRF 23, a key frame every second so
/// that seeking is quick) in MP4 at the movie's size and frame times, in a folder of its own
/// that only its owner may enter, while the page waits; deleted when the session stops.
final class ReviewProxy: Sendable {
    enum State: Sendable, Equatable {
        case notNeeded
        case making(fraction: Double)
        case ready(length: Int)
        case failed(String)
    }

    /// The video codecs every current browser's `<video>` plays (HTML, WHATWG; H.264 in MP4,
    /// VP8/VP9/AV1 in WebM or MP4).
    static let playableCodecs: Set<String> = ["h264", "vp8", "vp9", "av1"]
    static let playableTypes: Set<String> = ["video/mp4", "video/webm", "video/quicktime"]

    /// The preview's file (in ``folder``), whatever its state.
    let path: String?
    private let folder: String?
    private let movie: ReviewMovie
    private let state: Mutex<State>
    private let task = Mutex<Task<Void, Never>?>(nil)

    init(movie: ReviewMovie, mode: ReviewProxyMode, parent: String = NSTemporaryDirectory()) throws {
        self.movie = movie
        let playable =
            movie.videoCodec.map { Self.playableCodecs.contains($0) } == true
            && Self.playableTypes.contains(movie.mediaType)
            && movie.audioCodec.map { Self.playableAudio.contains($0) } != false
        guard mode == .always || (mode == .auto && !playable) else {
            path = nil
            folder = nil
            state = Mutex(.notNeeded)
            return
        }
        let folder = (parent as NSString).appendingPathComponent("captions-review-proxy-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ReviewError("cannot make a folder for the movie's preview: \(folder): \(error)")
        }
        self.folder = folder
        path = (folder as NSString).appendingPathComponent("preview.mp4")
        state = Mutex(.making(fraction: 0))
    }

    var current: State { state.withLock { $0 } }

    /// Starts making the preview beside the server (nothing to do when none is needed).
    func start() {
        guard let path, case .making = current else { return }
        let moviePath = movie.path
        let rate = movie.frameRate
        let work = Task.detached { [self] in
            let session: ExportSession
            do {
                session = try Self.session(movie: moviePath, output: path, rate: rate)
            } catch {
                self.state.withLock { $0 = .failed("\(error)") }
                return
            }
            session.progressHandler = { progress in
                self.state.withLock { $0 = .making(fraction: min(1, max(0, progress.fractionCompleted ?? 0))) }
            }
            do {
                try await session.export()
                let length = InputFile.size(of: path) ?? 0
                self.state.withLock { $0 = length > 0 ? .ready(length: length) : .failed("the preview is empty") }
            } catch is CancellationError {
                self.state.withLock { $0 = .failed("stopped") }
            } catch {
                self.state.withLock { $0 = .failed("\(error)") }
            }
        }
        task.withLock { $0 = work }
    }

    /// The audio codecs every current browser plays in MP4 (AAC, MP3, Opus, FLAC), which the
    /// asset export copies into the preview; any other (PCM, AC-3, E-AC-3, ALAC: held by MP4 or
    /// not, Chromium plays none of them) is encoded to AAC.
    static let playableAudio: Set<String> = ["aac", "mp3", "opus", "flac"]

    /// The export that makes the preview: the movie's own (every frame at its time, audio
    /// copied), or, when its sound is in a codec the browser does not play (the PCM of a ProRes
    /// or DNxHD QuickTime file, AC-3), a timeline of its video and first audio track over the whole movie, whose
    /// export encodes AAC; it pictures a constant-rate movie at its own frame times.
    static func session(movie path: String, output: String, rate: FrameRate?) throws -> ExportSession {
        let asset = Asset(path: path)
        let settings = Self.settings(rate: rate)
        let description = try asset.loadDescription()
        guard let audio = description.tracks.first(where: { $0.mediaType == .audio }),
            !playableAudio.contains(audio.codec),
            let video = description.tracks.first(where: { $0.mediaType == .video }),
            let width = video.width, let height = video.height, let rate = video.frameRate,
            let length = video.duration, length > .zero
        else { return ExportSession(asset: asset, outputPath: output, settings: settings) }
        let whole = TimeRange(start: .zero, end: length)
        let audioLength = MediaTime.minimum(length, audio.duration ?? length)
        let timeline = MediaTimeline(
            tracks: [
                MediaTimelineTrack(
                    trackID: 1, mediaType: .video,
                    segments: [
                        MediaSegment(
                            source: .init(path: path, trackID: video.trackID, timeRange: whole), targetRange: whole)
                    ]),
                MediaTimelineTrack(
                    trackID: 2, mediaType: .audio,
                    segments: [
                        MediaSegment(
                            source: .init(
                                path: path, trackID: audio.trackID, timeRange: TimeRange(start: .zero, end: audioLength)
                            ),
                            targetRange: TimeRange(start: .zero, end: audioLength))
                    ]),
            ], renderSize: VideoSize(width: width, height: height), frameDuration: rate.frameDuration,
            audioSampleRate: audio.sampleRate ?? 48_000)
        return ExportSession(timeline: timeline, outputPath: output, settings: settings)
    }

    /// The export's settings: H.264 the browser plays, a key frame a second, no data tracks.
    static func settings(rate: FrameRate?) -> ExportSettings {
        var settings = ExportSettings(
            videoCodec: .encode("libx264"), crf: 23, preset: "veryfast", dropDataTracks: true, containerFormat: "mp4")
        let perSecond = rate.map { Int((Double($0.frames) / Double($0.seconds)).rounded(.up)) } ?? 30
        settings.keyframeInterval = max(1, perSecond)
        return settings
    }

    /// A session that is never run, or whose run ended without ``stop()``, leaves no folder.
    deinit {
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Stops a preview being made and deletes the folder; again is harmless.
    func stop() async {
        let work = task.withLock { task in
            defer { task = nil }
            return task
        }
        work?.cancel()
        await work?.value
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
    }
}
