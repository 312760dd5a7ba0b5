/// Converts R'G'B' colours to Y'CbCr code values for a matrix, range and bit depth.
///
/// The equations are those of ITU-R BT.601-7 (§2.5), BT.709-6 (Part 2, items 3.2–3.5) and
/// BT.2020-2 (Table 4), in the form ITU-T H.273 (§8.3) gives for any Kr/Kb
/// (Specs/references.md): E'Y = Kr·E'R + (1 − Kr − Kb)·E'G + Kb·E'B;
/// E'Pb = (E'B − E'Y) / (2(1 − Kb)); E'Pr = (E'R − E'Y) / (2(1 − Kr)). Quantization: limited range
/// Y = (219·E'Y + 16)·2^(n−8), C = (224·E'P + 128)·2^(n−8); full range Y = (2^n − 1)·E'Y,
/// C = (2^n − 1)·E'P + 2^(n−1). Caption colours are sRGB values, used as R'G'B' directly, as
/// every player does.
public struct YCbCrConversion: Sendable, Hashable {
    /// The matrix coefficients.
    public enum Matrix: String, Sendable, Hashable {
        /// BT.601 (SD): Kr 0.299, Kb 0.114.
        case bt601
        /// BT.709 (HD): Kr 0.2126, Kb 0.0722.
        case bt709
        /// BT.2020 non-constant luminance (UHD): Kr 0.2627, Kb 0.0593.
        case bt2020

        var coefficients: (kr: Double, kb: Double) {
            switch self {
            case .bt601: return (0.299, 0.114)
            case .bt709: return (0.2126, 0.0722)
            case .bt2020: return (0.2627, 0.0593)
            }
        }

        /// The usual matrix for an untagged picture of this size: BT.709 for HD (wider than
        /// 1024 or taller than 576 lines, beyond BT.601's 625-line picture), BT.601 for SD.
        public static func standard(width: Int, height: Int) -> Matrix {
            width > 1024 || height > 576 ? .bt709 : .bt601
        }
    }

    public var matrix: Matrix
    /// Limited ("TV", 16–235 at 8 bits) when true, full (0–255) when false.
    public var limitedRange: Bool
    /// Bits per sample: 8 or 10.
    public var bitDepth: Int

    public init(matrix: Matrix, limitedRange: Bool, bitDepth: Int = 8) {
        self.matrix = matrix
        self.limitedRange = limitedRange
        self.bitDepth = bitDepth
    }

    /// Y', Cb, Cr code values of an 8-bit R'G'B' colour.
    public func components(red: UInt8, green: UInt8, blue: UInt8) -> (y: Int, cb: Int, cr: Int) {
        let (kr, kb) = matrix.coefficients
        let r = Double(red) / 255, g = Double(green) / 255, b = Double(blue) / 255
        let ey = kr * r + (1 - kr - kb) * g + kb * b
        let pb = (b - ey) / (2 * (1 - kb))
        let pr = (r - ey) / (2 * (1 - kr))
        let maximum = (1 << bitDepth) - 1
        func code(_ x: Double) -> Int { max(0, min(maximum, Int(x.rounded()))) }
        if limitedRange {
            let scale = Double(1 << (bitDepth - 8))
            return (code((219 * ey + 16) * scale), code((224 * pb + 128) * scale), code((224 * pr + 128) * scale))
        }
        let full = Double(maximum)
        let half = Double(1 << (bitDepth - 1))
        return (code(full * ey), code(full * pb + half), code(full * pr + half))
    }
}
