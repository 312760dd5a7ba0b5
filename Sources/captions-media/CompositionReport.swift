import CaptionKit
import Composition
import Foundation
import Media

/// What `captions inspect comp.json` prints: the composition as it plays (the
/// ``CompositionAsset`` its file makes): duration, render size, frame rate, each track with its
/// segments (source file, source range → target range, speed), the video instructions and
/// cross-fades, the audio mix ramps, the titles, and per clip the captions and metadata it
/// names. Times are seconds on the movie's timeline, to the millisecond.
struct CompositionReport {
    let fileName: String
    let file: CompositionFile
    let asset: CompositionAsset

    /// How the file names track `id`: A and B (the main sequence's video), "clips" (its sound,
    /// on the A and B audio tracks), and the further tracks by their names (IDs 5, 6… in the
    /// order listed).
    func trackName(_ id: Int) -> String {
        switch id {
        case CompositionPlan.videoA: return "A"
        case CompositionPlan.videoB: return "B"
        case CompositionPlan.audioA: return "clips (A)"
        case CompositionPlan.audioB: return "clips (B)"
        default:
            let i = id - 5
            return file.tracks.indices.contains(i) ? file.tracks[i].name : "track \(id)"
        }
    }

    static func seconds(_ t: MediaTime) -> String {
        guard t.isNumeric, let ms = try? t.converted(toTimescale: 1000, rounding: .nearestOrAwayFromZero).value else {
            return t.description
        }
        let whole = ms / 1000
        var frac = String(abs(ms % 1000))
        if frac == "0" { return "\(ms < 0 && whole == 0 ? "-" : "")\(whole)" }
        while frac.count < 3 { frac = "0" + frac }
        while frac.hasSuffix("0") { frac.removeLast() }
        return "\(ms < 0 && whole == 0 ? "-" : "")\(whole).\(frac)"
    }

    static func range(_ r: TimeRange) -> String { "\(seconds(r.start))–\(seconds(r.end))" }

    /// A ramp as "from→to over start–end"; a ramp of no length, which is how `setVolume(_:at:)`,
    /// `setOpacity(_:at:)` and `setTransform(_:at:)` set a value from a time on, as "to at start".
    static func ramp(from: String, to: String, over r: TimeRange) -> String {
        r.start == r.end ? "\(to) at \(seconds(r.start))" : "\(from)→\(to) over \(range(r))"
    }

    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(format: "%.4g", v)
    }

    /// The output frame rate as frames per second, exactly when whole (30), else 3 decimals.
    var frameRate: String {
        let d = asset.frameDuration
        let rate = Double(d.timescale) / Double(d.value)
        return rate == rate.rounded() ? String(Int(rate)) : String(format: "%.3f", rate)
    }

    /// The cross-fades: each clip that fades in, over the range where it overlaps the one before.
    var transitions: [(range: TimeRange, from: String, to: String)] {
        guard let plan = asset.plan else { return [] }
        var list: [(TimeRange, String, String)] = []
        var previous: CompositionPlan.PlacedClip?
        for placed in plan.placedClips
        where placed.videoTrackID == CompositionPlan.videoA
            || placed.videoTrackID == CompositionPlan.videoB
        {
            if let fade = placed.clip.crossfade, let previous {
                list.append(
                    (
                        TimeRange(start: placed.mapping.target.start, duration: fade), previous.clip.source,
                        placed.clip.source
                    ))
            }
            previous = placed
        }
        return list
    }

    // MARK: - JSON

    func dictionary() -> [String: Any] {
        var d: [String: Any] = [
            "file": fileName, "kind": "composition", "duration": Self.seconds(asset.duration),
            "renderSize": "\(asset.renderSize.width)x\(asset.renderSize.height)", "frameRate": frameRate,
            "frameDuration": "\(asset.frameDuration.value)/\(asset.frameDuration.timescale)",
            "audio": ["sampleRate": asset.timeline.audioSampleRate, "channels": asset.timeline.audioChannelCount],
        ]
        d["tracks"] = asset.tracks.map { track -> [String: Any] in
            [
                "id": track.trackID, "name": trackName(track.trackID), "type": track.mediaType.rawValue,
                "segments": track.segments.map { s -> [String: Any] in
                    var e: [String: Any] = [
                        "target": [Self.seconds(s.targetRange.start), Self.seconds(s.targetRange.end)]
                    ]
                    if let source = s.source {
                        e["source"] = source.path
                        e["sourceTrack"] = source.trackID
                        e["sourceRange"] = [Self.seconds(source.timeRange.start), Self.seconds(source.timeRange.end)]
                        e["speed"] = Self.number(s.speed)
                    } else {
                        e["empty"] = true
                    }
                    return e
                },
            ]
        }
        d["instructions"] = asset.instructions.map { i -> [String: Any] in
            [
                "start": Self.seconds(i.timeRange.start), "end": Self.seconds(i.timeRange.end),
                "layers": i.layerInstructions.map { layer -> [String: Any] in
                    var e: [String: Any] = ["track": trackName(Int(layer.trackID))]
                    if !layer.opacityRamps.isEmpty {
                        e["opacity"] = layer.opacityRamps.map {
                            [
                                "start": Self.seconds($0.timeRange.start), "end": Self.seconds($0.timeRange.end),
                                "from": $0.start, "to": $0.end,
                            ] as [String: Any]
                        }
                    }
                    if !layer.transformRamps.isEmpty {
                        e["transform"] = layer.transformRamps.map {
                            [
                                "start": Self.seconds($0.timeRange.start), "end": Self.seconds($0.timeRange.end),
                                "from": Self.matrix($0.start), "to": Self.matrix($0.end),
                            ] as [String: Any]
                        }
                    }
                    if let c = layer.cropRectangle {
                        e["crop"] = ["x": c.x, "y": c.y, "width": c.width, "height": c.height]
                    }
                    return e
                },
            ]
        }
        d["transitions"] = transitions.map {
            [
                "type": "crossfade", "start": Self.seconds($0.range.start), "end": Self.seconds($0.range.end),
                "from": $0.from, "to": $0.to,
            ]
        }
        d["audioMix"] = asset.audioMix.map { p -> [String: Any] in
            [
                "track": trackName(p.trackID), "volume": Double(p.volume),
                "ramps": p.volumeRamps.map {
                    [
                        "start": Self.seconds($0.timeRange.start), "end": Self.seconds($0.timeRange.end),
                        "from": Double($0.startVolume), "to": Double($0.endVolume),
                    ] as [String: Any]
                },
            ]
        }
        d["titles"] = asset.titles.map {
            ["text": $0.text, "start": Self.seconds($0.timeRange.start), "end": Self.seconds($0.timeRange.end)]
        }
        d["clips"] = (asset.plan?.placedClips ?? []).map { placed -> [String: Any] in
            var e: [String: Any] = [
                "source": placed.clip.source,
                "target": [
                    Self.seconds(placed.mapping.target.start), Self.seconds(placed.mapping.target.end),
                ],
            ]
            if let id = placed.videoTrackID { e["track"] = trackName(id) }
            switch placed.clip.captions {
            case .embedded: e["captions"] = "embedded"
            case .file(let path): e["captions"] = path
            case nil: break
            }
            if placed.clip.metadata { e["metadata"] = "embedded" }
            return e
        }
        return d
    }

    static func matrix(_ m: Composition.AffineTransform) -> [Double] { [m.a, m.b, m.c, m.d, m.tx, m.ty] }

    func jsonText() throws -> String {
        let data = try JSONSerialization.data(withJSONObject: dictionary(), options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: - Text

    func text() -> String {
        var lines: [String] = []
        lines.append(
            "\(fileName): composition, \(Self.seconds(asset.duration)) s, \(asset.renderSize.width)x\(asset.renderSize.height), "
                + "\(frameRate) fps, audio \(asset.timeline.audioSampleRate) Hz \(asset.timeline.audioChannelCount) ch")
        lines.append("Tracks:")
        for track in asset.tracks {
            lines.append("  \(track.trackID) \(track.mediaType.rawValue) \(trackName(track.trackID)):")
            for s in track.segments {
                guard let source = s.source else {
                    lines.append("    \(Self.range(s.targetRange)): empty")
                    continue
                }
                var line =
                    "    \(Self.range(s.targetRange)): \(source.path) track \(source.trackID) \(Self.range(source.timeRange))"
                if s.speed != 1 { line += ", speed \(Self.number(s.speed))" }
                lines.append(line)
            }
        }
        lines.append("Instructions:")
        for i in asset.instructions {
            let layers = i.layerInstructions.map { layer -> String in
                var parts = [trackName(Int(layer.trackID))]
                for r in layer.opacityRamps {
                    parts.append(
                        "opacity " + Self.ramp(from: Self.number(r.start), to: Self.number(r.end), over: r.timeRange))
                }
                for r in layer.transformRamps {
                    parts.append(
                        "transform "
                            + Self.ramp(
                                from: "[\(Self.matrix(r.start).map(Self.number).joined(separator: " "))]",
                                to: "[\(Self.matrix(r.end).map(Self.number).joined(separator: " "))]",
                                over: r.timeRange))
                }
                if let c = layer.cropRectangle { parts.append("crop \(c.width)x\(c.height) at \(c.x),\(c.y)") }
                return parts.joined(separator: " ")
            }
            lines.append(
                "  \(Self.range(i.timeRange)): " + (layers.isEmpty ? "black" : layers.joined(separator: " over ")))
        }
        for t in transitions {
            lines.append("Cross-fade \(Self.range(t.range)): \(t.from) → \(t.to)")
        }
        if !asset.audioMix.isEmpty { lines.append("Audio mix:") }
        for p in asset.audioMix {
            var line = "  \(trackName(p.trackID)): volume \(Self.number(Double(p.volume)))"
            for r in p.volumeRamps {
                line +=
                    "; "
                    + Self.ramp(
                        from: Self.number(Double(r.startVolume)), to: Self.number(Double(r.endVolume)),
                        over: r.timeRange)
            }
            lines.append(line)
        }
        if !asset.titles.isEmpty { lines.append("Titles:") }
        for title in asset.titles {
            lines.append("  \(Self.range(title.timeRange)): \"\(title.text)\"")
        }
        lines.append("Clips:")
        for placed in asset.plan?.placedClips ?? [] {
            var line = "  \(Self.range(placed.mapping.target)): \(placed.clip.source)"
            if let id = placed.videoTrackID { line += " on \(trackName(id))" }
            switch placed.clip.captions {
            case .embedded: line += ", captions embedded"
            case .file(let path): line += ", captions \(path)"
            case nil: break
            }
            if placed.clip.metadata { line += ", metadata embedded" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
