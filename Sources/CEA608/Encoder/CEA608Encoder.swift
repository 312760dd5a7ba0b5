// The CEA-608 encoder. Sources: 47 CFR 15.119 (now 47 CFR 79.101): (f) caption modes — pop-on
// (RCL, load, EOC), roll-up (RU2–RU4, CR on the base row), paint-on (RDC); (i) control codes
// twice; EDM and ENM from the miscellaneous control codes table. See Specs/scc.md, "Writing".
import CaptionCore
import Foundation

/// Turns captions into transmission plans: the words each caption needs and the frames they are
/// tied to, ready for ``TransmissionScheduler``.
///
/// Pop-on captions that overlap in time are shown together: each stretch of frames with the same
/// set of pop-on captions becomes one scene, loaded and swapped in by EOC. A caption whose region
/// scrolls (`.rollUp(rows:)`) is a roll-up line on the region's last row; a caption animated with
/// `.characterReveal` is painted on. The encoder follows the decoder's memories so that it sends
/// ENM only when non-displayed memory may hold text, and EDM only when nothing replaces a caption
/// at its end: an EOC, a roll-up CR or a new caption starting on that very frame removes it.
public struct CEA608Encoder: Sendable {
    /// The caption service written.
    public var channel: CaptionChannel

    public init(channel: CaptionChannel = .cc1) {
        self.channel = channel
    }

    /// The plans for `captions` at `rate`, in start order, and what had to change.
    ///
    /// Times are rounded to the nearest frame (reported when off the grid). Captions that last
    /// less than a frame are reported and not written.
    public func transmissionPlans(for captions: [Caption], rate: FrameRate) -> CEA608EncodingResult {
        var diagnostics: [Diagnostic] = []
        let units = displayUnits(captions, rate: rate, diagnostics: &diagnostics)
        var state = EncoderState(channel: channel, rate: rate)
        for unit in units {
            state.add(unit, location: DiagnosticLocation(time: rate.time(ofFrame: unit.startFrame)))
        }
        state.finish()
        diagnostics += state.diagnostics
        return CEA608EncodingResult(plans: state.plans, diagnostics: diagnostics)
    }

    /// The largest frame number the encoder accepts.
    static let frameLimit: Int64 = 1 << 40

    /// The mode a caption is sent in.
    public static func mode(of caption: Caption) -> CEA608CaptionMode {
        if case .rollUp(let rows) = caption.region?.scroll { return .rollUp(rows: min(max(rows, 2), 4)) }
        if caption.animation == .characterReveal { return .paintOn }
        return .popOn
    }

    // MARK: - Display units

    /// The display units of `captions`, with their rows.
    func displayUnits(_ captions: [Caption], rate: FrameRate, diagnostics: inout [Diagnostic])
        -> [CEA608DisplayUnit]
    {
        var rows = [[CEA608Row]](repeating: [], count: captions.count)
        var units = unitsWithoutRows(captions, rate: rate, diagnostics: &diagnostics) {
            caption, index, mode, location in
            let layout = CEA608CaptionLayout(caption: caption, captionIndex: index, mode: mode, location: location)
            rows[index] = layout.rows
            return layout.diagnostics
        }
        for index in units.indices { units[index].rows = Self.rows(of: units[index]) { rows[$0] } }
        return units
    }

    /// The display units of `captions` with no rows yet (``rows(of:layout:)`` gives them), in
    /// start order; `layOut` lays a caption out, given it, its index, its mode and the location
    /// of its findings, and returns the findings.
    func unitsWithoutRows(
        _ captions: [Caption], rate: FrameRate, diagnostics: inout [Diagnostic],
        layOut: (Caption, Int, CEA608CaptionMode, DiagnosticLocation) -> [Diagnostic]
    ) -> [CEA608DisplayUnit] {
        var units: [CEA608DisplayUnit] = []
        var popOn: [(index: Int, start: Int64, end: Int64)] = []
        for (index, caption) in captions.enumerated() {
            let location = DiagnosticLocation(time: caption.timeRange.start)
            // Frames beyond ±2⁴⁰ (over a thousand years) are refused, so frame arithmetic never
            // overflows.
            guard let start = rate.frame(at: caption.timeRange.start, rounding: .nearestOrAwayFromZero),
                let end = rate.frame(at: caption.timeRange.end, rounding: .nearestOrAwayFromZero),
                start.magnitude < Self.frameLimit, end.magnitude < Self.frameLimit
            else {
                diagnostics.append(
                    Diagnostic(
                        .error, "608.time", "caption \(index + 1) has no valid time range; not written", at: location))
                continue
            }
            if !rate.isOnFrameGrid(caption.timeRange.start) || !rate.isOnFrameGrid(caption.timeRange.end) {
                diagnostics.append(
                    Diagnostic(
                        .info, "608.frame-grid", "caption \(index + 1): times rounded to the nearest frame",
                        at: location, suggestedFix: "put caption times on the \(rate) fps frame grid"))
            }
            guard end > start else {
                diagnostics.append(
                    Diagnostic(
                        .error, "608.time", "caption \(index + 1) lasts less than one frame; not written",
                        at: location, suggestedFix: "give the caption at least one frame"))
                continue
            }
            let mode = Self.mode(of: caption)
            if case .rollUp(let rows) = caption.region?.scroll, !(2...4).contains(rows) {
                diagnostics.append(
                    Diagnostic(
                        .warning, "608.roll-up-rows",
                        "caption \(index + 1): roll-up window of \(rows) rows; using \(mode)",
                        at: location, suggestedFix: "use a window of 2, 3 or 4 rows"))
            }
            diagnostics += layOut(caption, index, mode, location)
            if mode == .popOn {
                popOn.append((index, start, end))
            } else {
                units.append(
                    CEA608DisplayUnit(captionIndices: [index], mode: mode, startFrame: start, endFrame: end, rows: []))
            }
        }
        units += Self.scenes(popOn)
        // Stable: units that start together keep document order.
        var order = Array(units.indices)
        order.sort { (units[$0].startFrame, $0) < (units[$1].startFrame, $1) }
        return order.map { units[$0] }
    }

    /// A unit's rows, given its captions' rows by caption index: a scene of captions shown
    /// together has all of theirs, in row order.
    static func rows(of unit: CEA608DisplayUnit, layout: (Int) -> [CEA608Row]) -> [CEA608Row] {
        guard unit.mergesRows else { return unit.captionIndices.first.map(layout) ?? [] }
        return unit.captionIndices.flatMap(layout).sorted { $0.row < $1.row }
    }

    /// Splits pop-on captions into scenes: each stretch of frames with the same captions visible.
    static func scenes(_ captions: [(index: Int, start: Int64, end: Int64)]) -> [CEA608DisplayUnit] {
        // Usually no two overlap: each caption is a scene.
        var overlapping = false
        for index in captions.indices.dropFirst() where captions[index].start < captions[index - 1].end {
            overlapping = true
            break
        }
        if !overlapping {
            return captions.map {
                CEA608DisplayUnit(
                    captionIndices: [$0.index], mode: .popOn, startFrame: $0.start, endFrame: $0.end, rows: [])
            }
        }
        var boundaries: [Int64] = []
        boundaries.reserveCapacity(captions.count * 2)
        for caption in captions {
            boundaries.append(caption.start)
            boundaries.append(caption.end)
        }
        boundaries.sort()
        let order = captions.indices.sorted { captions[$0].start < captions[$1].start }
        var units: [CEA608DisplayUnit] = []
        var active: [Int] = []
        var next = 0
        var previous: Int64?
        for boundary in boundaries {
            if let from = previous, from < boundary {
                active.removeAll { captions[$0].end <= from }
                while next < order.count, captions[order[next]].start <= from {
                    active.append(order[next])
                    next += 1
                }
                active.removeAll { captions[$0].end <= from }
                if !active.isEmpty {
                    let members = active.sorted { captions[$0].index < captions[$1].index }
                    let indices = members.map { captions[$0].index }
                    if let last = units.last, last.endFrame == from, last.captionIndices == indices {
                        units[units.count - 1].endFrame = boundary
                    } else {
                        units.append(
                            CEA608DisplayUnit(
                                captionIndices: indices, mode: .popOn, startFrame: from, endFrame: boundary, rows: [],
                                mergesRows: true))
                    }
                }
            }
            previous = boundary
        }
        return units
    }
}
