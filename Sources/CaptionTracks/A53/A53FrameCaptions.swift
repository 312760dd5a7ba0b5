import CEA708
import CaptionCore
import CaptionData

/// Gives each re-encoded video frame its CEA-608 pairs as A/53 `cc_data()` constructs (the
/// export session's per-frame caption data), and remembers what the output carries, so that a
/// `c608` track added afterwards carries the same words at the same times.
///
/// The words are on line-21 frames (``CEA608FrameSchedule/lineRate``, 29.97 fps, whatever the
/// video's rate): each picture carries the pairs sent while it is shown
/// (``CEA608FrameSchedule/slots(from:to:)``): two at 29.97 fps, one at 59.94 (field 1 and field
/// 2 on alternate pictures), 3 and 2 in turn at 23.976, 2 or 3 at 25; then DTVCC filler up to
/// the `cc_count` of the picture rate (``CCData/constructCount(frameRate:)``). A field that
/// carries words sends null pairs (0x80 0x80, `cc_valid` 1) on its frames without one, as line
/// 21 does, up to its last word, so that a reader puts every pair back on its own frame; after
/// that, and in a field without words, the constructs are `cc_valid` 0.
///
/// CEA-708 services' data (``DTVCCService``), when given, goes in the constructs the CEA-608 pairs
/// leave, in DTVCC packets, from the frame the scheduler placed it on (CTA-708-E §4.4: both
/// share `cc_data`), so that one export carries both.
///
/// Frames are asked for in presentation order, one call per frame written, with the source's
/// time of each (its timeline, on which the schedule's frames count from zero). The output
/// starts at the first frame asked for: its line-21 frames count from there, the schedule moved
/// by the whole line-21 frames between the two starts, so a trimmed export keeps each word
/// within half a frame of its picture.
public final class A53FrameCaptions {
    /// The words on the source's line-21 frames (from its time zero).
    public let schedule: CEA608FrameSchedule
    /// The video's frame rate (each picture is shown for one frame of it).
    public let videoRate: FrameRate
    /// Whether the constructs are handed out (`--embed sei`); when false, frames are only
    /// recorded (`--embed track`) and keep what they carry.
    public let attaches: Bool
    /// `cc_count` of every picture.
    public let constructCount: Int
    /// What the output carries, on its line-21 frames (counted from its first picture), those
    /// with data.
    public private(set) var carried: [CEA608FrameSchedule.Entry] = []
    /// Frames asked for so far.
    public private(set) var frameCount: Int64 = 0

    /// The CEA-708 services' data, by video frame.
    public let dtvcc: [DTVCCService]
    /// The same services' data on the output's frames (counted from its first picture): each
    /// frame's data at the picture that queued it, handed out or not. With ``carried``, what a
    /// `c708` track added afterwards carries, so that it holds what the pictures hold.
    public private(set) var carriedServices: [DTVCCService]
    private var dtvccCursors: [Int]
    private var queue = DTVCCConstructQueue()

    private var output: CEA608FrameSchedule?
    private var lastWord: [CaptionField: Int64] = [:]
    private var firstTime: MediaTime = .zero
    private var sentUntil: MediaTime?

    public init(schedule: CEA608FrameSchedule, videoRate: FrameRate, attaches: Bool, dtvcc: [DTVCCService] = []) {
        self.schedule = schedule
        self.videoRate = videoRate
        self.attaches = attaches
        self.dtvcc = dtvcc
        dtvccCursors = Array(repeating: 0, count: dtvcc.count)
        carriedServices = dtvcc.map { DTVCCService(service: $0.service, frames: [], diagnostics: []) }
        constructCount = CCData.constructCount(frameRate: videoRate)
    }

    /// The constructs for the frame shown at `time` (the source's timeline), without the
    /// two-byte header, which FFmpeg's encoders write; nil when not attaching.
    public func constructs(forFrameAt time: MediaTime) -> [UInt8]? {
        let words = outputSchedule(startingAt: time)
        let start = sentUntil ?? .zero
        let shown = time - firstTime
        let end = max(start, shown.isNumeric ? shown + videoRate.frameDuration : start)
        sentUntil = end
        frameCount += 1
        var constructs: [CCData.Construct] = []
        for slot in CEA608FrameSchedule.slots(from: start, to: end) {
            let pair = words.pair(at: slot)
            if let pair { record(pair, at: slot) }
            let inUse = slot.frame <= (lastWord[slot.field] ?? -1)
            // cc_type 0 for field 1, 1 for field 2 (CTA-708-E §4.4).
            constructs.append(
                CCData.Construct(
                    valid: pair != nil || inUse, type: UInt8(slot.field.rawValue - 1), pair: pair ?? .padding))
        }
        if !dtvcc.isEmpty {
            // Each service's frames up to this one (all of them before a trimmed start, so that
            // the decoder's windows are defined as the source defines them).
            let index = time.isNumeric ? videoRate.frame(at: time, rounding: .nearestOrAwayFromZero) ?? 0 : 0
            var blocks: [DTVCCServiceBlock] = []
            for (n, service) in dtvcc.enumerated() {
                while dtvccCursors[n] < service.frames.count, service.frames[dtvccCursors[n]].index <= index {
                    let bytes = service.frames[dtvccCursors[n]].bytes
                    blocks.append(DTVCCServiceBlock(service: service.service, data: bytes))
                    carriedServices[n].frames.append(CEA708Scheduler.Frame(index: frameCount - 1, bytes: bytes))
                    dtvccCursors[n] += 1
                }
            }
            if !blocks.isEmpty { queue.enqueue(blocks) }
            constructs += queue.take(budget: constructCount - constructs.count)
        }
        guard attaches else { return nil }
        return CCData.constructBytes(constructs, count: constructCount)
    }

    /// The schedule on the output's line-21 frames, made when the first frame is asked for.
    private func outputSchedule(startingAt time: MediaTime) -> CEA608FrameSchedule {
        if let output { return output }
        firstTime = time.isNumeric ? time : .zero
        let offset = CEA608FrameSchedule.lineRate.frame(at: firstTime, rounding: .nearestOrAwayFromZero) ?? 0
        let moved = schedule.moved(earlierBy: offset)
        for field in CaptionField.allCases { lastWord[field] = moved.lastFrame(carrying: field) }
        output = moved
        return moved
    }

    private func record(_ pair: CEA608BytePair, at slot: CEA608FrameSchedule.Slot) {
        if carried.last?.frame != slot.frame { carried.append(CEA608FrameSchedule.Entry(frame: slot.frame)) }
        if slot.field == .one {
            carried[carried.count - 1].field1 = pair
        } else {
            carried[carried.count - 1].field2 = pair
        }
    }
}

/// One CEA-708 service's data made from a document, on the frames of a video rate: what
/// ``A53FrameCaptions`` sends beside the CEA-608 pairs.
public struct DTVCCService: Sendable {
    /// The service number (1–63).
    public var service: Int
    /// The service data of each frame that sends some, by frame index at the rate (from time
    /// zero), in order.
    public var frames: [CEA708Scheduler.Frame]
    /// What 708 could not hold and what came late (CEA708CaptionEncoder, CEA708Scheduler).
    public var diagnostics: [Diagnostic]

    /// `document` as service `service` (Specs/cea708.md), scheduled in the constructs each
    /// frame at `rate` leaves after the CEA-608 pairs (two a frame at 29.97 fps and faster, up
    /// to three at the slower rates, CTA-708-E §4.3.6.1), shared by `services` services (English
    /// and Spanish from two caption files, say): each takes an equal part of every frame when
    /// that part holds the longest command, a DefineWindow's 7 bytes (§8.10.5.2); otherwise (two
    /// services at 59.94 fps leave 4 constructs, 6 bytes, each) they take turns, each the whole
    /// room on every `services`-th frame, scheduled at the rate that many times slower.
    public init(_ document: CaptionDocument, rate: FrameRate, service: Int = 1, sharedBy services: Int = 1) {
        let encoding = CEA708CaptionEncoder(wide: true).encode(document)
        let room = CCData.dtvccConstructCount(frameRate: rate)
        let count = max(1, services)
        let share = room / count
        let scheduled: CEA708Scheduler.Schedule
        if count == 1 || CEA708Scheduler.bytesPerFrame(constructsPerFrame: share, service: service) >= 7 {
            scheduled = CEA708Scheduler.schedule(encoding, rate: rate, constructsPerFrame: share, service: service)
        } else if let slower = FrameRate(frames: rate.frames, seconds: rate.seconds * Int32(clamping: count)) {
            let turn = Int64((service - 1) % count)
            var turns = CEA708Scheduler.schedule(encoding, rate: slower, constructsPerFrame: room, service: service)
            turns.frames = turns.frames.map {
                CEA708Scheduler.Frame(index: $0.index * Int64(count) + turn, bytes: $0.bytes)
            }
            scheduled = turns
        } else {
            scheduled = CEA708Scheduler.schedule(encoding, rate: rate, constructsPerFrame: share, service: service)
        }
        self.service = service
        frames = scheduled.frames
        // What the document holds outside its captions (TTML's regions shown empty): the encoder
        // defines a window for each caption only (CTA-708-E §8.4), so they are named here.
        let documentLosses = document.ttmlDocumentLosses.map {
            Diagnostic(.warning, "708.encode.layout", "\($0) cannot be shown by 708 (service \(service)); left out")
        }
        diagnostics = encoding.diagnostics + documentLosses + scheduled.diagnostics
    }

    init(service: Int, frames: [CEA708Scheduler.Frame], diagnostics: [Diagnostic]) {
        self.service = service
        self.frames = frames
        self.diagnostics = diagnostics
    }
}
