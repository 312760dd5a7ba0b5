import CaptionCore
import LocatedJSON
import Media

/// The main sequence's clips and gaps, the extra tracks, and the audio mix's rules.
extension CompositionFileReader.Decoding {
    func item(_ v: LocatedJSON, _ path: String, first: Bool) throws(CompositionFileError) -> CompositionFile.Item {
        if case .object(let list, _) = v, list.contains(where: { $0.key == "empty" }) {
            let m = try members(v, path, allowed: ["empty"])
            let d = try time(m["empty"] ?? v, "\(path).empty")
            guard d > .zero else {
                throw fail(m["empty"] ?? v, "\(path).empty", "an empty range needs a positive duration")
            }
            return .empty(d, at(v, path))
        }
        let c = try clip(v, path, inTrack: false)
        if first, c.crossfade != nil {
            throw fail(v, "\(path).transition", "the first clip has nothing to cross-fade from")
        }
        return .clip(c)
    }

    func clip(_ v: LocatedJSON, _ path: String, inTrack: Bool) throws(CompositionFileError) -> CompositionFile.Clip {
        let allowed =
            inTrack
            ? ["source", "at", "in", "out", "duration", "speed", "captions", "metadata", "audio"]
            : ["source", "in", "out", "duration", "speed", "transition", "captions", "metadata", "audio"]
        let m = try members(v, path, allowed: allowed, required: ["source"])
        let sourceValue = m["source"] ?? v
        let source = try string(sourceValue, "\(path).source")
        guard !source.isEmpty else { throw fail(sourceValue, "\(path).source", "an empty file name") }
        var c = CompositionFile.Clip(source: source, location: at(v, path))
        for (key, value) in m { c.memberLocations[key] = at(value, "\(path).\(key)") }
        if let x = m["in"] { c.inPoint = try time(x, "\(path).in") }
        if let x = m["out"] { c.outPoint = try time(x, "\(path).out") }
        if let x = m["duration"] {
            guard m["out"] == nil else {
                throw fail(x, "\(path).duration", "give \"out\" or \"duration\", not both")
            }
            c.outPoint = c.inPoint + (try time(x, "\(path).duration"))
        }
        if let out = c.outPoint, out <= c.inPoint {
            throw fail(m["out"] ?? m["duration"] ?? v, "\(path).out", "the clip ends at or before its in point")
        }
        if let x = m["at"] { c.at = try time(x, "\(path).at") }
        if let x = m["speed"] { c.speed = try speed(x, "\(path).speed") }
        if let x = m["audio"] { c.audio = try bool(x, "\(path).audio") }
        if let x = m["captions"] {
            let s = try string(x, "\(path).captions")
            c.captions = s == "embedded" ? .embedded : .file(s)
        }
        if let x = m["metadata"] {
            guard try string(x, "\(path).metadata") == "embedded" else {
                throw fail(
                    x, "\(path).metadata", "the only metadata source is \"embedded\" (the movie's own GPS track)")
            }
            c.metadata = true
        }
        if let x = m["transition"] {
            let t = try members(x, "\(path).transition", allowed: ["type", "duration"], required: ["duration"])
            if let type = t["type"], try string(type, "\(path).transition.type") != "crossfade" {
                throw fail(type, "\(path).transition.type", "the only transition is \"crossfade\"")
            }
            let d = try time(t["duration"] ?? x, "\(path).transition.duration")
            guard d > .zero else {
                throw fail(x, "\(path).transition.duration", "a cross-fade needs a positive duration")
            }
            c.crossfade = d
        }
        return c
    }

    /// 0.5, "1/2" or "0.5x": an exact ratio from 1/16 to 16.
    func speed(_ v: LocatedJSON, _ path: String) throws(CompositionFileError) -> CompositionFile.Speed {
        var t: MediaTime?
        switch v {
        case .number(let n, _): t = MediaTime(jsonSeconds: n)
        case .string(let s, _):
            var text = Substring(s)
            if text.hasSuffix("x") { text = text.dropLast() }
            t = text.contains("/") ? MediaTime(String(text)) : MediaTime(decimalSeconds: text)
        default: break
        }
        guard let r = t?.reduced, r.isNumeric, r.value > 0,
            r.seconds >= 1.0 / 16, r.seconds <= 16
        else {
            throw fail(v, path, "expected a speed from 1/16 to 16 (0.5 plays at half speed), not \(v.kindName)")
        }
        return CompositionFile.Speed(numerator: r.value, denominator: Int64(r.timescale))
    }

    func track(_ v: LocatedJSON, _ path: String) throws(CompositionFileError) -> CompositionFile.Track {
        let m = try members(v, path, allowed: ["name", "type", "clips"], required: ["name", "type", "clips"])
        let name = try string(m["name"] ?? v, "\(path).name")
        let typeValue = m["type"] ?? v
        guard let type = CompositionTrack.MediaType(rawValue: try string(typeValue, "\(path).type")) else {
            throw fail(typeValue, "\(path).type", "expected \"audio\" or \"video\"")
        }
        let clips = try array(m["clips"] ?? v, "\(path).clips").enumerated().map {
            (i, x) throws(CompositionFileError) in try clip(x, "\(path).clips[\(i)]", inTrack: true)
        }
        return CompositionFile.Track(name: name, mediaType: type, clips: clips, location: at(v, path))
    }

    func mix(_ v: LocatedJSON, _ path: String) throws(CompositionFileError) -> CompositionFile.MixRule {
        if case .object(let list, _) = v, list.contains(where: { $0.key == "duck" }) {
            let m = try members(
                v, path, allowed: ["duck", "under", "volume", "fade"], required: ["duck", "under"])
            let fade =
                try m["fade"].map { (x) throws(CompositionFileError) in try time(x, "\(path).fade") }
                ?? MediaTime(value: 1, timescale: 2)
            return .duck(
                track: try string(m["duck"] ?? v, "\(path).duck"),
                under: try string(m["under"] ?? v, "\(path).under"),
                volume: Float(
                    try m["volume"].map { (x) throws(CompositionFileError) in
                        try number(x, "\(path).volume", in: 0...4)
                    } ?? 0.25),
                fade: fade, location: at(v, path))
        }
        let m = try members(v, path, allowed: ["track", "volume", "ramps"], required: ["track"])
        var ramps: [CompositionFile.VolumeRampSpec] = []
        if let list = m["ramps"] {
            ramps = try self.ramps(list, "\(path).ramps") { (x, p) throws(CompositionFileError) in
                Float(try number(x, p, in: 0...4))
            }.map { CompositionFile.VolumeRampSpec(timeRange: $0.timeRange, from: $0.start, to: $0.end) }
        }
        return .volume(
            track: try string(m["track"] ?? v, "\(path).track"),
            volume: Float(
                try m["volume"].map { (x) throws(CompositionFileError) in try number(x, "\(path).volume", in: 0...4)
                } ?? 1),
            ramps: ramps, location: at(v, path))
    }

    func timeRange(_ m: [String: LocatedJSON], _ v: LocatedJSON, _ path: String) throws(CompositionFileError)
        -> TimeRange
    {
        let start = try time(m["start"] ?? v, "\(path).start")
        let end = try time(m["end"] ?? v, "\(path).end")
        guard end >= start else { throw fail(m["end"] ?? v, "\(path).end", "ends before it starts") }
        return TimeRange(start: start, end: end)
    }

    /// `[{"start": …, "end": …, "from": …, "to": …}, …]`: volume, opacity and transform ramps,
    /// whose two ends `value` reads.
    func ramps<Value>(
        _ list: LocatedJSON, _ path: String, _ value: (LocatedJSON, String) throws(CompositionFileError) -> Value
    ) throws(CompositionFileError) -> [Ramp<Value>] {
        var out: [Ramp<Value>] = []
        for (i, r) in try array(list, path).enumerated() {
            let p = "\(path)[\(i)]"
            let rm = try members(
                r, p, allowed: ["start", "end", "from", "to"], required: ["start", "end", "from", "to"])
            let range = try timeRange(rm, r, p)
            out.append(
                Ramp(
                    from: try value(rm["from"] ?? r, "\(p).from"), to: try value(rm["to"] ?? r, "\(p).to"),
                    timeRange: range))
        }
        return out
    }
}
