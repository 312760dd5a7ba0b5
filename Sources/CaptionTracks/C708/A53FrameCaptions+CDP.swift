import CaptionCore
import CaptionData

extension A53FrameCaptions {
    /// The frames at ``videoRate`` (from time zero) that a stream of one CDP a frame covers:
    /// from the first that carries a CEA-608 pair or CEA-708 service data to two after the last
    /// (the last data's frame and one of filler after it, so that a decoder sees the data end).
    /// Empty when there is no data. What an MCC file and a `c708` track hold.
    public var dataFrames: Range<Int64> {
        let line = schedule.rate
        var first: Int64?
        var end: Int64 = 0
        if let entry = schedule.entries.first, let last = schedule.entries.last {
            first = videoRate.frame(at: line.time(ofFrame: entry.frame), rounding: .down) ?? 0
            end = (videoRate.frame(at: line.time(ofFrame: last.frame), rounding: .up) ?? 0) + 2
        }
        for service in dtvcc {
            guard let head = service.frames.first?.index, let tail = service.frames.last?.index else { continue }
            first = min(first ?? head, head)
            end = max(end, tail + 2)
        }
        guard let first else { return 0..<0 }
        return first..<max(first, end)
    }

    /// The CDP (SMPTE ST 334-2) of frame `n` at ``videoRate``: its `cc_data` is
    /// ``constructs(forFrameAt:)`` — the CEA-608 pairs of the frame, then the CEA-708 service
    /// data — and its sequence counter `n` mod 65536, so that consecutive frames count up by
    /// one. Frames are asked for in order, as ``constructs(forFrameAt:)`` requires. Nil when the
    /// rate has no `cdp_frame_rate` (23.976, 24, 25, 29.97, 30, 50, 59.94 and 60 fps have one).
    public func cdp(forFrame n: Int64, serviceInfo: CDP.ServiceInfo? = nil) -> CDP? {
        guard let code = CDP.frameRateCode(for: videoRate) else { return nil }
        let bytes = constructs(forFrameAt: videoRate.time(ofFrame: n)) ?? []
        var constructs: [CCData.Construct] = []
        constructs.reserveCapacity(bytes.count / 3)
        var i = 0
        // Each construct: marker bits, cc_valid, cc_type; then the two bytes (CTA-708-E §4.4).
        while i + 2 < bytes.count {
            let pair = CEA608BytePair(bytes[i + 1], bytes[i + 2])
            constructs.append(CCData.Construct(valid: bytes[i] & 0x04 != 0, type: bytes[i] & 0x03, pair: pair))
            i += 3
        }
        return CDP(
            frameRateCode: code, captionServiceActive: true, sequenceCounter: UInt16(truncatingIfNeeded: n),
            ccData: constructs, serviceInfo: serviceInfo)
    }
}
