import CaptionCore

/// Draws captions on pictures, like `AVCaptionRenderer`: set ``captions`` and ``bounds``, then
/// render at a time into an RGBA picture or a YUV 4:2:0 frame.
///
/// The work runs as a pipeline of named stages, as in libass: style runs → bidi → shaping →
/// glyph rasterizing → line layout and wrapping → region placement → compositing. Scenes come
/// from ``CaptionGrouper``; each caption's layers are kept, so a caption that has not changed is
/// never laid out or rasterized again, and ``statistics`` counts to prove it.
///
/// A renderer is not thread-safe; use one per thread.
public final class CaptionRenderer {
    /// The captions to draw. Changing them keeps the layers of captions that stay.
    public var captions: [Caption] {
        didSet { scenes = nil; sceneLayers.removeAll() }
    }
    /// The size of the picture the captions are drawn on.
    public var bounds: RenderSize {
        didSet { if bounds != oldValue { invalidate() } }
    }
    public var options: CaptionRenderOptions {
        didSet { if options != oldValue { invalidate() } }
    }
    /// What the user should know, such as characters no font has (`render.missingGlyph`).
    public private(set) var diagnostics: [Diagnostic] = []
    public private(set) var statistics = RenderStatistics()
    /// The font faces that have drawn some character so far, in the order first used.
    public var fontsUsed: [FontFaceDescriptor] { fonts.used }
    /// How diagnostics write times: as timecode at this rate when set, else as seconds.
    public var timecodeRate: FrameRate?
    public var timecodeDropFrame = false

    private let fonts: FontFallback
    private let shaper: ShapingStage
    private let rasterizer: GlyphRasterizer
    private let compositor = Compositor()
    private var scenes: [CaptionGroup]?
    /// Layers per caption and place: the cache that makes an unchanged caption free.
    private var captionLayers: [PlacedCaption: CaptionLayers] = [:]
    /// Layers per scene index, assembled from ``captionLayers``.
    private var sceneLayers: [Int: [CaptionImage]] = [:]
    private var reportedMissing: Set<Unicode.Scalar> = []
    /// The room each caption's lines take in its region (``stackedExtents(in:)``).
    private var blockExtents: [Caption: Double] = [:]
    /// The regions shown with no caption in them, and their layers once drawn.
    private var backdrops: RegionBackdrops

    /// - Parameter fonts: where faces come from; ``FontCatalog/system(overrideFiles:)`` by default.
    public init(
        captions: [Caption] = [], bounds: RenderSize = .hd1080, fonts: (any FontProvider)? = nil,
        options: CaptionRenderOptions = .init()
    ) throws(RenderError) {
        guard bounds.isUsable else { throw .invalidSize(width: bounds.width, height: bounds.height) }
        self.captions = captions
        self.bounds = bounds
        self.options = options
        self.backdrops = RegionBackdrops(options.regionBackdrops)
        let provider: any FontProvider
        if let fonts { provider = fonts } else { provider = try FontCatalog.system() }
        self.fonts = try FontFallback(provider: provider)
        self.shaper = try ShapingStage()
        self.rasterizer = try GlyphRasterizer(library: self.fonts.freeTypeLibrary)
    }

    // MARK: - Scenes

    /// The spans of `range` over which the picture stays the same, in order and covering
    /// `range`, like `AVCaptionRenderer.captionSceneChanges(in:)`; a region shown with no caption
    /// in it (``CaptionRenderOptions/regionBackdrops``) starts and ends spans too, which have
    /// active captions only when some caption is on screen.
    public func captionSceneChanges(in range: TimeRange) -> [CaptionRendererScene] {
        var result: [CaptionRendererScene] = []
        var cursor = range.start
        for group in allScenes() where group.timeRange.end > range.start && group.timeRange.start < range.end {
            let start = MediaTime.maximum(group.timeRange.start, range.start)
            let end = MediaTime.minimum(group.timeRange.end, range.end)
            if cursor < start {
                result.append(
                    CaptionRendererScene(
                        timeRange: TimeRange(start: cursor, end: start), hasActiveCaptions: false,
                        needsPeriodicRefresh: false))
            }
            let flashes = group.captions.contains { $0.runs.contains { $0.style.flash } }
            result.append(
                CaptionRendererScene(
                    timeRange: TimeRange(start: start, end: end), hasActiveCaptions: true, needsPeriodicRefresh: flashes
                ))
            cursor = end
        }
        if cursor < range.end {
            result.append(
                CaptionRendererScene(
                    timeRange: TimeRange(start: cursor, end: range.end), hasActiveCaptions: false,
                    needsPeriodicRefresh: false))
        }
        return backdrops.splitting(result)
    }

    // MARK: - Rendering

    /// The layers on screen at `time`, back to front, before compositing (libass's image list):
    /// the regions shown with no caption in them, in the document's order, then the captions'.
    public func layers(at time: MediaTime) throws(RenderError) -> [CaptionImage] {
        let index = sceneIndex(at: time)
        let onScreen = index.map { allScenes()[$0].captions } ?? []
        let below = backdrops.layers(at: time, besides: onScreen, draw: emptyRegion)
        guard let index else { return below }
        let captions = try layers(ofScene: index)
        return below.isEmpty ? captions : below + captions
    }

    /// The layers of the captions of scene `index`, back to front.
    private func layers(ofScene index: Int) throws(RenderError) -> [CaptionImage] {
        if let cached = sceneLayers[index] {
            statistics.sceneCacheHits += 1
            return cached
        }
        let scene = allScenes()[index]
        let below = rollUpLinesBelow(in: scene.captions)
        var fills: [(region: CaptionRegion, layer: CaptionImage)] = []
        if options.look != .cea708 {
            fills = TimedTextLook.regionFills(
                of: scene.captions.lazy.filter { !self.usesCEA608Look($0) },
                placement: RegionPlacementStage(size: bounds, options: options), rasterizer: rasterizer)
        }
        let stacks = try stackedExtents(in: scene.captions)
        var perCaption: [CaptionLayers] = []
        for (k, (caption, lines)) in zip(scene.captions, below).enumerated() {
            perCaption.append(
                try layers(
                    for: PlacedCaption(
                        caption: caption, rollUpLinesBelow: lines, stackedBefore: stacks[k].before,
                        stackedAfter: stacks[k].after)))
        }
        let result = RegionGroups(size: bounds).layers(of: scene.captions, perCaption, fills: fills)
        sceneLayers[index] = result
        evict(before: scene.timeRange.start)
        return result
    }

    /// `region` drawn with no caption in it as the look draws it under its captions (the same
    /// area, fill and border: the iTT look's region fill, the 708 look's window), faded by its
    /// opacity as ``RegionGroups`` fades a region's captions.
    private func emptyRegion(_ region: CaptionRegion) -> [CaptionImage] {
        let placement = RegionPlacementStage(size: bounds, options: options)
        let layers: [CaptionImage]
        if options.look == .cea708 {
            let look = CEA708Look(
                styleRuns: StyleRunStage(fonts: fonts, language: options.language),
                lineLayout: LineLayoutStage(fonts: fonts, bidi: BidiStage(), shaper: shaper), placement: placement,
                options: options)
            layers = look.emptyWindow(of: region, rasterizer: rasterizer)
        } else {
            layers = TimedTextLook.regionFill(of: region, placement: placement, rasterizer: rasterizer)
        }
        guard let opacity = RegionGroups.opacity(of: region) else { return layers }
        return RegionGroups(size: bounds).group(layers, opacity: opacity).map { [$0] } ?? []
    }

    /// Paints the captions on screen at `time` over `image`.
    public func render(at time: MediaTime, into image: inout RGBAImage) throws(RenderError) {
        try checkSize(image.width, image.height)
        guard image.hasConsistentBuffer else { throw .invalidSize(width: image.width, height: image.height) }
        compositor.composite(try layers(at: time), into: &image, flashOn: flashOn(at: time))
    }

    /// Paints the captions on screen at `time` straight into the planes of `frame`.
    public func render(at time: MediaTime, into frame: inout YUV420Frame) throws(RenderError) {
        try checkSize(frame.width, frame.height)
        guard frame.hasConsistentPlanes else { throw .invalidSize(width: frame.width, height: frame.height) }
        compositor.composite(try layers(at: time), into: &frame, flashOn: flashOn(at: time))
    }

    /// The captions on screen at `time` on a transparent picture of ``bounds``.
    public func render(at time: MediaTime) throws(RenderError) -> RGBAImage {
        var image = try RGBAImage(width: bounds.width, height: bounds.height)
        try render(at: time, into: &image)
        return image
    }

    // MARK: - Internals

    private func checkSize(_ width: Int, _ height: Int) throws(RenderError) {
        if width != bounds.width || height != bounds.height { throw .invalidSize(width: width, height: height) }
    }

    /// Bounds memory on long documents: past a few hundred cached captions, those that ended
    /// before `time` go (only a seek backwards would need them again), with their scenes.
    private func evict(before time: MediaTime) {
        guard captionLayers.count > 512 else { return }
        for placed in captionLayers.keys where placed.caption.timeRange.end <= time { captionLayers[placed] = nil }
        for caption in blockExtents.keys where caption.timeRange.end <= time { blockExtents[caption] = nil }
        let s = allScenes()
        for index in sceneLayers.keys where s[index].timeRange.end <= time { sceneLayers[index] = nil }
    }

    private func invalidate() {
        captionLayers.removeAll()
        sceneLayers.removeAll()
        blockExtents.removeAll()
        backdrops = RegionBackdrops(options.regionBackdrops)
    }

    private func allScenes() -> [CaptionGroup] {
        if let scenes { return scenes }
        // A caption that never ends (a TTML `p` without an end) stays on screen.
        let s = CaptionGrouper(includesOpenEnded: true).groups(for: captions)
        scenes = s
        return s
    }

    /// Binary search over the sorted, non-overlapping scenes.
    private func sceneIndex(at time: MediaTime) -> Int? {
        let s = allScenes()
        var lo = 0, hi = s.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if s[mid].timeRange.end <= time { lo = mid + 1 } else { hi = mid }
        }
        return lo < s.count && s[lo].timeRange.contains(time) ? lo : nil
    }

    /// For each caption of a scene, the room the other captions shown in the same region take
    /// before and after it in document order (the iTT look: a TTML region's paragraphs flow into
    /// it one after another, TTML1 §9.3; without this two paragraphs at once were drawn over each
    /// other). Captions alone in their region, without one, or in the 608 or 708 looks get none.
    private func stackedExtents(in captions: [Caption]) throws(RenderError) -> [(before: Double, after: Double)] {
        var result = [(before: Double, after: Double)](repeating: (0, 0), count: captions.count)
        guard options.look != .cea708, captions.count > 1 else { return result }
        var byRegion: [CaptionRegion: [Int]] = [:]
        for (k, caption) in captions.enumerated() where !usesCEA608Look(caption) {
            guard let region = caption.region else { continue }
            byRegion[region, default: []].append(k)
        }
        let look = TimedTextLook(
            styleRuns: StyleRunStage(fonts: fonts, language: options.language),
            lineLayout: LineLayoutStage(fonts: fonts, bidi: BidiStage(), shaper: shaper),
            placement: RegionPlacementStage(size: bounds, options: options), options: options)
        for members in byRegion.values where members.count > 1 {
            var extents: [Double] = []
            for k in members {
                if let known = blockExtents[captions[k]] {
                    extents.append(known)
                } else {
                    let e = try look.blockExtent(of: captions[k])
                    blockExtents[captions[k]] = e
                    extents.append(e)
                }
            }
            let total = extents.reduce(0, +)
            var before = 0.0
            for (k, e) in zip(members, extents) {
                result[k] = (before, total - before - e)
                before += e
            }
        }
        return result
    }

    /// 608 flash: on during the first half of each period.
    private func flashOn(at time: MediaTime) -> Bool {
        let period = options.flashPeriod.seconds
        guard period > 0, time.isNumeric else { return true }
        let phase = time.seconds.truncatingRemainder(dividingBy: period)
        return (phase < 0 ? phase + period : phase) < period / 2
    }

    /// For each caption of a scene, how many lines of newer roll-up captions in the same window
    /// are on screen below it (0 for captions that do not roll up).
    ///
    /// A roll-up caption is one line as it scrolls (the SCC reader's model: Specs/scc.md); its
    /// region is the window, not the row it has reached. A decoder puts each new line on the base
    /// row and moves the others up one row (47 CFR §15.119(f)(1)), so the row of a line on
    /// screen is the base row minus the lines that arrived after it: captions in the same window
    /// stack in the order they started.
    private func rollUpLinesBelow(in captions: [Caption]) -> [Int] {
        var result = [Int](repeating: 0, count: captions.count)
        var windows: [RollUpWindow: [Int]] = [:]
        for (index, caption) in captions.enumerated() where usesCEA608Look(caption) || options.look == .cea708 {
            guard let window = RollUpWindow(caption.region) else { continue }
            windows[window, default: []].append(index)
        }
        for members in windows.values where members.count > 1 {
            // Newest first; captions that start together keep their order (the reader's: by row).
            let newestFirst = members.sorted { a, b in
                let (x, y) = (captions[a].timeRange.start, captions[b].timeRange.start)
                return x != y ? x > y : a > b
            }
            var below = 0
            for index in newestFirst {
                result[index] = below
                below += captions[index].lines.count
            }
        }
        return result
    }

    private func layers(for placed: PlacedCaption) throws(RenderError) -> CaptionLayers {
        if let cached = captionLayers[placed] { return cached }
        let caption = placed.caption
        statistics.captionsRendered += 1
        let styleRuns = StyleRunStage(fonts: fonts, language: options.language)
        let bidi = BidiStage()
        let placement = RegionPlacementStage(size: bounds, options: options)
        var missing: [Unicode.Scalar] = []
        let result: CaptionLayers
        if options.look == .cea708 {
            let lineLayout = LineLayoutStage(fonts: fonts, bidi: bidi, shaper: shaper)
            let look = CEA708Look(
                styleRuns: styleRuns, lineLayout: lineLayout, placement: placement, options: options)
            result = try look.layers(
                for: caption, rollUpLinesBelow: placed.rollUpLinesBelow, rasterizer: rasterizer, missing: &missing)
        } else if usesCEA608Look(caption) {
            let look = CEA608Look(
                styleRuns: styleRuns, bidi: bidi, shaper: shaper, placement: placement, options: options)
            result = try look.layers(
                for: caption, rollUpLinesBelow: placed.rollUpLinesBelow, rasterizer: rasterizer, missing: &missing)
        } else {
            let lineLayout = LineLayoutStage(fonts: fonts, bidi: bidi, shaper: shaper)
            let look = TimedTextLook(
                styleRuns: styleRuns, lineLayout: lineLayout, placement: placement, options: options)
            result = try look.layers(
                for: caption, stackedBefore: placed.stackedBefore, stackedAfter: placed.stackedAfter,
                rasterizer: rasterizer, missing: &missing)
        }
        for scalar in missing where reportedMissing.insert(scalar).inserted {
            diagnostics.append(missingGlyph(scalar, in: caption))
        }
        statistics.glyphsRasterized = rasterizer.rasterized
        statistics.glyphCacheHits = rasterizer.cacheHits
        statistics.fontFacesOpened = fonts.facesOpened
        captionLayers[placed] = result
        return result
    }

    /// `HH:MM:SS:FF` at ``timecodeRate``, or seconds to the millisecond.
    private func label(_ time: MediaTime) -> String {
        if let rate = timecodeRate,
            let tc = try? Timecode(time: time, rate: rate, dropFrame: timecodeDropFrame && rate.supportsDropFrame)
        {
            return tc.description
        }
        let ms = (time.seconds * 1000).roundedClamped(to: 0...Int.max)
        let frac = String(ms % 1000)
        return "\(ms / 1000).\(String(repeating: "0", count: 3 - frac.count))\(frac)s"
    }

    private func usesCEA608Look(_ caption: Caption) -> Bool {
        switch options.look {
        case .cea608: return true
        case .timedText, .cea708: return false
        case .automatic: return caption.region?.origin?.x.unit == .cells
        }
    }

    private func missingGlyph(_ scalar: Unicode.Scalar, in caption: Caption) -> Diagnostic {
        let code = HexText.codePoint(scalar)
        let name = scalar.properties.name.map { " \($0)" } ?? ""
        let start = caption.timeRange.start
        return Diagnostic(
            .warning, "render.missingGlyph",
            "no font has \(code)\(name) (\"\(Character(scalar))\"); it is drawn as the font's missing-glyph box",
            at: DiagnosticLocation(timecode: label(start), time: start),
            suggestedFix: "install a font that covers it, or pass one with \(FontCatalog.overrideWords)")
    }
}

/// Counters that show what the caches saved.
public struct RenderStatistics: Sendable, Hashable {
    /// Captions laid out and rasterized (cache misses of the caption cache).
    public var captionsRendered = 0
    /// Renders served whole from the scene cache.
    public var sceneCacheHits = 0
    /// Glyph bitmaps made by FreeType, and glyphs served from the glyph cache.
    public var glyphsRasterized = 0
    public var glyphCacheHits = 0
    /// Font faces opened so far: only those some character needed.
    public var fontFacesOpened = 0

    public init() {}
}
