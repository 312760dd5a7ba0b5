import CaptionCore
import Render
import TestSupport

/// Measures for the IMSC 1.1 paragraph layout tests (filled line gaps, line padding, multi-row
/// alignment, shear, emphasis marks), on ``TTMLStylingPictures``' 640 × 360 pictures: a cell is
/// 20 px across and 24 px down (the default 32 × 15 grid).
enum ParagraphLayoutPictures {
    typealias P = TTMLStylingPictures
    /// 10 %–90 % of the picture: columns 64..<576, rows 36..<324.
    static let area = P.region(x: 10, y: 10, width: 80, height: 80)

    static func isBlack(_ c: CaptionColor) -> Bool { c == .black }
    static func isWhite(_ c: CaptionColor) -> Bool { c.alpha > 0 && c.red > 200 && c.green > 200 && c.blue > 200 }
    static func isRed(_ c: CaptionColor) -> Bool { c.alpha > 0 && c.red > 200 && c.green < 60 && c.blue < 60 }

    /// A caption of `runs` in `region` (the area by default; `vertical` makes it `tbrl`).
    static func caption(
        _ runs: [CaptionRun], alignment: CaptionTextAlignment = .center, vertical: Bool = false,
        display: CaptionRegion.DisplayAlignment = .before, change: (inout Caption) -> Void = { _ in }
    ) -> Caption {
        var region = area
        region.displayAlignment = display
        if vertical { region.writingMode = .topToBottomAndRightToLeft }
        var caption = P.caption(runs, in: region, alignment: alignment)
        change(&caption)
        return caption
    }

    /// The runs of consecutive rows (or columns, `across`) holding a pixel `lit` says is ink.
    static func bands(_ image: RGBAImage, columns: Bool = false, _ lit: (CaptionColor) -> Bool) -> [ClosedRange<Int>] {
        let (outer, inner) = columns ? (image.width, image.height) : (image.height, image.width)
        var bands: [ClosedRange<Int>] = []
        for i in 0..<outer
        where (0..<inner).contains(where: { j in
            (columns ? image.pixel(x: i, y: j) : image.pixel(x: j, y: i)).map(lit) ?? false
        }) {
            if let last = bands.last, last.upperBound == i - 1 {
                bands[bands.count - 1] = last.lowerBound...i
            } else {
                bands.append(i...i)
            }
        }
        return bands
    }

    /// The box of the pixels `lit` says are ink within `rows` (or all rows).
    static func box(_ image: RGBAImage, rows: ClosedRange<Int>? = nil, _ lit: (CaptionColor) -> Bool) -> InkBox? {
        let rows = rows ?? 0...(image.height - 1)
        return InkBox.of(width: image.width, count: image.width * rows.count, dy: rows.lowerBound) { i in
            image.pixel(x: i % image.width, y: rows.lowerBound + i / image.width).map(lit) ?? false
        }
    }

    /// The box of the pixels `lit` says are ink within `columns`.
    static func box(_ image: RGBAImage, columns: ClosedRange<Int>, _ lit: (CaptionColor) -> Bool) -> InkBox? {
        var result: InkBox?
        for x in columns {
            for y in 0..<image.height where image.pixel(x: x, y: y).map(lit) ?? false {
                if var b = result {
                    (b.minX, b.maxX, b.minY, b.maxY) = (min(b.minX, x), max(b.maxX, x), min(b.minY, y), max(b.maxY, y))
                    result = b
                } else {
                    result = InkBox(minX: x, maxX: x, minY: y, maxY: y)
                }
            }
        }
        return result
    }

    /// The coverage-weighted middle of row `y`'s white ink (alpha as weight), nil for none.
    static func inkCentre(_ image: RGBAImage, row y: Int) -> Double? {
        inkCentre(along: image.width) { image.pixel(x: $0, y: y) }
    }

    /// The coverage-weighted middle of column `x`'s white ink, nil for none.
    static func inkCentre(_ image: RGBAImage, column x: Int) -> Double? {
        inkCentre(along: image.height) { image.pixel(x: x, y: $0) }
    }

    /// The coverage-weighted middle of the white ink of `count` pixels, `pixel(i)` the i-th.
    private static func inkCentre(along count: Int, _ pixel: (Int) -> CaptionColor?) -> Double? {
        var sum = 0.0, weight = 0.0
        for i in 0..<count {
            guard let c = pixel(i), c.red > 200, c.green > 200, c.blue > 200 else { continue }
            sum += Double(i) * Double(c.alpha)
            weight += Double(c.alpha)
        }
        return weight > 0 ? sum / weight : nil
    }
}
