import CaptionCore
import CaptionKit
import FoundationEssentials
import Render

/// The session's documents, one ``ReviewTrack`` per caption file, behind one actor: requests
/// read and save them one at a time, so that a save and an overlay never see half an edit.
actor ReviewStore {
    let movie: ReviewMovie
    private let tracks: [ReviewTrack]
    private let maximumTextBytes: Int

    init(movie: ReviewMovie, captionFiles: [String], maximumTextBytes: Int) throws {
        self.movie = movie
        self.maximumTextBytes = maximumTextBytes
        let fonts = try FontCatalog.system()
        // The overlays have the picture's size, so that the page lays them 1:1 over the video.
        let bounds =
            movie.width.flatMap { w in movie.height.map { RenderSize(width: w, height: $0) } }
            .flatMap { $0.isUsable ? $0 : nil } ?? .hd1080
        tracks = try captionFiles.map {
            // `embedded`: the movie's own captions (its first caption track, or A/53 data), read
            // from the movie piece by piece as `captions convert movie.mp4` reads them.
            try ReviewTrack(
                path: $0 == ReviewStore.embedded ? movie.path : $0, movieRate: movie.frameRate, bounds: bounds,
                fonts: fonts)
        }
    }

    /// The caption-file argument that names the movie's own captions.
    static let embedded = "embedded"

    /// The caption files' names (without their folders), in track order, for the page's menu;
    /// the movie's own captions as "embedded (NAME)".
    var trackNames: [String] {
        tracks.map { track in
            let name = track.path.split(separator: "/").last.map(String.init) ?? track.path
            return track.isEmbedded ? "\(ReviewStore.embedded) (\(name))" : name
        }
    }

    private func track(_ index: Int) -> ReviewTrack? { tracks.indices.contains(index) ? tracks[index] : nil }

    /// The page's view of track `index` as JSON; nil for no such track.
    func state(_ index: Int) throws -> [UInt8]? {
        guard let track = track(index) else { return nil }
        return try Self.json(ReviewTrackState(track))
    }

    func webVTT(_ index: Int) throws -> [UInt8]? { try track(index)?.webVTT() }

    func overlay(_ index: Int, scene: Int) throws -> [UInt8]? { try track(index)?.overlay(scene: scene) }

    /// The draft of track `index`'s unsaved edits (`POST /tracks/N/draft`): its number and
    /// scenes as JSON; nil for no such track. Edits a save would refuse throw its
    /// ``ReviewEdit/Refusal``.
    func draft(_ index: Int, _ request: ReviewDraftRequest) throws -> [UInt8]? {
        guard let track = track(index) else { return nil }
        let draft = try track.draft(request.captions, maximumTextBytes: maximumTextBytes)
        return try Self.json(ReviewDraftState(draft: draft?.id, scenes: ReviewTrackState.scenes(draft?.scenes ?? [])))
    }

    func draftOverlay(_ index: Int, draft: Int, scene: Int) throws -> [UInt8]? {
        try track(index)?.draftOverlay(draft, scene: scene)
    }

    /// Saves track `index` as `request` asks (Specs/review-server.md, "Saving").
    func save(_ index: Int, _ request: ReviewSaveRequest) throws -> ReviewSaveOutcome {
        guard let track = track(index) else { return .notFound }
        let target: String
        var format = track.format
        if let name = request.saveAs {
            guard let resolved = ReviewSaveRequest.sibling(named: name, of: track.path) else {
                let extensions = CaptionFormatRegistry.standard.formats.filter { $0.reader != nil && $0.writer != nil }
                    .flatMap(\.extensions).map { "." + $0 }
                return .refused(
                    "save as: give a file name (no folder) beside \(track.path), ending in a format's extension ("
                        + extensions.joined(separator: ", ") + ")")
            }
            (target, format) = resolved
        } else {
            guard format.writer != nil else {
                // Never written into: a movie is not a caption file this page writes.
                return .refused(
                    "\(track.path)'s own captions are not written into the movie: save as a caption file beside it (show.scc, show.itt, show.srt…)"
                )
            }
            target = track.path
        }
        let overwrite = request.overwrite ?? false
        if FileIO.exists(target), !overwrite {
            return .conflict("\(target) exists: confirm to replace it (overwrite), or save as another name")
        }
        let edited: Bool
        do {
            edited = try track.save(
                request.captions, to: target, format: format, overwrite: overwrite, maximumTextBytes: maximumTextBytes)
        } catch let refusal as ReviewEdit.Refusal {
            return .refused(refusal.description)
        }
        var state = try Self.json(ReviewTrackState(track))
        // The state with a word on what was written, for the page's status line.
        state =
            Array("{\"saved\":".utf8) + (try Self.json(["file": target, "edited": edited ? "yes" : "no"]))
            + Array(",\"state\":".utf8) + state + Array("}".utf8)
        return .saved(state)
    }

    static func json(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }
}

/// `POST /tracks/N/draft`'s body: every caption as the page has it, as a save sends them.
struct ReviewDraftRequest: Decodable, Sendable {
    var captions: [ReviewEdit]
}

/// `POST /tracks/N/save`'s body.
struct ReviewSaveRequest: Decodable, Sendable {
    var captions: [ReviewEdit]
    /// Replace an existing file: the original (no `saveAs`) or the `saveAs` file.
    var overwrite: Bool?
    /// A file name beside the original; its extension names the format written (another than
    /// the original's converts).
    var saveAs: String?

    /// `name` beside `original`, and the format its extension names, when it is a plain file
    /// name (no folder, not hidden, no control character) with the extension of a format that is
    /// both written and read (the save is read back and shown).
    static func sibling(named name: String, of original: String) -> (path: String, format: CaptionFormat)? {
        guard !name.isEmpty, name.utf8.count <= 255, !name.hasPrefix("."), !name.contains("/"),
            !name.contains("\\"), !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { return nil }
        guard name.contains("."), let format = CaptionFormatRegistry.standard.format(forPath: name),
            format.writer != nil, format.reader != nil
        else { return nil }
        guard let slash = original.lastIndex(of: "/") else { return (name, format) }
        return (String(original[...slash]) + name, format)
    }
}

/// What a save came to, for the HTTP status.
enum ReviewSaveOutcome: Sendable {
    case saved([UInt8])
    case notFound
    case refused(String)
    case conflict(String)
}
