import CaptionCore
import LocatedJSON
import Media

/// The video instructions (their layers, opacity and transform ramps, crops) and the titles.
extension CompositionFileReader.Decoding {
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
                layer.opacityRamps = try ramps(o, "\(path).opacity") { (x, p) throws(CompositionFileError) in
                    try number(x, p, in: 0...1)
                }
            }
        }
        if let t = m["transform"] {
            layer.transformRamps = try ramps(t, "\(path).transform") { (x, p) throws(CompositionFileError) in
                try transform(x, p)
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
