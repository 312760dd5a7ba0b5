import CaptionKit
import Foundation
import Media

/// A movie's description as text or JSON, with ffprobe's field names.
struct MovieReport {
    let file: String
    let description: AssetDescription
    /// Caption sources and timed-metadata tracks inside the movie.
    var embedded: EmbeddedListing?

    func dictionary() -> [String: Any] {
        var format: [String: Any] = [
            "format_name": description.containerFormat, "nb_streams": description.tracks.count,
        ]
        if let p = description.probeScore { format["probe_score"] = p }
        if let d = description.duration { format["duration"] = Self.time(d) }
        if let s = description.startTime { format["start_time"] = Self.time(s) }
        if let b = description.bitRate { format["bit_rate"] = b }
        if let c = description.creationDate { format["creation_time"] = c }
        format["tags"] = Dictionary(description.metadata.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        var result: [String: Any] = ["file": file, "format": format, "streams": description.tracks.map(Self.track)]
        if let embedded { result.merge(embedded.dictionary()) { a, _ in a } }
        return result
    }

    static func track(_ t: AssetTrack) -> [String: Any] {
        var d: [String: Any] = [
            "index": t.index, "id": t.trackID, "codec_type": t.mediaType.rawValue, "codec_name": t.codec,
            "codec_tag_string": t.codecTag, "time_base": "\(t.timeBase.value)/\(t.timeBase.timescale)",
            "closed_captions": t.hasClosedCaptions ? 1 : 0,
        ]
        d["profile"] = t.profile
        d["width"] = t.width
        d["height"] = t.height
        d["pix_fmt"] = t.pixelFormat
        d["color_range"] = t.color?.range
        d["color_space"] = t.color?.matrix
        d["color_transfer"] = t.color?.transfer
        d["color_primaries"] = t.color?.primaries
        d["r_frame_rate"] = t.frameRate.map { "\($0.frames)/\($0.seconds)" }
        d["avg_frame_rate"] = t.averageFrameRate.map { "\($0.frames)/\($0.seconds)" }
        d["start_time"] = t.startTime.map(time)
        d["duration"] = t.duration.map(time)
        d["nb_frames"] = t.sampleCount
        d["bit_rate"] = t.bitRate
        d["sample_rate"] = t.sampleRate
        d["channels"] = t.channels
        d["channel_layout"] = t.channelLayout
        d["rotation"] = t.rotation
        d["language"] = t.language
        d["tags"] = Dictionary(t.tags.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        return d
    }

    /// Seconds with six decimals, as ffprobe prints them.
    static func time(_ t: MediaTime) -> String {
        let micro = (t.seconds * 1_000_000).rounded()
        let sign = micro < 0 ? "-" : ""
        let v = Int(abs(micro))
        let frac = String(v % 1_000_000)
        return "\(sign)\(v / 1_000_000).\(String(repeating: "0", count: 6 - frac.count))\(frac)"
    }

    func jsonText() throws -> String {
        let data = try JSONSerialization.data(withJSONObject: dictionary(), options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    func text() -> String {
        var lines: [String] = []
        let d = description
        var head = "\(file): \(d.containerFormat)"
        if d.isFormatGuessed, let score = d.probeScore { head += " (only a guess: probe score \(score) of 100)" }
        if let duration = d.duration { head += ", \(Self.time(duration)) s" }
        if let b = d.bitRate { head += ", \(b / 1000) kb/s" }
        lines.append(head)
        if let c = d.creationDate { lines.append("  created \(c)") }
        for tag in d.metadata where tag.key != "creation_time" { lines.append("  \(tag.key): \(tag.value)") }
        for t in d.tracks {
            var parts = [
                "\(t.codec)" + (t.profile.map { " (\($0))" } ?? "") + (t.codecTag.isEmpty ? "" : " [\(t.codecTag)]")
            ]
            if let w = t.width, let h = t.height { parts.append("\(w)x\(h)") }
            if let p = t.pixelFormat { parts.append(p) }
            if let c = t.color {
                parts.append([c.range, c.matrix, c.transfer, c.primaries].map { $0 ?? "?" }.joined(separator: "/"))
            }
            if let r = t.frameRate { parts.append("\(r.frames)/\(r.seconds) fps") }
            if let s = t.sampleRate { parts.append("\(s) Hz") }
            if let l = t.channelLayout ?? t.channels.map({ "\($0) channels" }) { parts.append(l) }
            if let b = t.bitRate { parts.append("\(b / 1000) kb/s") }
            if let n = t.sampleCount { parts.append("\(n) samples") }
            if let s = t.startTime, let dur = t.duration { parts.append("\(Self.time(s)) + \(Self.time(dur)) s") }
            parts.append("time base \(t.timeBase.value)/\(t.timeBase.timescale)")
            if let r = t.rotation, r != 0 { parts.append("rotated \(r)°") }
            if t.hasClosedCaptions { parts.append("CEA-608/708 captions (A/53)") }
            if let l = t.language { parts.append("language \(l)") }
            lines.append("  #\(t.index) \(t.mediaType.rawValue) track \(t.trackID): " + parts.joined(separator: ", "))
            for tag in t.tags where tag.key != "language" { lines.append("      \(tag.key): \(tag.value)") }
        }
        if let embedded { lines += embedded.textLines() }
        return lines.joined(separator: "\n")
    }
}
