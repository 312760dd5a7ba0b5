/// A 2-D affine transform in picture pixels, like Core Graphics' `CGAffineTransform`:
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
public struct AffineTransform: Sendable, Hashable, Codable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    public static func scale(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A rotation by `radians`, clockwise on screen (y grows downwards).
    public static func rotation(_ radians: Double) -> AffineTransform {
        let (s, co) = (Double.sin(radians), Double.cos(radians))
        return AffineTransform(a: co, b: s, c: -s, d: co, tx: 0, ty: 0)
    }

    /// `self` followed by `next`.
    public func concatenating(_ next: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * next.a + b * next.c, b: a * next.b + b * next.d,
            c: c * next.a + d * next.c, d: c * next.b + d * next.d,
            tx: tx * next.a + ty * next.c + next.tx, ty: tx * next.b + ty * next.d + next.ty)
    }

    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }

    /// Each coefficient interpolated linearly, `fraction` 0 giving `self` and 1 giving `other`
    /// (what AVFoundation's transform ramps do).
    public func interpolated(to other: AffineTransform, fraction t: Double) -> AffineTransform {
        func mix(_ p: Double, _ q: Double) -> Double { p + (q - p) * t }
        return AffineTransform(
            a: mix(a, other.a), b: mix(b, other.b), c: mix(c, other.c), d: mix(d, other.d),
            tx: mix(tx, other.tx), ty: mix(ty, other.ty))
    }
}

extension Double {
    fileprivate static func sin(_ x: Double) -> Double { _sin(x) }
    fileprivate static func cos(_ x: Double) -> Double { _cos(x) }
}

#if canImport(Glibc)
    import Glibc
    private func _sin(_ x: Double) -> Double { Glibc.sin(x) }
    private func _cos(_ x: Double) -> Double { Glibc.cos(x) }
#else
    import Foundation
    private func _sin(_ x: Double) -> Double { Foundation.sin(x) }
    private func _cos(_ x: Double) -> Double { Foundation.cos(x) }
#endif
