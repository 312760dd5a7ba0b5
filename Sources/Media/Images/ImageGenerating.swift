import CaptionCore

/// What ``AssetImageGenerator`` (an asset's pictures) and ``TimelineImageGenerator`` (a
/// timeline's composed frames) share, as `AVAssetImageGenerator` serves both an asset and a
/// composition: images fitted inside ``maximumSize``, made by ``generateImages(at:_:)``.
public protocol ImageGenerating: AnyObject {
    /// A box the images fit inside, keeping their aspect; nil for the picture's own size.
    var maximumSize: VideoSize? { get }

    /// Makes the images at `times` and hands each to `body` with its index in `times` as soon
    /// as it is made, in increasing time order; no image is kept once `body` returns.
    func generateImages(at times: [MediaTime], _ body: (Int, GeneratedImage) throws -> Void) throws
}

extension ImageGenerating {
    /// The images at `times`, in the order asked. Every image is held until the last is made;
    /// ``generateImages(at:_:)`` hands them on one at a time. Throws what it throws.
    public func images(at times: [MediaTime]) throws -> [GeneratedImage] {
        var results = [GeneratedImage?](repeating: nil, count: times.count)
        try generateImages(at: times) { index, image in results[index] = image }
        return results.compactMap { $0 }
    }

    /// Refuses a ``maximumSize`` no picture fits in.
    func checkMaximumSize() throws {
        if let box = maximumSize, box.width < 2 || box.height < 2 {
            throw MediaFileError.invalidSetting("the maximum image size must be at least 2x2, not \(box)")
        }
    }
}
