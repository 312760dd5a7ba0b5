import CaptionCore
import ITT
import SCC
import Validation

extension CaptionConversionSettings {
    /// The settings for validating `document` against `target`, at the frame rate and timecode
    /// counting the target's writer would use with `options` (SCCWriter.timing,
    /// ITTWriter.timing), so `captions validate` and `captions convert` report the same frames
    /// and labels for the same input.
    public init(target: Target, document: CaptionDocument, options: CaptionFormatOptions) {
        let timing =
            switch target {
            // The MCC writer and the A/53 carriers take the rate as SCC does (29.97 fps unless
            // asked for another).
            case .scc, .cea708: SCCWriter.timing(for: document, options: options)
            case .itt: ITTWriter.timing(for: document, options: options)
            }
        self.init(
            target: target, frameRate: timing.rate, dropFrame: timing.dropFrame && timing.rate.supportsDropFrame)
    }

    /// The `CaptionFormatOptions.settings` key of `maxRows` (`convert --max-rows N`).
    public static let maxRowsSetting = "max-rows"
}
