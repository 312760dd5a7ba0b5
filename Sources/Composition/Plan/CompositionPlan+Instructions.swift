import CaptionCore
import Media

extension CompositionPlan.Builder {
    /// The file's instructions (checked like `AVVideoComposition.isValid`) or the default ones.
    func instructions() throws(CompositionFileError) -> [VideoCompositionInstruction] {
        guard let given = file.instructions else { return defaultInstructions() }
        var list: [VideoCompositionInstruction] = []
        for spec in given {
            var layers: [VideoCompositionLayerInstruction] = []
            for l in spec.layers {
                var layer = VideoCompositionLayerInstruction(
                    trackID: CompositionTrackID(try trackID(named: l.track, at: l.location)))
                for r in l.opacityRamps {
                    // A bare number is an opacity from the instruction's start.
                    let range =
                        r.timeRange == TimeRange(start: .zero, duration: .zero)
                        ? TimeRange(start: spec.timeRange.start, duration: .zero) : r.timeRange
                    layer.setOpacityRamp(from: r.start, to: r.end, timeRange: range)
                }
                for r in l.transformRamps { layer.setTransformRamp(from: r.start, to: r.end, timeRange: r.timeRange) }
                layer.cropRectangle = l.crop
                layers.append(layer)
            }
            list.append(VideoCompositionInstruction(timeRange: spec.timeRange, layerInstructions: layers))
        }
        var check = VideoComposition(compositor: LayerInstructionCompositor())
        check.instructions = list
        let videoIDs = Set(composition.tracks(withMediaType: .video).map { CompositionTrackID($0.trackID) })
        do {
            try check.validate(duration: composition.duration, videoTrackIDs: videoIDs, sampleDataTrackIDs: [])
        } catch {
            throw locate(error, given)
        }
        return list
    }

    /// Names the instruction a validation failure is about, by its JSON path.
    func locate(_ error: VideoCompositionError, _ given: [CompositionFile.Instruction]) -> CompositionFileError {
        let base = file.instructionsLocation ?? JSONLocation(path: "$.video.instructions", line: 1, column: 1)
        func at(_ n: Int) -> JSONLocation { given.indices.contains(n - 1) ? given[n - 1].location : base }
        let t = Self.text
        switch error {
        case .gap(let n, let from, let to):
            return fail(at(n), "gap from \(t(from)) to \(t(to)) s: no instruction covers it")
        case .overlap(let n, let m, let from, let to):
            return fail(at(n), "overlaps \(base.path)[\(m - 1)] from \(t(from)) to \(t(to)) s")
        case .notCovered(let from, let to):
            return fail(
                at(given.count), "the instructions end at \(t(from)) s but the composition lasts until \(t(to)) s")
        case .invalidTimeRange(let n, _), .missingTrack(let n, _, _), .invalidRamp(let n, _, _),
            .undeclaredSampleDataTrack(let n, _):
            return fail(at(n), error.description)
        case .noInstructions:
            return fail(base, "no instructions: leave \"instructions\" out to have them built from the clips")
        case .invalidFrameDuration, .invalidRenderSize:
            return fail(base, error.description)
        }
    }

    /// Cuts at every segment edge of the video tracks; in each span the tracks with media, the
    /// other tracks' layers on top (the later listed higher), then the main sequence's: at a
    /// cross-fade the outgoing clip above the incoming one, its opacity ramping from 1 to 0.
    func defaultInstructions() -> [VideoCompositionInstruction] {
        let video = composition.tracks(withMediaType: .video)
        var edges: Set<MediaTime> = [.zero, composition.duration]
        for t in video {
            for s in t.segments where !s.isEmpty {
                edges.insert(s.targetRange.start)
                edges.insert(s.targetRange.end)
            }
        }
        let times = edges.filter { $0 <= composition.duration }.sorted()
        var out: [VideoCompositionInstruction] = []
        let extra = video.filter { $0.trackID != CompositionPlan.videoA && $0.trackID != CompositionPlan.videoB }
        for (start, end) in zip(times, times.dropFirst()) where end > start {
            let span = TimeRange(start: start, end: end)
            func playing(_ t: CompositionTrack) -> CompositionTrackSegment? {
                t.segment(at: start).flatMap { $0.isEmpty ? nil : $0 }
            }
            var layers: [VideoCompositionLayerInstruction] = []
            for t in extra.reversed() where playing(t) != nil {
                layers.append(VideoCompositionLayerInstruction(trackID: CompositionTrackID(t.trackID)))
            }
            let main = video.filter { $0.trackID == CompositionPlan.videoA || $0.trackID == CompositionPlan.videoB }
                .compactMap { t in playing(t).map { (t.trackID, $0) } }
                .sorted { $0.1.targetRange.start < $1.1.targetRange.start }
            for (i, (id, _)) in main.enumerated() {
                var layer = VideoCompositionLayerInstruction(trackID: CompositionTrackID(id))
                if main.count > 1, i == 0 { layer.setOpacityRamp(from: 1, to: 0, timeRange: span) }
                layers.append(layer)
            }
            out.append(VideoCompositionInstruction(timeRange: span, layerInstructions: layers))
        }
        return out
    }

    /// Volumes of the audio tracks: cross-fades on the main sequence's two tracks, then the
    /// file's volumes and ducking. Ramps follow AVFoundation: before the first, the track's
    /// volume; between ramps, the end of the last one passed.
    func mix() throws(CompositionFileError) -> [CompositionPlan.PlannedVolume] {
        var volumes: [Int: CompositionPlan.PlannedVolume] = [:]
        for t in composition.tracks(withMediaType: .audio) {
            volumes[t.trackID] = CompositionPlan.PlannedVolume(trackID: t.trackID, volume: 1, ramps: [])
        }
        func ids(_ name: String, _ at: JSONLocation) throws(CompositionFileError) -> [Int] {
            if name == "clips" {
                return [CompositionPlan.audioA, CompositionPlan.audioB].filter { volumes[$0] != nil }
            }
            guard let t = named[name], t.type == .audio else {
                throw fail(
                    at, "no audio track \"\(name)\" (\"clips\" for the main sequence's sound, or an audio track's name)"
                )
            }
            return [t.id]
        }
        var base: [Int: Float] = [:]
        for rule in file.audioMix {
            if case .volume(let name, let v, let ramps, let at) = rule {
                for id in try ids(name, at.child("track")) {
                    base[id] = v
                    volumes[id]?.volume = v
                    volumes[id]?.ramps += ramps
                }
            }
        }
        for f in fades {
            let outgoing = f.outgoing == CompositionPlan.videoA ? CompositionPlan.audioA : CompositionPlan.audioB
            let incoming = f.incoming == CompositionPlan.videoA ? CompositionPlan.audioA : CompositionPlan.audioB
            let vo = base[outgoing] ?? 1
            let vi = base[incoming] ?? 1
            volumes[outgoing]?.ramps.append(.init(timeRange: f.range, from: vo, to: 0))
            volumes[incoming]?.ramps.append(.init(timeRange: f.range, from: 0, to: vi))
            // The outgoing track is silent after its clip; back to its volume for its next clip.
            volumes[outgoing]?.ramps.append(
                .init(timeRange: TimeRange(start: f.range.end, duration: .zero), from: vo, to: vo))
        }
        for rule in file.audioMix {
            guard case .duck(let name, let under, let v, let fade, let at) = rule else { continue }
            let targets = try ids(name, at.child("duck"))
            let voices = try ids(under, at.child("under"))
            var spans: [TimeRange] = []
            for id in voices {
                for s in composition.track(withTrackID: id)?.segments ?? [] where !s.isEmpty {
                    spans.append(s.targetRange)
                }
            }
            spans.sort { $0.start < $1.start }
            var merged: [TimeRange] = []
            for s in spans {
                if let last = merged.last, s.start <= last.end + fade + fade {
                    merged[merged.count - 1] = TimeRange(start: last.start, end: .maximum(last.end, s.end))
                } else {
                    merged.append(s)
                }
            }
            for id in targets {
                let normal = base[id] ?? 1
                for s in merged {
                    let down = TimeRange(start: .maximum(.zero, s.start - fade), end: s.start)
                    volumes[id]?.ramps.append(.init(timeRange: down, from: normal, to: v))
                    volumes[id]?.ramps.append(
                        .init(timeRange: TimeRange(start: s.end, duration: fade), from: v, to: normal))
                }
            }
        }
        return volumes.keys.sorted().compactMap { id in
            volumes[id].map { p in
                var p = p
                p.ramps.sort { $0.timeRange.start < $1.timeRange.start }
                return p
            }
        }
    }
}
