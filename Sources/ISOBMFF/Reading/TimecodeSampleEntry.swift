/// A QuickTime timecode track's sample description (`tmcd`; QuickTime File Format, "Timecode
/// sample description") and the frame number its first sample holds ("Timecode media": each
/// sample is a 32-bit frame number counted in the description's own rate).
public struct TimecodeSampleEntry: Sendable, Hashable {
    /// `flags` bit 0x0001: drop-frame counting.
    public var dropFrame: Bool
    /// `flags` bit 0x0008: the samples count ticks of `framesPerSecond` frames, not frames.
    public var isCounter: Bool
    /// The rate of the counted frames: `timescale` units per second, `frameDuration` units a frame
    /// (30000 and 1001 for 29.97 fps).
    public var timescale: UInt32
    public var frameDuration: UInt32
    /// `number of frames`: frames per second as the timecode counts them (30 at 29.97 fps).
    public var framesPerSecond: UInt8

    /// Parses a `tmcd` sample entry; nil when `entry` is of another format or too short.
    public init?(_ entry: SampleEntry) {
        // 8-byte box header, 6 reserved bytes and the data reference index, then: reserved (4),
        // flags (4), time scale (4), frame duration (4), number of frames (1).
        guard entry.format == "tmcd", entry.bytes.count >= 16 + 17 else { return nil }
        var r = BigEndianReader(entry.bytes, range: 16..<entry.bytes.count, path: entry.path)
        guard (try? r.skip(4, "a reserved field")) != nil, let flags = try? r.u32("the flags"),
            let timescale = try? r.u32("the time scale"), let duration = try? r.u32("the frame duration"),
            let frames = try? r.u8("the number of frames"), timescale > 0, duration > 0
        else { return nil }
        dropFrame = flags & 0x1 != 0
        isCounter = flags & 0x8 != 0
        self.timescale = timescale
        frameDuration = duration
        framesPerSecond = frames
    }

    /// The frame number of the label at movie time zero: the first sample's number, moved on by
    /// the frames its edit list skips (§8.6.6), and back by a leading empty edit; nil when the
    /// track has no readable first sample or counts ticks rather than frames.
    public static func firstFrameNumber(
        of track: Track, in movie: Movie, source: ByteSource
    ) throws(ISOBMFFError) -> (entry: TimecodeSampleEntry, frame: Int64)? {
        guard let first = track.sampleEntries.first, let entry = TimecodeSampleEntry(first), !entry.isCounter else {
            return nil
        }
        guard let sample = try movie.samples(of: track).first, sample.size >= 4 else { return nil }
        var r = BigEndianReader(try source.bytes(in: sample.offset..<(sample.offset + 4)), path: track.box.path)
        var frame = Int64(try r.u32("the timecode sample"))
        // Media time → frames of the timecode's own rate, in the track's media timescale.
        let unitsPerFrame = Double(entry.frameDuration) / Double(entry.timescale) * Double(track.timescale)
        var empty: UInt64 = 0
        for edit in track.edits {
            if edit.mediaTime < 0 {
                empty += edit.segmentDuration
                continue
            }
            if unitsPerFrame > 0 { frame += Self.whole((Double(edit.mediaTime) - Double(sample.time)) / unitsPerFrame) }
            break
        }
        if empty > 0 {
            let seconds = Double(empty) / Double(movie.header.timescale)
            frame -= Self.whole(seconds * Double(entry.timescale) / Double(entry.frameDuration))
        }
        return (entry, frame)
    }

    /// `value` rounded, kept within ±2^40 frames (a hostile edit list may hold any number; real
    /// ones move the start by a few frames).
    private static func whole(_ value: Double) -> Int64 {
        guard value.isFinite else { return 0 }
        return Int64(max(-0x100_0000_0000, min(0x100_0000_0000, value.rounded())))
    }
}
