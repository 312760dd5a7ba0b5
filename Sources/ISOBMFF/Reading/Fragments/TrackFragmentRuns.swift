/// The samples of one track fragment (`traf`, ISO/IEC 14496-12 §8.8.6): its header `tfhd`
/// (§8.8.7), its decode time `tfdt` (§8.8.12) and its runs `trun` (§8.8.8), read into
/// ``Sample`` values.
struct TrackFragmentRuns {
    /// `tfhd`'s track_ID.
    let trackID: UInt32
    /// Where the fragment's data offsets count from (§8.8.7.1): `base_data_offset`; else, with
    /// default-base-is-moof or for the first `traf` of a `moof`, the `moof`'s first byte; else
    /// the end of the previous `traf`'s data.
    let base: Int
    /// Where ``base`` comes from (§8.8.7.1).
    enum BaseOrigin: Sendable, Hashable {
        /// tfhd's explicit base_data_offset (an absolute file offset).
        case baseDataOffset
        /// The first byte of the `moof` (default-base-is-moof, or the first `traf` without a base).
        case moof
        /// The end of the previous `traf`'s data in the same `moof`.
        case previousData
    }
    let baseOrigin: BaseOrigin
    /// The decode time of the fragment's first sample (tfdt, or where the track's samples so far end).
    let startTime: Int64
    /// The end of the last run's data (the next `traf`'s implicit base).
    private(set) var dataEnd: Int
    /// The samples whose bytes lie in the file, and the index of each among all the fragment's
    /// samples (both empty when the track's samples are only counted).
    private(set) var samples: [Sample] = []
    private(set) var keptIndices: [Int] = []
    /// How many samples lie in the file.
    private(set) var keptCount = 0
    /// The number of samples of each `trun`, in order.
    private(set) var runSizes: [Int] = []
    /// The decode time after the fragment's last sample.
    private(set) var nextTime: Int64
    /// Samples left out because their bytes pass the end of the file (a download cut short) or
    /// the end of the `mdat` they start in (a damaged run).
    private(set) var warning: ISOBMFFError?

    let traf: Box

    /// tf_flags (§8.8.7.1).
    private static let baseDataOffsetPresent: UInt32 = 0x1
    private static let descriptionIndexPresent: UInt32 = 0x2
    private static let durationPresent: UInt32 = 0x8
    private static let sizePresent: UInt32 = 0x10
    private static let flagsPresent: UInt32 = 0x20
    private static let durationIsEmpty: UInt32 = 0x1_0000
    private static let defaultBaseIsMoof: UInt32 = 0x2_0000

    /// Reads `traf` (held in `bytes`, the `moof`, which starts at `moofOffset` in the file).
    /// `previousEnd` is where the previous `traf`'s data ended (the `moof`'s offset for the
    /// first), `startTime` the track's decode time so far, `extends` its `trex`, and `allowed`
    /// how many more samples the track may keep; `keepsSamples` says whether its samples are
    /// wanted or only counted. `mediaData` holds the payloads of the file's top-level `mdat`
    /// boxes in file order: a sample that starts in one must end in it (§8.1.1, an `mdat` holds
    /// whole samples).
    init(
        traf: Box, bytes: [UInt8], moofOffset: Int, isFirst: Bool, previousEnd: Int, fileSize: Int,
        mediaData: [Range<Int>] = [],
        keepsSamples: (UInt32) -> Bool = { _ in true }, extends: (UInt32) -> TrackExtends?,
        startTime: (UInt32) -> Int64, allowed: (UInt32) -> Int
    ) throws(ISOBMFFError) {
        self.traf = traf
        guard let tfhd = traf.child("tfhd") else {
            throw ISOBMFFError(
                .missing, "a track fragment with no tfhd box", path: traf.path, offset: moofOffset + traf.offset)
        }
        var h = BigEndianReader(bytes, box: tfhd, baseOffset: moofOffset)
        try h.skip(1, "the version")
        let flags = try h.u24("the flags")
        trackID = try h.u32("track_ID")
        let defaults = extends(trackID) ?? TrackExtends(trackID: trackID)
        if flags & Self.baseDataOffsetPresent != 0 {
            let offset = try h.u64("base_data_offset")
            guard offset <= UInt64(fileSize) else {
                throw ISOBMFFError(
                    .malformed, "base_data_offset \(offset) lies past the end of the file (\(fileSize) bytes)",
                    path: tfhd.path, offset: moofOffset + tfhd.offset)
            }
            base = Int(offset)
            baseOrigin = .baseDataOffset
        } else if flags & Self.defaultBaseIsMoof != 0 || isFirst {
            base = moofOffset
            baseOrigin = .moof
        } else {
            base = previousEnd
            baseOrigin = .previousData
        }
        let descriptionIndex =
            flags & Self.descriptionIndexPresent != 0
            ? try h.u32("sample_description_index") : defaults.defaultSampleDescriptionIndex
        let defaultDuration =
            flags & Self.durationPresent != 0 ? try h.u32("default_sample_duration") : defaults.defaultSampleDuration
        let defaultSize = flags & Self.sizePresent != 0 ? try h.u32("default_sample_size") : defaults.defaultSampleSize

        var time = startTime(trackID)
        if let tfdt = traf.child("tfdt") {
            var t = BigEndianReader(bytes, box: tfdt, baseOffset: moofOffset)
            let version = try t.u8("the version")
            try t.skip(3, "the flags")
            let decodeTime = version == 1 ? try t.u64("baseMediaDecodeTime") : UInt64(try t.u32("baseMediaDecodeTime"))
            guard decodeTime <= UInt64(Int64.max) else {
                throw ISOBMFFError(
                    .malformed, "a baseMediaDecodeTime of \(decodeTime)", path: tfdt.path,
                    offset: moofOffset + tfdt.offset)
            }
            time = Int64(decodeTime)
        }
        dataEnd = base
        nextTime = time
        self.startTime = time
        let truns = traf.children("trun")
        // duration-is-empty: no samples for the default duration (an empty interval).
        if truns.isEmpty && flags & Self.durationIsEmpty != 0 {
            let (end, overflow) = time.addingReportingOverflow(Int64(defaultDuration))
            guard !overflow else { throw Self.overflowError(traf, moofOffset) }
            nextTime = end
        }
        let budget = allowed(trackID)
        let keeping = keepsSamples(trackID)
        var index = 0
        var position = base
        for (runNumber, trun) in truns.enumerated() {
            var r = BigEndianReader(bytes, box: trun, baseOffset: moofOffset)
            let version = try r.u8("the version")
            let runFlags = try r.u24("the flags")
            let hasDuration = runFlags & 0x100 != 0
            let hasSize = runFlags & 0x200 != 0
            let hasFlags = runFlags & 0x400 != 0
            let hasOffset = runFlags & 0x800 != 0
            let entrySize = 4 * [hasDuration, hasSize, hasFlags, hasOffset].filter { $0 }.count
            let countAt = moofOffset + r.position
            let count = Int(try r.u32("sample_count"))
            if runFlags & 0x1 != 0 {
                // data_offset is relative to the fragment's base, not to the previous run (§8.8.8.3).
                position = base + Int(Int32(bitPattern: try r.u32("data_offset")))
                guard position >= 0 else {
                    throw ISOBMFFError(
                        .malformed, "data_offset puts the run before the start of the file", path: trun.path,
                        offset: moofOffset + r.position - 4)
                }
            } else if runNumber == 0 {
                position = base
            }
            if runFlags & 0x4 != 0 { try r.skip(4, "first_sample_flags") }
            guard entrySize == 0 || count <= r.remaining / entrySize else {
                throw ISOBMFFError(
                    .malformed,
                    "sample_count is \(count) entries of \(entrySize) bytes, but the box holds \(r.remaining) bytes",
                    path: trun.path, offset: countAt)
            }
            runSizes.append(count)
            for i in 0..<count {
                let duration = hasDuration ? try r.u32("a sample duration") : defaultDuration
                let size = Int(hasSize ? try r.u32("a sample size") : defaultSize)
                if hasFlags { try r.skip(4, "sample flags") }
                var composition: Int64 = 0
                if hasOffset {
                    let raw = try r.u32("a composition time offset")
                    // Unsigned in version 0, signed in version 1 (§8.8.8.2).
                    composition = version == 0 ? Int64(raw) : Int64(Int32(bitPattern: raw))
                }
                let inFile = position <= fileSize && size <= fileSize - position
                if inFile, let end = Self.end(ofMediaDataHolding: position, in: mediaData), size > end - position {
                    noteOverrun(
                        sample: i, run: trun, at: position, size: size, mediaDataEnd: end, moofOffset: moofOffset)
                } else if inFile {
                    guard keptCount < budget else {
                        throw ISOBMFFError(
                            .limit,
                            "more samples in track \(trackID) than the \(budget) allowed (the limit per track, or one a byte of the file)",
                            path: trun.path, offset: countAt)
                    }
                    keptCount += 1
                    if keeping {
                        samples.append(
                            Sample(
                                offset: position, size: size, time: time, duration: Int64(duration),
                                descriptionIndex: Int(descriptionIndex), compositionOffset: composition))
                        keptIndices.append(index)
                    }
                } else {
                    noteCutShort(
                        sample: i, run: trun, at: position, size: size, fileSize: fileSize, moofOffset: moofOffset)
                    if entrySize == 0 {
                        // Every later sample of this run has the same size: skip them at once.
                        let rest = Int64(count - i)
                        let (span, overflow) = rest.multipliedReportingOverflow(by: Int64(duration))
                        guard !overflow else { throw Self.overflowError(trun, moofOffset) }
                        time = try Self.advanced(time, span, trun, moofOffset)
                        index += count - i
                        position = Int.max / 2
                        break
                    }
                }
                time = try Self.advanced(time, Int64(duration), trun, moofOffset)
                position = min(Int.max / 2, position + size)
                index += 1
            }
            dataEnd = position
        }
        nextTime = truns.isEmpty ? nextTime : time
    }

    private mutating func noteCutShort(sample: Int, run: Box, at offset: Int, size: Int, fileSize: Int, moofOffset: Int)
    {
        guard warning == nil else { return }
        warning = ISOBMFFError(
            .truncated,
            "sample \(sample + 1) of the run (\(size) bytes at byte \(offset)) passes the end of the file (\(fileSize) bytes): "
                + "the file is cut short; the samples whose bytes are complete are kept, the rest left out",
            path: run.path, offset: moofOffset + run.offset)
    }

    private mutating func noteOverrun(
        sample: Int, run: Box, at offset: Int, size: Int, mediaDataEnd: Int, moofOffset: Int
    ) {
        guard warning == nil else { return }
        warning = ISOBMFFError(
            .malformed,
            "sample \(sample + 1) of the run (\(size) bytes at byte \(offset)) passes the end of the mdat it starts in "
                + "(byte \(mediaDataEnd)) by \(offset + size - mediaDataEnd) bytes: the run's sizes or data_offset are "
                + "damaged; the sample is left out",
            path: run.path, offset: moofOffset + run.offset)
    }

    /// The end of the `mdat` payload (of `mediaData`, in file order) that holds byte `offset`;
    /// nil when none does (a sample elsewhere is not checked here).
    private static func end(ofMediaDataHolding offset: Int, in mediaData: [Range<Int>]) -> Int? {
        var low = 0
        var high = mediaData.count
        while low < high {
            let mid = (low + high) / 2
            if mediaData[mid].lowerBound <= offset { low = mid + 1 } else { high = mid }
        }
        guard low > 0, mediaData[low - 1].contains(offset) else { return nil }
        return mediaData[low - 1].upperBound
    }

    private static func advanced(_ time: Int64, _ by: Int64, _ trun: Box, _ moofOffset: Int) throws(ISOBMFFError)
        -> Int64
    {
        let (next, overflow) = time.addingReportingOverflow(by)
        guard !overflow else { throw Self.overflowError(trun, moofOffset) }
        return next
    }

    private static func overflowError(_ trun: Box, _ moofOffset: Int) -> ISOBMFFError {
        ISOBMFFError(
            .malformed, "the decode times pass 2^63 units", path: trun.path, offset: moofOffset + trun.offset)
    }

    /// The protection of the kept samples (ISO/IEC 23001-7): from the `traf`'s `senc`,
    /// `saiz`/`saio` and `seig` groups, with the defaults of each sample's entry.
    func protection(
        bytes: [UInt8], moofOffset: Int, context: FragmentReader.TrackContext, source: ByteSource
    ) throws(ISOBMFFError) -> [SampleProtection] {
        let boxes = try SampleEncryptionBoxes(container: traf, bytes: bytes, baseOffset: moofOffset)
        let total = runSizes.reduce(0, +)
        let description = samples.first?.descriptionIndex ?? 1
        let defaults =
            context.protection.indices.contains(description - 1)
            ? context.protection[description - 1]?.trackEncryption : nil
        let all = try boxes.protections(
            count: total, defaults: { _ in defaults }, movieGroups: context.movieGroups, inFragment: true,
            auxiliaryBase: base, runSizes: runSizes, source: source)
        return keptIndices.map { all[$0] }
    }
}
