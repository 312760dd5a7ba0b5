import CaptionCore

/// A piece of one service's data that the caption encoder made, with when it must arrive.
///
/// The scheduler (``CEA708Scheduler``) places chunks on frames: a ``Kind/preload`` may be sent
/// any time after ``release`` (and after the chunk ``after``) and must be complete by the frame
/// of ``time``; a ``Kind/cue`` starts on the frame of ``time`` (what it does is seen then).
public struct CEA708ServiceChunk: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// Data that prepares a hidden window: complete by `time`.
        case preload
        /// Data whose first command is seen at `time` (DSW, HDW, CLW, a roll-up line's CR).
        case cue
    }

    public var kind: Kind
    /// Preload: the time it must be complete by; cue: the time it starts.
    public var time: MediaTime
    /// Preload: the earliest time it may be sent (its window is free then); cues start at `time`.
    public var release: MediaTime
    /// The window that text and pen commands of the chunk go to (the chunk starts with its CWx or
    /// DFx; the scheduler repeats the CWx when it resumes the chunk after another window's data).
    public var window: Int?
    /// The index of a chunk that must be sent completely before this one starts.
    public var after: Int?
    /// The commands, in order.
    public var commands: [CEA708Command]
    /// The document's captions this chunk serves.
    public var captionIndices: [Int]

    public init(
        kind: Kind, time: MediaTime, release: MediaTime? = nil, window: Int?, after: Int? = nil,
        commands: [CEA708Command], captionIndices: [Int]
    ) {
        self.kind = kind
        self.time = time
        self.release = release ?? time
        self.window = window
        self.after = after
        self.commands = commands
        self.captionIndices = captionIndices
    }

    /// The service data of the commands.
    public var bytes: [UInt8] { (try? CEA708Encoder.encode(commands)) ?? [] }
}

/// What ``CEA708CaptionEncoder`` made of a document for one service.
public struct CEA708ServiceEncoding: Sendable, Hashable {
    /// The chunks, in the order the encoder made them (by time).
    public var chunks: [CEA708ServiceChunk]
    /// What 708 could not hold (located by the caption's start time), characters replaced,
    /// captions left out.
    public var diagnostics: [Diagnostic]
    /// The captions (document indices) left out because all eight windows were in use at their
    /// start (§8.4; `708.encode.windows`).
    public var captionsWithoutWindow: [Int] = []

    /// The chunks as timed service data: each chunk at its time (the preloads at the time they
    /// must be complete by), in order. The scheduler moves preloads earlier.
    public var timedData: [(time: MediaTime, bytes: [UInt8])] { chunks.map { ($0.time, $0.bytes) } }
}
