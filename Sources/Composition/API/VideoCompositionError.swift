import CaptionCore
import Media

/// Why a ``VideoComposition`` cannot be used, one case per rule that
/// `AVVideoComposition.isValid(for:timeRange:validationDelegate:)` checks. The messages name the
/// instruction (by its index, from 1) and its times.
public enum VideoCompositionError: Error, Sendable, Hashable, CustomStringConvertible {
    case noInstructions
    case invalidFrameDuration(MediaTime)
    case invalidRenderSize(width: Int, height: Int)
    case invalidTimeRange(instruction: Int, TimeRange)
    /// Instruction `instruction` starts after the previous one ended (or the first after zero).
    case gap(instruction: Int, from: MediaTime, to: MediaTime)
    case overlap(instruction: Int, with: Int, from: MediaTime, to: MediaTime)
    /// The instructions end before the composition does.
    case notCovered(from: MediaTime, to: MediaTime)
    case missingTrack(instruction: Int, trackID: CompositionTrackID, kind: String)
    /// A required sample-data track that the composition's `sourceSampleDataTrackIDs` omit.
    case undeclaredSampleDataTrack(instruction: Int, trackID: CompositionTrackID)
    case invalidRamp(instruction: Int, trackID: CompositionTrackID, String)

    public var description: String {
        func t(_ m: MediaTime) -> String { m.isNumeric ? "\(m.seconds) s" : "\(m)" }
        switch self {
        case .noInstructions: return "the video composition has no instructions"
        case .invalidFrameDuration(let d): return "the frame duration \(d) is not a positive time"
        case .invalidRenderSize(let w, let h): return "the render size \(w)x\(h) is not a usable picture size"
        case .invalidTimeRange(let i, let r): return "instruction \(i): its time range \(r) is not valid"
        case .gap(let i, let from, let to):
            return "instruction \(i): nothing covers \(t(from)) to \(t(to)) before it (a gap)"
        case .overlap(let i, let j, let from, let to):
            return "instruction \(i) overlaps instruction \(j) from \(t(from)) to \(t(to))"
        case .notCovered(let from, let to):
            return "the instructions end at \(t(from)) but the composition lasts until \(t(to))"
        case .missingTrack(let i, let id, let kind):
            return "instruction \(i) requires \(kind) track \(id), which the source does not have"
        case .undeclaredSampleDataTrack(let i, let id):
            return
                "instruction \(i) requires sample-data track \(id), which the composition's sourceSampleDataTrackIDs do not list"
        case .invalidRamp(let i, let id, let why): return "instruction \(i), layer of track \(id): \(why)"
        }
    }
}
