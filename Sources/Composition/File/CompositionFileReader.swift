import CaptionCore
import Dashboard
import Media

/// Reads a composition file (Specs/composition.md). Syntax errors, unknown members, wrong types,
/// bad times and impossible values are errors with the file, line, column and JSON path of the
/// value; nothing here opens a source (``CompositionPlan`` does, with the same locations).
public struct CompositionFileReader {
    /// The name used in messages.
    public var fileName: String
    /// The folder relative source paths are taken from.
    public var baseDirectory: String

    public init(fileName: String, baseDirectory: String) {
        self.fileName = fileName
        self.baseDirectory = baseDirectory
    }

    public func read(_ bytes: [UInt8]) throws(CompositionFileError) -> CompositionFile {
        let root: LocatedJSON
        do throws(LocatedJSON.SyntaxError) {
            root = try LocatedJSON.parse(bytes)
        } catch {
            throw CompositionFileError(
                file: fileName, location: location(error.offset, "$", bytes), message: "JSON syntax: " + error.message)
        }
        var decoding = Decoding(reader: self, bytes: bytes)
        var file = try decoding.file(root)
        file.baseDirectory = baseDirectory
        return file
    }

    func location(_ offset: Int, _ path: String, _ bytes: [UInt8] = []) -> JSONLocation {
        let (line, column) = TextPosition.lineAndColumn(of: offset, in: bytes)
        return JSONLocation(path: path, line: line, column: column)
    }

    struct Decoding: LocatedJSONDecoding {
        let reader: CompositionFileReader
        let bytes: [UInt8]
        /// Timecodes are read at the file's frame rate (30 until it says).
        var rate = FrameRate.fps30

        init(reader: CompositionFileReader, bytes: [UInt8]) {
            self.reader = reader
            self.bytes = bytes
        }

        func at(_ v: LocatedJSON, _ path: String) -> JSONLocation { reader.location(v.offset, path, bytes) }

        func failure(at offset: Int, _ path: String, _ message: String) -> CompositionFileError {
            CompositionFileError(
                file: reader.fileName, location: reader.location(offset, path, bytes), message: message)
        }

        /// A time: decimal seconds ("12.5", optionally "12.5s"), a ratio ("1/30"), a timecode at
        /// the file's frame rate ("00:00:12:15") or a JSON number of seconds.
        func time(_ v: LocatedJSON, _ path: String, allowNegative: Bool = false) throws(CompositionFileError)
            -> MediaTime
        {
            let t: MediaTime
            switch v {
            case .number(let n, _):
                guard let m = MediaTime(jsonSeconds: n) else { throw fail(v, path, "\(n) is not a usable time") }
                t = m
            case .string(let s, _):
                guard let m = Self.parseTime(s, rate: rate) else {
                    throw fail(
                        v, path,
                        "\"\(s)\" is not a time: expected seconds (\"12.5\"), a ratio (\"1/30\") or a timecode (\"00:00:12:15\")"
                    )
                }
                t = m
            default:
                throw fail(v, path, "expected a time (a string such as \"12.5\"), found \(v.kindName)")
            }
            if !allowNegative && t < .zero { throw fail(v, path, "a time must not be negative") }
            return t
        }

        static func parseTime(_ text: String, rate: FrameRate) -> MediaTime? {
            var s = Substring(text.trimmedOfSpaces())
            if s.contains(":") || s.contains(";") {
                return (try? Timecode(String(s), rate: rate)).map { $0.mediaTime(at: rate) }
            }
            if s.hasSuffix("s") { s = s.dropLast() }
            if s.contains("/") { return MediaTime(String(s)).flatMap { $0.isNumeric ? $0 : nil } }
            return MediaTime(decimalSeconds: s)
        }

        mutating func file(_ root: LocatedJSON) throws(CompositionFileError) -> CompositionFile {
            let m = try members(
                root, "$",
                allowed: [
                    "version", "renderSize", "frameRate", "audio", "clips", "tracks", "audioMix", "video", "titles",
                ],
                required: ["clips"])
            var file = CompositionFile()
            if let v = m["version"], try number(v, "$.version", in: 1...1) != 1 {
                throw fail(v, "$.version", "only version 1 is known")
            }
            if let v = m["frameRate"] {
                let text: String
                switch v {
                case .number(let n, _): text = n == n.rounded() ? String(Int(n)) : String(n)
                default: text = try string(v, "$.frameRate")
                }
                guard let r = FrameRate(text) else {
                    throw fail(v, "$.frameRate", "\"\(text)\" is not a frame rate (30, 29.97, 30000/1001…)")
                }
                file.frameRate = r
                rate = r
            }
            if let v = m["renderSize"] {
                let text = try string(v, "$.renderSize")
                guard let size = VideoSize(text), (2...16384).contains(size.width), (2...16384).contains(size.height),
                    size.width % 2 == 0, size.height % 2 == 0
                else {
                    throw fail(
                        v, "$.renderSize",
                        "expected WIDTHxHEIGHT with even sides up to 16384, e.g. \"1280x720\", not \"\(text)\"")
                }
                file.renderSize = size
            }
            if let v = m["audio"] {
                let a = try members(v, "$.audio", allowed: ["sampleRate", "channels"])
                if let r = a["sampleRate"] {
                    file.audioSampleRate = Int(try number(r, "$.audio.sampleRate", in: 8000...192_000))
                }
                if let c = a["channels"] { file.audioChannelCount = Int(try number(c, "$.audio.channels", in: 1...8)) }
            }
            let clips = try array(m["clips"] ?? .array([], offset: 0), "$.clips")
            for (i, c) in clips.enumerated() { file.clips.append(try item(c, "$.clips[\(i)]", first: i == 0)) }
            guard file.clips.contains(where: { if case .clip = $0 { return true } else { return false } }) else {
                throw fail(m["clips"] ?? root, "$.clips", "at least one clip with a \"source\" is needed")
            }
            if let v = m["tracks"] {
                for (i, t) in try array(v, "$.tracks").enumerated() {
                    file.tracks.append(try track(t, "$.tracks[\(i)]"))
                }
                var names: Set<String> = ["A", "B", "clips"]
                for (i, t) in file.tracks.enumerated() where !names.insert(t.name).inserted {
                    throw CompositionFileError(
                        file: reader.fileName, location: t.location.child("name"),
                        message: "the track name \"\(t.name)\" is taken (A, B and clips name the main sequence) [\(i)]")
                }
            }
            if let v = m["audioMix"] {
                for (i, r) in try array(v, "$.audioMix").enumerated() {
                    file.audioMix.append(try mix(r, "$.audioMix[\(i)]"))
                }
            }
            if let v = m["video"] {
                let vm = try members(v, "$.video", allowed: ["instructions"])
                if let list = vm["instructions"] {
                    file.instructionsLocation = at(list, "$.video.instructions")
                    file.instructions = try array(list, "$.video.instructions").enumerated().map {
                        (i, x) throws(CompositionFileError) in try instruction(x, "$.video.instructions[\(i)]")
                    }
                }
            }
            if let v = m["titles"] {
                file.titles = try array(v, "$.titles").enumerated().map { (i, x) throws(CompositionFileError) in
                    try title(x, "$.titles[\(i)]")
                }
            }
            return file
        }

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

        func clip(_ v: LocatedJSON, _ path: String, inTrack: Bool) throws(CompositionFileError) -> CompositionFile.Clip
        {
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
                for (i, r) in try array(list, "\(path).ramps").enumerated() {
                    let p = "\(path).ramps[\(i)]"
                    let rm = try members(
                        r, p, allowed: ["start", "end", "from", "to"], required: ["start", "end", "from", "to"])
                    let range = try timeRange(rm, r, p)
                    ramps.append(
                        CompositionFile.VolumeRampSpec(
                            timeRange: range, from: Float(try number(rm["from"] ?? r, "\(p).from", in: 0...4)),
                            to: Float(try number(rm["to"] ?? r, "\(p).to", in: 0...4))))
                }
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

        func instruction(_ v: LocatedJSON, _ path: String) throws(CompositionFileError) -> CompositionFile.Instruction {
            let m = try members(v, path, allowed: ["start", "end", "layers"], required: ["start", "end"])
            let range = try timeRange(m, v, path)
            var layers: [CompositionFile.Layer] = []
            if let list = m["layers"] {
                for (i, l) in try array(list, "\(path).layers").enumerated() {
                    layers.append(try layer(l, "\(path).layers[\(i)]"))
                }
            }
            return CompositionFile.Instruction(timeRange: range, layers: layers, location: at(v, path))
        }

        func layer(_ v: LocatedJSON, _ path: String) throws(CompositionFileError) -> CompositionFile.Layer {
            let m = try members(v, path, allowed: ["track", "opacity", "transform", "crop"], required: ["track"])
            var layer = CompositionFile.Layer(
                track: try string(m["track"] ?? v, "\(path).track"), location: at(v, path))
            if let o = m["opacity"] {
                if case .number = o {
                    let x = try number(o, "\(path).opacity", in: 0...1)
                    layer.opacityRamps = [Ramp(from: x, to: x, timeRange: TimeRange(start: .zero, duration: .zero))]
                } else {
                    for (i, r) in try array(o, "\(path).opacity").enumerated() {
                        let p = "\(path).opacity[\(i)]"
                        let rm = try members(
                            r, p, allowed: ["start", "end", "from", "to"], required: ["start", "end", "from", "to"])
                        layer.opacityRamps.append(
                            Ramp(
                                from: try number(rm["from"] ?? r, "\(p).from", in: 0...1),
                                to: try number(rm["to"] ?? r, "\(p).to", in: 0...1), timeRange: try timeRange(rm, r, p))
                        )
                    }
                }
            }
            if let t = m["transform"] {
                for (i, r) in try array(t, "\(path).transform").enumerated() {
                    let p = "\(path).transform[\(i)]"
                    let rm = try members(
                        r, p, allowed: ["start", "end", "from", "to"], required: ["start", "end", "from", "to"])
                    layer.transformRamps.append(
                        Ramp(
                            from: try transform(rm["from"] ?? r, "\(p).from"),
                            to: try transform(rm["to"] ?? r, "\(p).to"),
                            timeRange: try timeRange(rm, r, p)))
                }
            }
            if let c = m["crop"] {
                let cm = try members(
                    c, "\(path).crop", allowed: ["x", "y", "width", "height"], required: ["x", "y", "width", "height"])
                func n(_ k: String, _ lo: Double) throws(CompositionFileError) -> Int {
                    Int(try number(cm[k] ?? c, "\(path).crop.\(k)", in: lo...16384))
                }
                layer.crop = try (x: n("x", 0), y: n("y", 0), width: n("width", 1), height: n("height", 1))
            }
            return layer
        }

        /// `[a, b, c, d, tx, ty]`, or `{"scale": s | [sx, sy], "rotate": degrees, "translate": [x, y]}`
        /// applied in that order (scale, then rotate about the origin, then move).
        func transform(_ v: LocatedJSON, _ path: String) throws(CompositionFileError) -> AffineTransform {
            if case .array(let items, _) = v {
                guard items.count == 6 else { throw fail(v, path, "a matrix is [a, b, c, d, tx, ty]") }
                let n = try items.enumerated().map { (i, x) throws(CompositionFileError) in
                    try number(x, "\(path)[\(i)]", in: -1e6...1e6)
                }
                return AffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
            }
            let m = try members(v, path, allowed: ["scale", "rotate", "translate"])
            var t = AffineTransform.identity
            if let s = m["scale"] {
                if case .array(let xy, _) = s, xy.count == 2 {
                    t = t.concatenating(
                        .scale(
                            x: try number(xy[0], "\(path).scale[0]", in: 0.001...1000),
                            y: try number(xy[1], "\(path).scale[1]", in: 0.001...1000)))
                } else {
                    let k = try number(s, "\(path).scale", in: 0.001...1000)
                    t = t.concatenating(.scale(x: k, y: k))
                }
            }
            if let r = m["rotate"] {
                t = t.concatenating(.rotation(try number(r, "\(path).rotate", in: -36000...36000) * Double.pi / 180))
            }
            if let p = m["translate"] {
                let xy = try array(p, "\(path).translate")
                guard xy.count == 2 else { throw fail(p, "\(path).translate", "expected [x, y] in pixels") }
                t = t.concatenating(
                    .translation(
                        x: try number(xy[0], "\(path).translate[0]", in: -1e6...1e6),
                        y: try number(xy[1], "\(path).translate[1]", in: -1e6...1e6)))
            }
            return t
        }

        func title(_ v: LocatedJSON, _ path: String) throws(CompositionFileError) -> TitleLayer {
            let m = try members(
                v, path, allowed: ["text", "start", "end", "size", "color", "align", "keyframes", "x", "y"],
                required: ["text", "start", "end"])
            let text = try string(m["text"] ?? v, "\(path).text")
            let range = try timeRange(m, v, path)
            guard range.duration > .zero else { throw fail(v, path, "a title needs a positive duration") }
            let size =
                try m["size"].map { (x) throws(CompositionFileError) in try number(x, "\(path).size", in: 0.005...1) }
                ?? 0.08
            var color = CaptionColor.white
            if let c = m["color"] {
                let s = try string(c, "\(path).color")
                guard let parsed = CaptionColor(hex: s) else {
                    throw fail(c, "\(path).color", "expected #RGB, #RRGGBB or #RRGGBBAA")
                }
                color = parsed
            }
            var alignment = TitleLayer.Alignment.center
            if let a = m["align"] {
                let s = try string(a, "\(path).align")
                guard let parsed = TitleLayer.Alignment(rawValue: s) else {
                    throw fail(a, "\(path).align", "expected \"left\", \"center\" or \"right\", not \"\(s)\"")
                }
                alignment = parsed
            }
            let x0 =
                try m["x"].map { (x) throws(CompositionFileError) in try number(x, "\(path).x", in: -1...2) } ?? 0.5
            let y0 =
                try m["y"].map { (x) throws(CompositionFileError) in try number(x, "\(path).y", in: -1...2) } ?? 0.5
            var frames: [TitleLayer.Keyframe] = []
            var last = TitleLayer.Keyframe(time: range.start, x: x0, y: y0)
            if let list = m["keyframes"] {
                for (i, k) in try array(list, "\(path).keyframes").enumerated() {
                    let p = "\(path).keyframes[\(i)]"
                    let km = try members(
                        k, p, allowed: ["time", "x", "y", "opacity", "scale", "rotate"], required: ["time"])
                    var f = last
                    f.time = try time(km["time"] ?? k, "\(p).time")
                    if let x = km["x"] { f.x = try number(x, "\(p).x", in: -1...2) }
                    if let x = km["y"] { f.y = try number(x, "\(p).y", in: -1...2) }
                    if let x = km["opacity"] { f.opacity = try number(x, "\(p).opacity", in: 0...1) }
                    if let x = km["scale"] { f.scale = try number(x, "\(p).scale", in: 0.01...100) }
                    if let x = km["rotate"] { f.rotation = try number(x, "\(p).rotate", in: -3600...3600) }
                    if let prev = frames.last, f.time < prev.time {
                        throw fail(k, "\(p).time", "keyframes must be in time order")
                    }
                    frames.append(f)
                    last = f
                }
            }
            if frames.isEmpty { frames = [last] }
            return TitleLayer(
                text: text, timeRange: range, size: size, color: color, alignment: alignment, keyframes: frames)
        }
    }
}

extension String {
    fileprivate func trimmedOfSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
