import Foundation

/// Gaussian blur of a coverage mask, for blurred text shadows (TTML2 §10.2.43 `tts:textShadow`).
extension AlphaBitmap {
    /// The largest standard deviation blurred, in pixels (a blur radius of 128 px): beyond it the
    /// blur is that of this one, so that no length can ask for a bitmap of any size.
    static let maximumBlurDeviation = 64.0

    /// The mask blurred as by a Gaussian of standard deviation `sigma` pixels, on a canvas widened
    /// by `margin` pixels on every side so that nothing of the blur is cut; the total coverage is
    /// kept (up to rounding). Below 2 px the Gaussian itself is applied; from 2 px on, three box
    /// blurs across and three down, as SVG 1.1 `feGaussianBlur` recommends and browsers
    /// draw CSS shadows. A zero, negative or unusable `sigma` returns the mask unchanged.
    func blurred(standardDeviation sigma: Double) -> (bitmap: AlphaBitmap, margin: Int) {
        guard sigma.isFinite, sigma > 0, width > 0, height > 0, pixels.count >= width * height else { return (self, 0) }
        let passes = BlurPasses(standardDeviation: min(sigma, Self.maximumBlurDeviation))
        let margin = passes.reach
        let (w, h) = (width + 2 * margin, height + 2 * margin)
        var canvas = [Float](repeating: 0, count: w * h)
        for y in 0..<height {
            for x in 0..<width { canvas[(y + margin) * w + x + margin] = Float(pixels[y * width + x]) }
        }
        var line = [Float](repeating: 0, count: max(w, h))
        var scratch = line
        // Across: only the rows the mask covers have ink to spread.
        for y in margin..<(margin + height) {
            for x in 0..<w { line[x] = canvas[y * w + x] }
            passes.apply(to: &line, count: w, scratch: &scratch)
            for x in 0..<w { canvas[y * w + x] = line[x] }
        }
        for x in 0..<w {
            for y in 0..<h { line[y] = canvas[y * w + x] }
            passes.apply(to: &line, count: h, scratch: &scratch)
            for y in 0..<h { canvas[y * w + x] = line[y] }
        }
        let out = canvas.map { UInt8(max(0, min(255, $0.rounded()))) }
        return (AlphaBitmap(width: w, height: h, pixels: out), margin)
    }
}

/// The one-dimensional passes of a Gaussian blur: a sampled kernel for small deviations, else
/// three box blurs of widths `d`, `d` and `d` (odd `d`) or `d`, `d` and `d + 1` (even `d`, the
/// first two half a pixel left and right of centre), `d = ⌊σ · 3√(2π) / 4 + 0.5⌋` (SVG 1.1 `feGaussianBlur`).
private struct BlurPasses {
    /// For each box, how far it reaches before and after the pixel it is for.
    var boxes: [(before: Int, after: Int)] = []
    /// The sampled kernel, centre first (at least one weight each side), when there are no boxes.
    var kernel: [Float] = []

    init(standardDeviation sigma: Double) {
        if sigma < 2 {
            let r = Int((3 * sigma).rounded(.up))
            let weights = (0...r).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
            let total = weights[0] + 2 * weights.dropFirst().reduce(0, +)
            kernel = weights.map { $0 / total }
            return
        }
        let d = max(1, Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down)))
        boxes =
            d % 2 == 1
            ? Array(repeating: ((d - 1) / 2, (d - 1) / 2), count: 3)
            : [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
    }

    /// How far the blur spreads a pixel, in pixels.
    var reach: Int { kernel.isEmpty ? boxes.map { max($0.before, $0.after) }.reduce(0, +) + 1 : kernel.count }

    /// Blurs the first `count` values of `line` (zero beyond them) in place.
    func apply(to line: inout [Float], count n: Int, scratch: inout [Float]) {
        guard n > 0 else { return }
        if !kernel.isEmpty {
            let r = kernel.count - 1
            for i in 0..<n {
                var sum = line[i] * kernel[0]
                for k in 1...r {
                    if i - k >= 0 { sum += line[i - k] * kernel[k] }
                    if i + k < n { sum += line[i + k] * kernel[k] }
                }
                scratch[i] = sum
            }
            for i in 0..<n { line[i] = scratch[i] }
            return
        }
        for box in boxes {
            let size = Double(box.before + box.after + 1)
            // The running sum of line[i - before ... i + after].
            var sum = 0.0
            for j in 0..<min(box.after, n) { sum += Double(line[j]) }
            for i in 0..<n {
                if i + box.after < n { sum += Double(line[i + box.after]) }
                if i - box.before - 1 >= 0 { sum -= Double(line[i - box.before - 1]) }
                scratch[i] = Float(sum / size)
            }
            for i in 0..<n { line[i] = scratch[i] }
        }
    }
}
