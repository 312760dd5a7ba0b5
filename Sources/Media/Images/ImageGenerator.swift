import CaptionCore

/// Pictures of an asset or a timeline at given times, like `AVAssetImageGenerator` (which serves
/// an `AVAsset` and an `AVComposition` with its `videoComposition` alike), with the same
/// ``compositors`` an ``ExportSession`` runs, so each image is the exported frame before
/// compression.
///
/// - An **asset**: by default the exact picture shown at each time (the last one that starts
///   at or before it); with a tolerance, the nearest key frame within
///   `[time − toleranceBefore, time + toleranceAfter]`, which needs only that picture decoded.
///   Each group of pictures (GOP) is decoded once: the reader seeks only when the key frame a
///   time needs lies past what has been decoded, else it decodes forward. Pictures are made
///   upright (display matrix).
/// - A **timeline**: the output frame shown at each time, frame ⌊t / frameDuration⌋ (its
///   ``GeneratedImage/actualTime`` is that frame's time); each track's reader jumps to the key
///   frame before a time when that key frame lies past what it has decoded, so sparse times in a
///   long segment do not decode every picture between them. The tolerances do not apply: every
///   output frame is made exactly.
///
/// Times may come in any order; they are served in increasing order, and a picture asked for
/// twice is made once. Images are fitted inside ``maximumSize`` when set.
public final class ImageGenerator {
    public let source: MediaSource
    /// How much earlier than the requested time an asset's picture may be; `.zero` for exact.
    public var toleranceBefore: MediaTime = .zero
    /// How much later an asset's picture may be; `.zero` for exact.
    public var toleranceAfter: MediaTime = .zero
    /// A box the images fit inside, keeping their aspect; nil for the upright picture size (an
    /// asset) or the render size (a timeline).
    public var maximumSize: VideoSize?
    /// The compositors run in order on each picture (``VideoCompositing``), as an export runs them.
    public var compositors: [any VideoCompositing] = []
    /// Pictures decoded by the last ``generateImages(at:_:)`` (all tracks together), a test of
    /// GOP reuse.
    public internal(set) var decodedFrameCount = 0
    /// Seeks made by the last ``generateImages(at:_:)``.
    public internal(set) var seekCount = 0

    public init(source: MediaSource) {
        self.source = source
    }

    /// Pictures of one movie.
    public convenience init(asset: Asset) {
        self.init(source: .asset(asset))
    }

    /// The composed frames of a timeline.
    public convenience init(timeline: MediaTimeline) {
        self.init(source: .timeline(timeline))
    }

    /// Makes the images at `times` and hands each to `body` with its index in `times` as soon
    /// as it is made, in increasing time order (a time asked twice, in the order asked), as
    /// `generateCGImagesAsynchronously` does. The generator keeps no image once `body` returns
    /// (only the last one, to repeat it for a time showing the same picture), so memory does not
    /// grow with the number of times. Throws ``MediaFileError`` for a source that cannot be read,
    /// a time before 0 or past the end, or a source without pictures, and what `body` throws.
    public func generateImages(at times: [MediaTime], _ body: (Int, GeneratedImage) throws -> Void) throws {
        decodedFrameCount = 0
        seekCount = 0
        guard !times.isEmpty else { return }
        if let box = maximumSize, box.width < 2 || box.height < 2 {
            throw MediaFileError.invalidSetting("the maximum image size must be at least 2x2, not \(box)")
        }
        let chain = CompositorChain(compositors, keepsFrameProperties: source.isAsset)
        switch source {
        case .asset(let asset): try generateImages(of: asset, at: times, compositors: chain, body)
        case .timeline(let timeline): try generateImages(of: timeline, at: times, compositors: chain, body)
        }
    }

    /// The images at `times`, in the order asked. Every image is held until the last is made;
    /// ``generateImages(at:_:)`` hands them on one at a time. Throws what it throws.
    public func images(at times: [MediaTime]) throws -> [GeneratedImage] {
        var results = [GeneratedImage?](repeating: nil, count: times.count)
        try generateImages(at: times) { index, image in results[index] = image }
        return results.compactMap { $0 }
    }
}
