import CaptionCore

/// The `{\an1}`…`{\an9}` position tags (the numeric-keypad layout of ASS alignment, which SubRip
/// players honour): 1–3 bottom, 4–6 middle, 7–9 top; left, centre, right. They map to a region
/// covering the frame with a display alignment, and a text alignment (Specs/srt.md, "Positions").
enum SRTPosition {
    /// The region and alignment for `{\anN}`; `{\an2}` (bottom centre) is the default placement.
    static func placement(_ n: Int) -> (CaptionRegion?, CaptionTextAlignment?) {
        guard (1...9).contains(n), n != 2 else { return (nil, nil) }
        let vertical: CaptionRegion.DisplayAlignment = n <= 3 ? .after : n <= 6 ? .center : .before
        let horizontal: CaptionTextAlignment = [.left, .center, .right][(n - 1) % 3]
        let region = CaptionRegion(
            origin: CaptionPoint(x: .percent(0), y: .percent(0)),
            size: CaptionSize(width: .percent(100), height: .percent(100)), displayAlignment: vertical)
        return (region, horizontal)
    }

    /// The `{\anN}` nearest to a caption's place, or nil for the default (bottom centre).
    static func number(for caption: Caption) -> Int? {
        var row = 0  // 0 bottom, 1 middle, 2 top
        if let region = caption.region {
            if region.identifier == "top", region.origin == nil {
                row = 2
            } else if let origin = region.origin {
                // The middle of the block's place across the frame, in fifteenths (608 rows).
                let fifteenths: Double
                switch origin.y.unit {
                case .cells: fifteenths = origin.y.value + (region.size?.height.value ?? 1) / 2
                case .percent:
                    let h = region.size.flatMap { $0.height.unit == .percent ? $0.height.value : nil } ?? 0
                    switch region.displayAlignment ?? .before {
                    case .before where h >= 99: fifteenths = 0
                    case .after where h >= 99: fifteenths = 15
                    case .center where h >= 99: fifteenths = 7.5
                    case .before: fifteenths = origin.y.value * 0.15 + 0.5
                    case .after: fifteenths = (origin.y.value + h) * 0.15 - 0.5
                    case .center: fifteenths = (origin.y.value + h / 2) * 0.15
                    }
                case .pixels: fifteenths = 15
                }
                row = fifteenths < 5 ? 2 : fifteenths < 10 ? 1 : 0
            }
        }
        let column: Int
        switch caption.textAlignment {
        case .left?, .start?: column = 0
        case .right?, .end?: column = 2
        case nil where caption.region?.origin?.x.unit == .cells:
            // 608 text sits at its column: left, centre or right third of the grid.
            let x = caption.region?.origin?.x.value ?? 0
            let w = caption.region?.size?.width.value ?? 32
            let middle = x + w / 2
            column = middle < 12 ? 0 : middle > 20 ? 2 : 1
        default: column = 1
        }
        let n = row * 3 + column + 1
        return n == 2 ? nil : n
    }
}
