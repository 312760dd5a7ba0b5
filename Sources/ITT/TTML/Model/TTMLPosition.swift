import CaptionCore

/// TTML2 §10.2.35 `tts:position`: where a region sits, as CSS's `background-position` says it
/// (one to four components: edge keywords and offsets); turned into the region's origin once its
/// extent is known.
struct TTMLPosition: Sendable, Hashable {
    /// How far from an edge: a percentage of the room left (root − extent, as CSS's
    /// background-position takes a percentage), a length relative to the root container's width
    /// (`rw`) or height (`rh`), or pixels (`px`, of the root container's pixel extent).
    enum Offset: Sendable, Hashable {
        case percentOfRoom(Double)
        case rootWidth(Double)
        case rootHeight(Double)
        case pixels(Double)
    }

    struct Axis: Sendable, Hashable {
        var offset: Offset
        var fromFarEdge: Bool

        static let near = Axis(offset: .percentOfRoom(0), fromFarEdge: false)
        static let far = Axis(offset: .percentOfRoom(0), fromFarEdge: true)
        static let center = Axis(offset: .percentOfRoom(50), fromFarEdge: false)
    }

    var horizontal: Axis
    var vertical: Axis

    /// An offset component (`25%`, `10rw`, `48px`), or nil for another word.
    private static func offset(_ w: String) -> Offset? {
        let units: [(String, (Double) -> Offset)] = [
            ("%", Offset.percentOfRoom), ("rw", Offset.rootWidth), ("rh", Offset.rootHeight), ("px", Offset.pixels),
        ]
        for (unit, make) in units where w.hasSuffix(unit) {
            guard let v = CaptionDimension.ttmlNumber(w.dropLast(unit.count)) else { return nil }
            return make(v)
        }
        return nil
    }

    /// Parses the value; nil when it is not a position (an unknown keyword or unit, two
    /// keywords for one axis).
    init?(_ text: String) {
        var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard (1...4).contains(words.count) else { return nil }
        var h: Axis?
        var v: Axis?
        if words.count <= 2 {
            if words.count == 1 { words.append("center") }
            // A vertical keyword first swaps the pair ("top left").
            if ["top", "bottom"].contains(words[0]) || ["left", "right"].contains(words[1]) { words.swapAt(0, 1) }
            switch words[0] {
            case "left": h = .near
            case "right": h = .far
            case "center": h = .center
            default: h = Self.offset(words[0]).map { Axis(offset: $0, fromFarEdge: false) }
            }
            switch words[1] {
            case "top": v = .near
            case "bottom": v = .far
            case "center": v = .center
            default: v = Self.offset(words[1]).map { Axis(offset: $0, fromFarEdge: false) }
            }
        } else {
            // Edge keywords, each with an optional offset from that edge. `center` (which takes
            // none) takes whichever axis the other keyword leaves ("center left 25%" is left 25%
            // across and centred down), so it is placed after the edges.
            var i = 0
            var centers = 0
            while i < words.count {
                let edge = words[i]
                var amount = Offset.percentOfRoom(0)
                if edge != "center", i + 1 < words.count, let o = Self.offset(words[i + 1]) {
                    amount = o
                    i += 1
                }
                i += 1
                let axis = Axis(offset: amount, fromFarEdge: edge == "right" || edge == "bottom")
                switch edge {
                case "left", "right":
                    guard h == nil else { return nil }
                    h = axis
                case "top", "bottom":
                    guard v == nil else { return nil }
                    v = axis
                case "center": centers += 1
                default: return nil
                }
            }
            for _ in 0..<centers {
                if h == nil { h = .center } else if v == nil { v = .center } else { return nil }
            }
        }
        guard let h, let v else { return nil }
        horizontal = h
        vertical = v
    }

    /// The origin of a region of `extent` in a root container of `root` pixels (the document's
    /// `tts:extent`, when given in px), in the extent's unit along each axis (percent of the
    /// root container, or pixels); nil when an extent or offset is in a unit that cannot be
    /// placed (cells, or pixels without the root's pixel extent). An `rw` offset down or an
    /// `rh` across takes the root's aspect: its pixel extent's, else `aspect` (width / height).
    func origin(extent: CaptionSize?, root: (width: Double, height: Double)?, aspect: Double) -> CaptionPoint? {
        let shape = root ?? (width: aspect, height: 1)
        guard let x = place(horizontal, size: extent?.width, horizontal: true, root: root, shape: shape),
            let y = place(vertical, size: extent?.height, horizontal: false, root: root, shape: shape)
        else { return nil }
        return CaptionPoint(x: x, y: y)
    }

    /// Whether an offset crosses axes (`rw` down, `rh` across), so needs the root's aspect.
    var crossesAxes: Bool {
        if case .rootHeight = horizontal.offset { return true }
        if case .rootWidth = vertical.offset { return true }
        return false
    }

    /// One axis: worked out in percent of the root container, given back in the extent's unit.
    private func place(
        _ a: Axis, size: CaptionDimension?, horizontal: Bool, root: (width: Double, height: Double)?,
        shape: (width: Double, height: Double)
    ) -> CaptionDimension? {
        let along = root.map { horizontal ? $0.width : $0.height }
        func percent(pixels: Double) -> Double? { along.map { pixels / $0 * 100 } }
        let sizePercent: Double?
        switch size?.unit {
        case nil: sizePercent = 100
        case .percent?: sizePercent = size?.value
        case .pixels?: sizePercent = size.flatMap { percent(pixels: $0.value) }
        case .cells?: sizePercent = nil
        }
        guard let sizePercent else { return nil }
        let room = 100 - sizePercent
        let offset: Double?
        switch a.offset {
        case .percentOfRoom(let v): offset = v * room / 100
        case .pixels(let v): offset = percent(pixels: v)
        // rw along x and rh along y are percent of that axis; across, the root's aspect converts.
        case .rootWidth(let v): offset = horizontal ? v : v * shape.width / shape.height
        case .rootHeight(let v): offset = horizontal ? v * shape.height / shape.width : v
        }
        guard let offset else { return nil }
        let position = a.fromFarEdge ? room - offset : offset
        if size?.unit == .pixels, let along { return .pixels(position * along / 100) }
        return .percent(position)
    }
}
