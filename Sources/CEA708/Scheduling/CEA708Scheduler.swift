import CaptionCore

// Places a service's chunks on frames within the caption channel's bandwidth (Specs/cea708.md,
// "Scheduling"). CTA-708-E §4.1 gives the DTVCC channel 9,600 bit/s, carried as cc_data
// constructs (cc_count per frame, A/53 Table 6.x; the caller passes the constructs a frame leaves
// for this service). A frame carries one DTVCC packet for the service: its header byte (§5), one
// service block header (§6.2: one byte for services 1–6, two for extended services 7–63) and at
// most 31 bytes of service data (block_size is 5 bits, §6.2). A command is never split across
// service blocks (§7.1: a code and its parameters arrive together), so a command that does not fit
// a frame's room waits for the next frame.
//
// Rule (as the 608 scheduler, Sources/CEA608/Scheduling): cues (DSW, HDW, CLW, a roll-up line's
// CR and text) start on their own frame; a preload is sent as early as its window allows (after
// the HDW that freed it) and must be complete by its caption's start; at each frame cues go first,
// then preloads by earliest start. A cue waits for everything before it in the stream. What cannot
// arrive in time is reported with the caption, its time and the delay that would make it fit.

/// Schedules one service's data onto frames.
public enum CEA708Scheduler {
    /// The most service data bytes in one service block (§6.2, block_size 5 bits).
    public static let maximumServiceBlockSize = 31

    /// One frame's service data.
    public struct Frame: Sendable, Hashable {
        public var index: Int64
        public var bytes: [UInt8]

        public init(index: Int64, bytes: [UInt8]) {
            self.index = index
            self.bytes = bytes
        }
    }

    /// A chunk that could not arrive in time.
    public struct Late: Sendable, Hashable {
        public var chunkIndex: Int
        public var captionIndices: [Int]
        /// The chunk's time (a caption's start, or a cue's time).
        public var time: MediaTime
        /// Frames by which it misses: delaying the captions by this many frames would let it fit
        /// (with the rest unchanged).
        public var framesLate: Int64
    }

    /// The frames with data (others carry no service block), what is late, and its diagnostics.
    public struct Schedule: Sendable, Hashable {
        public var frames: [Frame]
        public var late: [Late]
        public var diagnostics: [Diagnostic]
        /// The captions (document indices) whose data is never sent: a command longer than a
        /// frame's room, or no room at all.
        public var unsentCaptions: [Int] = []
    }

    /// How long before its caption a preload may be sent at the earliest (10 s: some 9 KB at
    /// 29.97 fps, room for any window's text many times over).
    public static let maximumPreloadLead = MediaTime(value: 10, timescale: 1)

    /// The service data bytes a frame can carry for a service when `constructsPerFrame` cc_data
    /// constructs (2 bytes each) are left for it: less the packet header and the block header,
    /// at most 31.
    public static func bytesPerFrame(constructsPerFrame: Int, service: Int = 1) -> Int {
        let header = 1 + (service >= 7 ? 2 : 1)
        return max(0, min(maximumServiceBlockSize, constructsPerFrame * 2 - header))
    }

    /// Schedules `encoding`'s chunks at `rate` with `constructsPerFrame` DTVCC constructs a frame
    /// for this service (CTA-708-E §4.1; for example 18 of cc_count 20 at 29.97 fps when two
    /// carry 608).
    public static func schedule(
        _ encoding: CEA708ServiceEncoding, rate: FrameRate, constructsPerFrame: Int, service: Int = 1
    ) -> Schedule {
        let capacity = bytesPerFrame(constructsPerFrame: constructsPerFrame, service: service)
        var state = State(encoding.chunks, rate: rate)
        guard capacity > 0 else {
            return Schedule(
                frames: [], late: [],
                diagnostics: [
                    Diagnostic(
                        .error, "708.bandwidth", "no room for service data: \(constructsPerFrame) constructs a frame")
                ], unsentCaptions: Array(Set(encoding.chunks.flatMap(\.captionIndices))).sorted())
        }
        var frames: [Frame] = []
        var frame = state.firstFrame
        // Each frame sends at least one atom while any is ready, so this ends; a frame without a
        // ready chunk jumps to the next release.
        let last = state.lastUsefulFrame
        while !state.isDone && frame <= last {
            let bytes = state.fill(frame: frame, capacity: capacity)
            if !bytes.isEmpty { frames.append(Frame(index: frame, bytes: bytes)) }
            frame = bytes.isEmpty ? max(frame + 1, state.nextRelease(after: frame)) : frame + 1
        }
        var diagnostics: [Diagnostic] = []
        // A command longer than a frame's room (DFx takes 7 bytes) never fits.
        for entry in state.entries where !entry.done {
            diagnostics.append(
                Diagnostic(
                    .error, "708.bandwidth",
                    "the data of caption \(entry.chunk.captionIndices.map { String($0 + 1) }.joined(separator: ", ")) cannot be sent: a command is longer than the \(capacity) bytes a frame",
                    at: DiagnosticLocation(time: entry.chunk.time)))
        }
        for late in state.late {
            let shift = rate.frameDuration.seconds * Double(late.framesLate)
            let captions = late.captionIndices.map { String($0 + 1) }.joined(separator: ", ")
            diagnostics.append(
                Diagnostic(
                    .error, "708.bandwidth",
                    "the data of caption \(captions) arrives \(late.framesLate) frame(s) after \(late.time.seconds) s at \(capacity) bytes a frame",
                    at: DiagnosticLocation(time: late.time),
                    suggestedFix: "start caption \(captions) \(late.framesLate) frame(s) (\(shift) s) later"))
        }
        let unsent = Set(state.entries.filter { !$0.done }.flatMap(\.chunk.captionIndices))
        return Schedule(frames: frames, late: state.late, diagnostics: diagnostics, unsentCaptions: unsent.sorted())
    }

    /// The scheduler's working memory.
    struct State {
        struct Entry {
            var chunk: CEA708ServiceChunk
            /// Commands as units that are never split: a character, or a whole command.
            var atoms: [[UInt8]]
            var next = 0
            var releaseFrame: Int64
            var dueFrame: Int64
            var started = false
            var done: Bool { next == atoms.count }
        }

        var entries: [Entry]
        var late: [Late] = []
        var streamWindow: Int?
        /// Entries before this index are all complete (cues wait for them).
        var completePrefix = 0
        /// Each window's chunks in stream order, and the first of them not sent.
        var queues = [[Int]](repeating: [], count: 8)
        var heads = [Int](repeating: 0, count: 8)

        init(_ chunks: [CEA708ServiceChunk], rate: FrameRate) {
            entries = chunks.map { chunk in
                var atoms: [[UInt8]] = []
                for command in chunk.commands {
                    if case .text(let text) = command {
                        for scalar in text.unicodeScalars {
                            atoms.append((try? CEA708Encoder.encode([.text(String(scalar))])) ?? [])
                        }
                    } else {
                        atoms.append((try? CEA708Encoder.encode([command])) ?? [])
                    }
                }
                let due = rate.frame(at: chunk.time, rounding: .nearestOrAwayFromZero) ?? 0
                // A preload goes as early as its window is free, but not more than
                // `maximumPreloadLead` before its caption: the first caption of a programme whose
                // time code starts at 10:00:00 would otherwise be defined at 00:00:00, and every
                // frame between carried (an MCC file or c708 track of ten hours of filler).
                let lead = rate.frame(at: CEA708Scheduler.maximumPreloadLead, rounding: .up) ?? 300
                let release =
                    chunk.kind == .cue
                    ? due
                    : max(
                        due - lead,
                        chunk.release.isNumeric
                            ? (rate.frame(at: chunk.release, rounding: .nearestOrAwayFromZero) ?? 0) : 0)
                return Entry(
                    chunk: chunk, atoms: atoms.filter { !$0.isEmpty }, releaseFrame: max(0, release), dueFrame: due)
            }
            for (index, entry) in entries.enumerated() {
                if let window = entry.chunk.window, (0...7).contains(window) { queues[window].append(index) }
            }
            advance()
        }

        /// A frame past which nothing can still be waiting (every chunk has had a frame per atom).
        var lastUsefulFrame: Int64 {
            (entries.map(\.dueFrame).max() ?? 0) + Int64(entries.reduce(0) { $0 + $1.atoms.count }) + 1
        }

        var isDone: Bool { completePrefix == entries.count }

        var firstFrame: Int64 { entries.map(\.releaseFrame).min() ?? 0 }

        func nextRelease(after frame: Int64) -> Int64 {
            entries.filter { !$0.done && $0.releaseFrame > frame }.map(\.releaseFrame).min() ?? frame + 1
        }

        /// Whether entry `i` may send at `frame`: released, its `after` chunk sent, and first in
        /// the stream (a cue) or first of its window's chunks not yet sent (a preload).
        func ready(_ i: Int, frame: Int64) -> Bool {
            let entry = entries[i]
            guard !entry.done, entry.releaseFrame <= frame else { return false }
            if let after = entry.chunk.after, after < entries.count, !entries[after].done { return false }
            if entry.chunk.kind == .cue { return i == completePrefix }
            return true
        }

        /// The chunks that can be ready: the first not sent, and the first not sent of each
        /// window (at most nine, so that a frame costs the same however long the document).
        func candidates() -> [Int] {
            var found = [completePrefix]
            for (window, queue) in queues.enumerated() {
                guard heads[window] < queue.count else { continue }
                found.append(queue[heads[window]])
            }
            return found
        }

        mutating func fill(frame: Int64, capacity: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            while completePrefix < entries.count {
                let ready = candidates().filter { self.ready($0, frame: frame) }
                guard
                    let pick = ready.min(by: {
                        let a = entries[$0]
                        let b = entries[$1]
                        return (a.chunk.kind == .cue ? 0 : 1, a.dueFrame, $0) < (
                            b.chunk.kind == .cue ? 0 : 1, b.dueFrame, $1
                        )
                    })
                else { break }
                var atom = entries[pick].atoms[entries[pick].next]
                let window = entries[pick].chunk.window
                // Resuming a chunk after another window's data: name its window again.
                if entries[pick].started, let window, window != streamWindow {
                    atom = [0x80 + UInt8(window)] + atom
                }
                guard bytes.count + atom.count <= capacity else { break }
                if !entries[pick].started {
                    entries[pick].started = true
                    if entries[pick].chunk.kind == .cue, frame > entries[pick].dueFrame { noteLate(pick, frame) }
                }
                bytes += atom
                if let window { streamWindow = window }
                entries[pick].next += 1
                if entries[pick].done {
                    if entries[pick].chunk.kind == .preload, frame > entries[pick].dueFrame { noteLate(pick, frame) }
                    advance()
                }
            }
            return bytes
        }

        /// Moves the pointers past the chunks sent.
        mutating func advance() {
            while completePrefix < entries.count, entries[completePrefix].done { completePrefix += 1 }
            for window in queues.indices {
                while heads[window] < queues[window].count, entries[queues[window][heads[window]]].done {
                    heads[window] += 1
                }
            }
        }

        mutating func noteLate(_ i: Int, _ frame: Int64) {
            let entry = entries[i]
            late.append(
                Late(
                    chunkIndex: i, captionIndices: entry.chunk.captionIndices, time: entry.chunk.time,
                    framesLate: frame - entry.dueFrame))
        }
    }
}
