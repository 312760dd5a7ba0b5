import CaptionCore
import Media

extension CompositionPlan {
    struct Builder {
        let file: CompositionFile
        let fileName: String
        let probe: any SourceProbing
        var composition = MutableComposition()
        var placed: [PlacedClip] = []
        var firstFacts: SourceFacts?
        /// Extra tracks' IDs by name.
        var named: [String: (id: Int, type: CompositionTrack.MediaType, location: JSONLocation)] = [:]
        /// Target ranges of the cross-fades (for the audio mix).
        var fades: [(range: TimeRange, outgoing: Int, incoming: Int)] = []
        var hasAudio = false

        init(file: CompositionFile, fileName: String, probe: any SourceProbing) {
            self.file = file
            self.fileName = fileName
            self.probe = probe
        }

        func fail(_ at: JSONLocation, _ message: String) -> CompositionFileError {
            CompositionFileError(file: fileName, location: at, message: message)
        }

        func resolve(_ path: String) -> String {
            path.hasPrefix("/") || file.baseDirectory.isEmpty || file.baseDirectory == "."
                ? path : file.baseDirectory + "/" + path
        }

        func facts(_ clip: CompositionFile.Clip) throws(CompositionFileError) -> SourceFacts {
            do {
                return try probe.facts(of: resolve(clip.source))
            } catch .noSuchFile {
                throw fail(clip.location(of: "source"), "no such file \"\(clip.source)\"")
            } catch {
                guard case .unreadable(let why) = error else { throw fail(clip.location(of: "source"), "\(error)") }
                throw fail(clip.location(of: "source"), "cannot read \"\(clip.source)\": \(why)")
            }
        }

        static func text(_ t: MediaTime) -> String { CompositionError.text(t) }

        /// The source range of `clip` in `track`, checked against it.
        func sourceRange(_ clip: CompositionFile.Clip, _ track: SourceTrack, kind: String) throws(CompositionFileError)
            -> TimeRange
        {
            let available = track.timeRange
            let end = clip.outPoint ?? available.end
            let range = TimeRange(start: clip.inPoint, end: end)
            guard range.duration > .zero, available.contains(range) else {
                let key = clip.outPoint != nil && end > available.end ? "out" : "in"
                throw fail(
                    clip.location(of: key),
                    "the range \(Self.text(range.start)) to \(Self.text(range.end)) s lies outside the source's \(kind) track, "
                        + "which has media from \(Self.text(available.start)) to \(Self.text(available.end)) s")
            }
            return range
        }

        func targetDuration(_ source: MediaTime, _ clip: CompositionFile.Clip) throws(CompositionFileError) -> MediaTime
        {
            if clip.speed.isOne { return source }
            do {
                return try source.checkedMultiplying(by: clip.speed.denominator, dividingBy: clip.speed.numerator)
            } catch {
                throw fail(clip.location(of: "speed"), "the clip's duration at this speed does not fit a media time")
            }
        }

        mutating func build() throws(CompositionFileError) {
            composition.addMutableTrack(withMediaType: .video, preferredTrackID: CompositionPlan.videoA)
            let usesB = file.clips.contains {
                if case .clip(let c) = $0 { return c.crossfade != nil } else { return false }
            }
            if usesB { composition.addMutableTrack(withMediaType: .video, preferredTrackID: CompositionPlan.videoB) }
            composition.addMutableTrack(withMediaType: .audio, preferredTrackID: CompositionPlan.audioA)
            if usesB { composition.addMutableTrack(withMediaType: .audio, preferredTrackID: CompositionPlan.audioB) }
            var cursor = MediaTime.zero
            var onB = false
            var previous: (duration: MediaTime, isClip: Bool)? = nil
            for item in file.clips {
                switch item {
                case .empty(let d, _):
                    cursor = cursor + d
                    previous = (d, false)
                case .clip(let clip):
                    let facts = try facts(clip)
                    if firstFacts == nil { firstFacts = facts }
                    guard let video = facts.video else {
                        throw fail(
                            clip.location(of: "source"),
                            "\"\(clip.source)\" has no video track; the main sequence needs one")
                    }
                    let range = try sourceRange(clip, video, kind: "video")
                    let length = try targetDuration(range.duration, clip)
                    var start = cursor
                    if let fade = clip.crossfade {
                        guard let p = previous, p.isClip else {
                            throw fail(
                                clip.location(of: "transition"),
                                "a cross-fade needs a clip right before it, not an empty range")
                        }
                        guard fade <= p.duration, fade <= length else {
                            throw fail(
                                clip.location(of: "transition").child("duration"),
                                "the cross-fade of \(Self.text(fade)) s is longer than the clip before (\(Self.text(p.duration)) s) or this one (\(Self.text(length)) s)"
                            )
                        }
                        start = cursor - fade
                        let outgoing = onB ? CompositionPlan.videoB : CompositionPlan.videoA
                        onB.toggle()
                        fades.append(
                            (
                                TimeRange(start: start, end: cursor), outgoing,
                                onB ? CompositionPlan.videoB : CompositionPlan.videoA
                            ))
                    }
                    let videoID = onB ? CompositionPlan.videoB : CompositionPlan.videoA
                    let audioID = onB ? CompositionPlan.audioB : CompositionPlan.audioA
                    try place(clip, range: range, length: length, source: video, at: start, trackID: videoID)
                    if clip.audio, let audio = facts.audio {
                        let cut = range.intersection(audio.timeRange)
                        if cut.isValid, cut.duration > .zero {
                            // The sound starts where its part of the range starts, at the same speed.
                            let offset = try targetDuration(cut.start - range.start, clip)
                            var c = clip
                            c.inPoint = cut.start
                            c.outPoint = cut.end
                            try place(
                                c, range: cut, length: try targetDuration(cut.duration, clip), source: audio,
                                at: start + offset, trackID: audioID, record: false)
                            hasAudio = true
                        }
                    }
                    placed.append(
                        PlacedClip(
                            clip: clip, path: resolve(clip.source),
                            mapping: TimeMapping(source: range, target: TimeRange(start: start, duration: length)),
                            videoTrackID: videoID))
                    cursor = start + length
                    previous = (length, true)
                }
            }
            if let last = file.clips.last, case .empty(let d, let at) = last {
                // A trailing empty range lengthens the movie: black and silence.
                do {
                    try composition.editTrack(CompositionPlan.videoA) {
                        (t: inout CompositionTrack) throws(CompositionError) in
                        try t.insertEmptyTimeRange(TimeRange(start: t.duration, end: cursor))
                    }
                } catch {
                    throw fail(at, error.description)
                }
                _ = d
            }
            try placeTracks()
        }

        /// Inserts the clip's range on `trackID` at `at`, then scales it to `length`.
        mutating func place(
            _ clip: CompositionFile.Clip, range: TimeRange, length: MediaTime, source: SourceTrack, at: MediaTime,
            trackID: Int, record: Bool = true
        ) throws(CompositionFileError) {
            do {
                try composition.editTrack(trackID) { (t: inout CompositionTrack) throws(CompositionError) in
                    try t.insertTimeRange(range, of: source, at: at)
                    if length != range.duration {
                        try t.scaleTimeRange(TimeRange(start: at, duration: range.duration), toDuration: length)
                    }
                }
            } catch {
                throw fail(clip.location, error.description)
            }
        }

        mutating func placeTracks() throws(CompositionFileError) {
            var nextID = 5
            for track in file.tracks {
                let id = composition.addMutableTrack(withMediaType: track.mediaType, preferredTrackID: nextID)
                nextID = id + 1
                named[track.name] = (id, track.mediaType, track.location)
                var end = MediaTime.zero
                for clip in track.clips {
                    let facts = try facts(clip)
                    guard let source = track.mediaType == .video ? facts.video : facts.audio else {
                        throw fail(
                            clip.location(of: "source"), "\"\(clip.source)\" has no \(track.mediaType.rawValue) track")
                    }
                    let range = try sourceRange(clip, source, kind: track.mediaType.rawValue)
                    let length = try targetDuration(range.duration, clip)
                    guard clip.at >= end else {
                        throw fail(
                            clip.location(of: "at"),
                            "starts at \(Self.text(clip.at)) s, before the clip before it on this track ends (\(Self.text(end)) s)"
                        )
                    }
                    try place(clip, range: range, length: length, source: source, at: clip.at, trackID: id)
                    if track.mediaType == .audio { hasAudio = true }
                    placed.append(
                        PlacedClip(
                            clip: clip, path: resolve(clip.source),
                            mapping: TimeMapping(source: range, target: TimeRange(start: clip.at, duration: length)),
                            videoTrackID: track.mediaType == .video ? id : nil))
                    end = clip.at + length
                }
            }
        }

        /// The track ID a layer names.
        func trackID(named name: String, at: JSONLocation) throws(CompositionFileError) -> Int {
            switch name {
            case "A": return CompositionPlan.videoA
            case "B" where composition.track(withTrackID: CompositionPlan.videoB) != nil: return CompositionPlan.videoB
            default:
                guard let t = named[name], t.type == .video else {
                    throw fail(
                        at.child("track"), "no video track \"\(name)\" (A, B with cross-fades, or a video track's name)"
                    )
                }
                return t.id
            }
        }
    }
}
