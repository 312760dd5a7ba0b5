import CaptionCore
import Media

#if canImport(Glibc)
    import Glibc
#endif

/// Checks an example runs on its own output, after the code the README or an article shows.
/// A failed check prints what was expected and ends the program with status 1, so that
/// `make test-examples` fails.
public func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    print("check failed: \(message())")
    exit(1)
}

/// One picture of `path` at `seconds`, as an ``ImageGenerator`` makes it (exact frame).
public func picture(of path: String, atSeconds seconds: Int64) throws -> GeneratedImage {
    let images = try ImageGenerator(asset: Asset(path: path)).images(at: [MediaTime(value: seconds, timescale: 1)])
    guard let image = images.first else { throw ExampleFailure("no picture of \(path) at \(seconds) s") }
    return image
}

/// The red, green and blue of pixel (`x`, `y`) of `image`.
public func rgb(_ image: GeneratedImage, x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
    let i = (y * image.width + x) * 4
    return (Int(image.rgba[i]), Int(image.rgba[i + 1]), Int(image.rgba[i + 2]))
}

/// How many pixels of two pictures of one size differ by more than `tolerance` in a channel.
public func differingPixels(_ a: GeneratedImage, _ b: GeneratedImage, tolerance: Int = 40) -> Int {
    precondition(a.width == b.width && a.height == b.height, "pictures of different sizes")
    var count = 0
    for i in stride(from: 0, to: a.rgba.count, by: 4) {
        for c in 0..<3 where abs(Int(a.rgba[i + c]) - Int(b.rgba[i + c])) > tolerance {
            count += 1
            break
        }
    }
    return count
}

/// A failure of an example's own checking code.
public struct ExampleFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
