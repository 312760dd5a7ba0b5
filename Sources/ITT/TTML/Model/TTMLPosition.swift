import CaptionCore

/// TTML2 §10.2.35 `tts:position`: where a region sits, as CSS's `background-position` says it
/// (one to four components: edge keywords and offsets); turned into the region's origin once its
/// extent is known.
struct TTMLPosition: Sendable, Hashable {
    /// The offset of the region from the left (top) edge, as a fraction of the room left
    /// (root − extent) when `percentOfRoom`, else a percentage of the root container.
    struct Axis: Sendable, Hashable {
        var value: Double
        var fromFarEdge: Bool
        var percentOfRoom: Bool
    }

    var horizontal: Axis
    var vertical: Axis

    /// Parses the value; nil when it is not a position we can place (lengths other than % or
    /// rw/rh, or an unknown keyword).
    init?(_ text: String) {
        var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard (1...4).contains(words.count) else { return nil }
        func offset(_ w: String) -> Double? {
            for unit in ["%", "rw", "rh"] where w.hasSuffix(unit) { return Double(w.dropLast(unit.count)) }
            return nil
        }
        let center = Axis(value: 50, fromFarEdge: false, percentOfRoom: true)
        var h: Axis?
        var v: Axis?
        if words.count <= 2 {
            if words.count == 1 { words.append("center") }
            // A vertical keyword first swaps the pair ("top left").
            if ["top", "bottom"].contains(words[0]) || ["left", "right"].contains(words[1]) { words.swapAt(0, 1) }
            switch words[0] {
            case "left": h = Axis(value: 0, fromFarEdge: false, percentOfRoom: true)
            case "right": h = Axis(value: 0, fromFarEdge: true, percentOfRoom: true)
            case "center": h = center
            default: h = offset(words[0]).map { Axis(value: $0, fromFarEdge: false, percentOfRoom: true) }
            }
            switch words[1] {
            case "top": v = Axis(value: 0, fromFarEdge: false, percentOfRoom: true)
            case "bottom": v = Axis(value: 0, fromFarEdge: true, percentOfRoom: true)
            case "center": v = center
            default: v = offset(words[1]).map { Axis(value: $0, fromFarEdge: false, percentOfRoom: true) }
            }
        } else {
            // Edge keyword, then an optional offset from that edge: a percentage of the room left
            // (as CSS background-position says), or a root-relative length (rw, rh).
            var i = 0
            while i < words.count {
                let edge = words[i]
                var amount = 0.0
                var ofRoom = false
                if i + 1 < words.count, let o = offset(words[i + 1]) {
                    amount = o
                    ofRoom = words[i + 1].hasSuffix("%")
                    i += 1
                }
                i += 1
                let axis = Axis(value: amount, fromFarEdge: edge == "right" || edge == "bottom", percentOfRoom: ofRoom)
                switch edge {
                case "left", "right": h = axis
                case "top", "bottom": v = axis
                case "center": if h == nil { h = center } else { v = center }
                default: return nil
                }
            }
        }
        guard let h, let v else { return nil }
        horizontal = h
        vertical = v
    }

    /// The origin of a region of `extent` (in percent of the root container), or nil when the
    /// extent is not in percent.
    func origin(extent: CaptionSize?) -> CaptionPoint? {
        let w = extent.map { $0.width.unit == .percent ? $0.width.value : nil } ?? 100
        let hgt = extent.map { $0.height.unit == .percent ? $0.height.value : nil } ?? 100
        guard let w, let hgt else { return nil }
        func place(_ a: Axis, size: Double) -> Double {
            let room = 100 - size
            let near = a.percentOfRoom ? a.value * room / 100 : a.value
            return a.fromFarEdge ? (a.percentOfRoom ? room - near : room - a.value) : near
        }
        return CaptionPoint(x: .percent(place(horizontal, size: w)), y: .percent(place(vertical, size: hgt)))
    }
}
