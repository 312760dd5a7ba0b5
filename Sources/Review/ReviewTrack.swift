import CaptionCore
import CaptionKit
import Render
import Validation

/// One caption file under review: its bytes as read, the document, the validator's findings and
/// the renderer that draws its overlays. Lives inside ``ReviewStore`` (the renderer is not
/// `Sendable`).
final class ReviewTrack {
    /// The file now shown: the one named on the command line, or the file a "save as" wrote.
    private(set) var path: String
    /// The format of the file now shown (a "save as" may convert).
    private(set) var format: CaptionFormat
    /// The file's bytes as last read or written: what a save with no edit writes again (none
    /// for a movie's own captions, which are read from the movie piece by piece).
    private(set) var bytes: [UInt8]
    /// Whether the captions are the movie's own (`captions review movie.mp4 embedded`) until a
    /// "save as" writes them to a caption file.
    var isEmbedded: Bool { format.writer == nil }
    private(set) var document: CaptionDocument
    private(set) var readDiagnostics: [Diagnostic]
    private(set) var findings: [CaptionConversionWarning] = []
    /// The rate the page counts frames in: the file's timecode rate, else the movie's.
    let frameRate: FrameRate
    private let bounds: RenderSize
    private let fonts: FontCatalog
    private var renderer: CaptionRenderer
    private(set) var scenes: [CaptionRendererScene] = []
    /// Counts saves, so that the page asks for new overlays after one.
    private(set) var revision = 0
    private var overlayCache: [Int: [UInt8]] = [:]
    /// The page's unsaved edits, drawn: the last few sent, newest last.
    private var drafts: [ReviewDraft] = []
    private var nextDraft = 1
    /// Draws the drafts (its captions are set to the draft asked for; a caption that stays
    /// keeps its layers).
    private var draftRenderer: CaptionRenderer?
    /// How many drafts are kept: the page asks for the newest; an older one is asked for only
    /// while an answer is on its way.
    static let keptDrafts = 4

    init(path: String, movieRate: FrameRate?, bounds: RenderSize, fonts: FontCatalog) throws {
        let (bytes, result, format) = try Self.read(path, format: nil)
        if let error = result.diagnostics.first(where: { $0.severity == .error }) {
            throw CaptionFormatError(.unreadable, error.message, at: error.location)
        }
        self.path = path
        self.format = format
        self.bytes = bytes
        self.document = result.document
        self.readDiagnostics = result.diagnostics
        self.frameRate = result.document.frameRate ?? movieRate ?? .fps29_97
        self.bounds = bounds
        self.fonts = fonts
        self.renderer = try Self.renderer(for: result.document, bounds: bounds, fonts: fonts)
        try refresh()
    }

    /// The file's bytes and the reading of those very bytes, so that what a save with no edit
    /// writes back is what was read.
    private static func read(_ path: String, format name: String?) throws -> (
        bytes: [UInt8], result: CaptionReadResult, format: CaptionFormat
    ) {
        if let format = CaptionFormatRegistry.standard.format(forPath: path), format.writer == nil,
            name == nil || name == format.name
        {
            // A movie: read from its file piece by piece, never whole, and never written back.
            let (result, format) = try CaptionFile.read(path, format: name)
            return ([], result, format)
        }
        let bytes = try FileIO.readAll(path)
        let format = try CaptionFormatRegistry.standard.inputFormat(path: path, bytes: bytes, name: name)
        guard let reader = format.reader else {
            throw CaptionFormatError(.unknownFormat, "the \(format.name) format cannot be read", at: .init(file: path))
        }
        return (bytes, try reader(bytes, CaptionFormatOptions(fileName: path)), format)
    }

    /// The renderer `captions preview` makes with its default options (CaptionStyleOptions:
    /// automatic look, adopted from the document), so that an overlay is what `preview` draws.
    private static func renderer(for document: CaptionDocument, bounds: RenderSize, fonts: FontCatalog) throws
        -> CaptionRenderer
    {
        let renderer = try CaptionRenderer(
            captions: document.captions, bounds: bounds, fonts: fonts,
            options: CaptionRenderOptions().adopting(document))
        renderer.timecodeRate = document.frameRate
        renderer.timecodeDropFrame = document.dropFrame ?? false
        return renderer
    }

    /// Validates the document again and lists its scenes.
    private func refresh() throws {
        findings = ReviewValidation.findings(document: document, format: format, file: path)
        let span = document.timeRange
        scenes = span.duration > .zero ? renderer.captionSceneChanges(in: TimeRange(start: .zero, end: span.end)) : []
        overlayCache = [:]
    }

    /// The PNG of scene `index` (transparent where no caption is), drawn at the scene's start.
    func overlay(scene index: Int) throws -> [UInt8]? {
        guard scenes.indices.contains(index) else { return nil }
        if let cached = overlayCache[index] { return cached }
        let image = try renderer.render(at: scenes[index].timeRange.start)
        let png = try ReviewPNG.encode(image)
        overlayCache[index] = png
        return png
    }

    /// The scenes of the captions as the page has them edited (`edits`, all captions, as a save
    /// sends them), under a draft number for their overlays; nil when they are the document's.
    func draft(_ edits: [ReviewEdit], maximumTextBytes: Int) throws -> ReviewDraft? {
        let edited = try ReviewEdit.apply(
            edits, to: document.captions, rate: frameRate, maximumTextBytes: maximumTextBytes)
        guard edited != document.captions else { return nil }
        if let known = drafts.first(where: { $0.captions == edited }) { return known }
        let renderer = try draftRenderer ?? Self.renderer(for: document, bounds: bounds, fonts: fonts)
        draftRenderer = renderer
        renderer.captions = edited
        let end = edited.map(\.timeRange.end).max() ?? .zero
        let scenes = end > .zero ? renderer.captionSceneChanges(in: TimeRange(start: .zero, end: end)) : []
        let draft = ReviewDraft(id: nextDraft, captions: edited, scenes: scenes)
        nextDraft += 1
        drafts.append(draft)
        if drafts.count > Self.keptDrafts { drafts.removeFirst(drafts.count - Self.keptDrafts) }
        return draft
    }

    /// The PNG of scene `index` of draft `id`; nil for a draft no longer kept or no such scene.
    func draftOverlay(_ id: Int, scene index: Int) throws -> [UInt8]? {
        guard let k = drafts.firstIndex(where: { $0.id == id }), drafts[k].scenes.indices.contains(index),
            let renderer = draftRenderer
        else { return nil }
        if let cached = drafts[k].overlays[index] { return cached }
        if renderer.captions != drafts[k].captions { renderer.captions = drafts[k].captions }
        let png = try ReviewPNG.encode(try renderer.render(at: drafts[k].scenes[index].timeRange.start))
        drafts[k].overlays[index] = png
        return png
    }

    /// The captions as WebVTT, for the page's `<track>`.
    func webVTT() throws -> [UInt8] {
        let format = try CaptionFormatRegistry.standard.format(named: "vtt")
        guard let writer = format.writer else { return Array("WEBVTT\n".utf8) }
        return try writer(document, CaptionFormatOptions()).bytes
    }

    /// Writes the edited captions (`edits`) to `target` in `format` (the file's own, unless a
    /// "save as" converts), validates what was written, and makes it the document shown.
    /// Captions no edit changes keep their times and runs; a save with no change in the same
    /// format writes the bytes read, so that the file stays byte-identical. Returns whether a
    /// caption was changed.
    func save(_ edits: [ReviewEdit], to target: String, format: CaptionFormat, overwrite: Bool, maximumTextBytes: Int)
        throws -> Bool
    {
        let edited = try ReviewEdit.apply(
            edits, to: document.captions, rate: frameRate, maximumTextBytes: maximumTextBytes)
        let changed = edited != document.captions
        var written: [Diagnostic] = []
        if changed || format.name != self.format.name {
            var copy = document
            copy.captions = edited
            // The writer's warnings (what the format cannot hold) come back to the page.
            written = try CaptionFile.write(
                copy, to: target, format: format.name, options: CaptionFormatOptions(frameRate: frameRate),
                overwrite: overwrite
            ).0.diagnostics
        } else {
            try FileIO.writeAtomically(bytes, to: target, overwrite: overwrite)
        }
        // What the page shows next is the file as a reader reads it back, with what the writer
        // said of it.
        let (rereadBytes, reread, _) = try Self.read(target, format: format.name)
        self.format = format
        path = target
        bytes = rereadBytes
        document = reread.document
        readDiagnostics = written + reread.diagnostics
        renderer = try Self.renderer(for: reread.document, bounds: bounds, fonts: fonts)
        // Drafts were edits of the document replaced; the next ones start from the saved one.
        drafts = []
        draftRenderer = nil
        revision += 1
        try refresh()
        return changed
    }
}

/// Unsaved edits the page asked to see drawn: their captions, scenes and overlays made so far.
struct ReviewDraft {
    let id: Int
    let captions: [Caption]
    let scenes: [CaptionRendererScene]
    var overlays: [Int: [UInt8]] = [:]
}
