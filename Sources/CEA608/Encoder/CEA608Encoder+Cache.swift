// Encoding a document that differs from the last one in a few captions
// (CEA608EncodingCache, CEA608EncoderState+Checkpoint.swift).
import CaptionCore

extension CEA608Encoder {
    /// The same result as ``transmissionPlans(for:rate:)``, working from the last document
    /// encoded with `cache` where it can, and leaving this one in it.
    ///
    /// A caption whose text, style and region equal the cached one's at the same index keeps
    /// its layout findings (moved to its time), and is laid out again only where a unit it
    /// belongs to is encoded. Where the display units come out as many as the cached ones, the
    /// encoder resumes from the last checkpoint before the first unit that differs, and, past
    /// the last unit that differs, stops at the first checkpoint where its state is the cached
    /// one there: the rest is the cached encoding's. Otherwise the whole document is encoded.
    public func transmissionPlans(for captions: [Caption], rate: FrameRate, reusing cache: CEA608EncodingCache)
        -> CEA608EncodingResult
    {
        let reusable = cache.channel == channel && cache.rate == rate
        var diagnostics: [Diagnostic] = []
        var findings = [[Diagnostic]?](repeating: nil, count: captions.count)
        // Rows laid out now, and which captions are laid out as the cached ones.
        var rows = [[CEA608Row]?](repeating: nil, count: captions.count)
        var sameLayout = [Bool](repeating: false, count: captions.count)
        let units = unitsWithoutRows(captions, rate: rate, diagnostics: &diagnostics) {
            caption, index, mode, location in
            if reusable, cache.layoutFindings.indices.contains(index), var found = cache.layoutFindings[index] {
                // A layout depends on the caption's text, style and region, and on its time only
                // for where its findings are (`location`).
                var moved = caption
                moved.timeRange = cache.captions[index].timeRange
                if moved == cache.captions[index] {
                    if caption.timeRange != moved.timeRange {
                        for finding in found.indices { found[finding].location = location }
                    }
                    findings[index] = found
                    sameLayout[index] = true
                    return found
                }
            }
            let layout = CEA608CaptionLayout(caption: caption, captionIndex: index, mode: mode, location: location)
            rows[index] = layout.rows
            findings[index] = layout.diagnostics
            return layout.diagnostics
        }
        func isCached(_ index: Int) -> Bool {
            cache.units[index] == units[index] && units[index].captionIndices.allSatisfy { sameLayout[$0] }
        }
        let interval = CEA608EncodingCache.checkpointInterval
        var state = EncoderState(channel: channel, rate: rate)
        var checkpoints: [EncoderState.Checkpoint] = []
        var next = 0
        // The units after the last that differs are the cached ones (nil: encode them all).
        var sameAfter: Int?
        if reusable, cache.units.count == units.count, !cache.checkpoints.isEmpty {
            let firstChange = units.indices.first { !isCached($0) }
            let lastChange = units.indices.last { !isCached($0) }
            // The cached captions and units are compared; they are not needed while encoding (a
            // caller that changed a few captions holds a copy of the document beside them).
            cache.units = []
            cache.captions = []
            cache.layoutFindings = []
            guard let first = firstChange, let last = lastChange else {
                // Nothing differs: the cached plans are this document's.
                cache.captions = captions
                cache.layoutFindings = findings
                cache.units = units
                cache.unitsEncoded = 0
                return CEA608EncodingResult(plans: cache.plans, diagnostics: diagnostics + cache.diagnostics)
            }
            if let resume = cache.checkpoints.last(where: { $0.unit <= first }) {
                state = EncoderState(
                    resuming: resume, plans: cache.plans, ends: cache.ends, diagnostics: cache.diagnostics,
                    channel: channel, rate: rate)
                checkpoints = Array(cache.checkpoints.prefix { $0.unit <= resume.unit })
                next = resume.unit
                sameAfter = last
                // With no checkpoint after the last change the rest cannot be the cached
                // encoding's: it goes now, so that a document changed to its end (the fixer
                // moves every caption after one it delays) is not held twice.
                if cache.checkpoints.last.map({ $0.unit <= last }) ?? true {
                    cache.plans = []
                    cache.ends = []
                    cache.diagnostics = []
                }
            }
        }
        state.plans.reserveCapacity(units.count)
        state.ends.reserveCapacity(units.count)
        var continued = false
        var encoded = 0
        while next < units.count {
            if next % interval == 0 && checkpoints.last.map({ $0.unit < next }) ?? true {
                let here = state.checkpoint(beforeUnit: next)
                if let sameAfter, next > sameAfter, let index = cache.checkpoint(at: next),
                    here.continues(as: cache.checkpoints[index])
                {
                    // The cached checkpoints from here on count the findings the cached encoding
                    // made before them; this one may have made more or fewer.
                    let findingsAhead = state.diagnostics.count - cache.checkpoints[index].diagnosticCount
                    state.finish(
                        continuingAs: cache.checkpoints[index], plans: cache.plans, ends: cache.ends,
                        diagnostics: cache.diagnostics)
                    checkpoints += cache.checkpoints[index...].map { checkpoint in
                        var checkpoint = checkpoint
                        checkpoint.diagnosticCount += findingsAhead
                        return checkpoint
                    }
                    continued = true
                    break
                }
                checkpoints.append(here)
            }
            var unit = units[next]
            unit.rows = Self.rows(of: unit) { index in
                if let laidOut = rows[index] { return laidOut }
                let caption = captions[index]
                return CEA608CaptionLayout(
                    caption: caption, captionIndex: index, mode: Self.mode(of: caption),
                    location: DiagnosticLocation(time: caption.timeRange.start)
                ).rows
            }
            // A caption's rows serve one unit, but in a scene of captions shown together.
            if !unit.mergesRows, let index = unit.captionIndices.first { rows[index] = nil }
            state.add(unit, location: DiagnosticLocation(time: rate.time(ofFrame: unit.startFrame)))
            next += 1
            encoded += 1
        }
        if !continued { state.finish() }
        cache.channel = channel
        cache.rate = rate
        cache.captions = captions
        cache.layoutFindings = findings
        cache.units = units
        cache.plans = state.plans
        cache.ends = state.ends
        cache.diagnostics = state.diagnostics
        cache.checkpoints = checkpoints
        cache.unitsEncoded = encoded
        diagnostics += state.diagnostics
        return CEA608EncodingResult(plans: state.plans, diagnostics: diagnostics)
    }
}
