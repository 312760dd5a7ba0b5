// What the encoder keeps of the last document it encoded, so that the next, differing from it
// in a few captions, is encoded again only around them (CEA608EncoderState+Checkpoint.swift).
import CaptionCore

/// The last document a ``CEA608Encoder`` encoded with this cache: its captions, their layout
/// findings, display units (without their rows, which are laid out again where needed),
/// finished plans and the encoder's state at every ``checkpointInterval``-th unit.
///
/// The validator's fixer plans a document again and again with a few captions moved or
/// lengthened (``DeliveryPlanner``); with a cache, each plan after the first lays out only the
/// captions whose text, style or region changed, and encodes only from a checkpoint before the
/// first unit that differs to the first checkpoint after the last where the encoder's state is
/// again what it was. The result is the same as encoding the whole document
/// (`IncrementalEncodingTests`).
///
/// A cache is for one caller at a time; it holds one document's plans while it lives.
public final class CEA608EncodingCache {
    /// Units between checkpoints: a change is encoded again from at most this many units before
    /// it, and each checkpoint keeps the captions then on screen.
    public static let checkpointInterval = 64

    var channel: CaptionChannel?
    var rate: FrameRate?
    var captions: [Caption] = []
    /// By caption index: the findings of laying out `captions[i]` (nil where it was not).
    var layoutFindings: [[Diagnostic]?] = []
    /// Without their rows.
    var units: [CEA608DisplayUnit] = []
    var plans: [CaptionTransmissionPlan] = []
    var ends: [CaptionTransmissionPlan.End?] = []
    /// The encoder state's own findings (the layouts' come first in a result, and are made again).
    var diagnostics: [Diagnostic] = []
    /// In unit order; the first is before unit 0.
    var checkpoints: [EncoderState.Checkpoint] = []

    /// How many display units the last call encoded; the others' plans came from the cache.
    public internal(set) var unitsEncoded = 0

    public init() {}

    /// The checkpoint before unit `unit`, if one was taken there.
    func checkpoint(at unit: Int) -> Int? {
        let index = unit / Self.checkpointInterval
        return checkpoints.indices.contains(index) && checkpoints[index].unit == unit ? index : nil
    }
}
