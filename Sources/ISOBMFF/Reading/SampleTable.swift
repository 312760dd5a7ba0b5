/// The sample tables of one track as stored (ISO/IEC 14496-12 §8.6.1.2 `stts`, §8.6.1.3 `ctts`,
/// §8.7.3 `stsz`, §8.7.4 `stsc`, §8.7.5 `stco`/`co64`), and their expansion into ``Sample``
/// values with every count checked against the others.
public struct SampleTable: Sendable, Hashable {
    public struct TimeToSample: Sendable, Hashable {
        public var count: UInt32
        public var delta: UInt32
    }

    /// One `ctts` run (§8.6.1.3): `count` samples whose composition time is their decoding time
    /// plus `offset` (signed in version 1; version 0 offsets above 2^31 are read as QuickTime
    /// writes them, negative).
    public struct CompositionOffset: Sendable, Hashable {
        public var count: UInt32
        public var offset: Int32
    }

    public struct SampleToChunk: Sendable, Hashable {
        public var firstChunk: UInt32
        public var samplesPerChunk: UInt32
        public var descriptionIndex: UInt32
    }

    public var timeToSample: [TimeToSample] = []
    /// `ctts` runs; empty when composition equals decoding time (no B-frames, or not video).
    public var compositionOffsets: [CompositionOffset] = []
    public var sampleToChunk: [SampleToChunk] = []
    /// Non-zero when every sample has this size (`stsz` sample_size).
    public var constantSampleSize: UInt32 = 0
    public var sampleCount: Int = 0
    public var sampleSizes: [UInt32] = []
    public var chunkOffsets: [UInt64] = []
    /// Whether the offsets came from `co64`.
    public var usesLargeOffsets = false
    /// The box path of `stbl`, for errors.
    public var path: String = ""

    public init() {}

    /// Parses `stbl`'s tables from `bytes` (the `moov` bytes; `baseOffset` is `moov`'s offset in
    /// the file, for errors).
    init(stbl: Box, bytes: [UInt8], baseOffset: Int, limits: ISOBMFFLimits) throws(ISOBMFFError) {
        path = stbl.path
        func reader(_ type: FourCC) throws(ISOBMFFError) -> BigEndianReader {
            guard let box = stbl.child(type) else {
                throw ISOBMFFError(.missing, "no \(type) box", path: stbl.path)
            }
            var r = BigEndianReader(bytes, box: box, baseOffset: baseOffset)
            try r.skip(4, "the version and flags")
            return r
        }
        var stts = try reader("stts")
        let timeCount = try stts.entryCount(entrySize: 8, "the stts entry count")
        timeToSample.reserveCapacity(timeCount)
        for _ in 0..<timeCount {
            timeToSample.append(
                TimeToSample(count: try stts.u32("a sample count"), delta: try stts.u32("a sample delta")))
        }
        if let ctts = stbl.child("ctts") {
            var r = BigEndianReader(bytes, box: ctts, baseOffset: baseOffset)
            try r.skip(4, "the version and flags")
            let runs = try r.entryCount(entrySize: 8, "the ctts entry count")
            compositionOffsets.reserveCapacity(runs)
            for _ in 0..<runs {
                compositionOffsets.append(
                    CompositionOffset(
                        count: try r.u32("a sample count"),
                        offset: Int32(bitPattern: try r.u32("a composition offset"))))
            }
        }
        var stsz: BigEndianReader
        if stbl.child("stsz") != nil {
            stsz = try reader("stsz")
            constantSampleSize = try stsz.u32("the constant sample size")
            let count = Int(try stsz.u32("the sample count"))
            guard count <= limits.maximumSamplesPerTrack else {
                throw ISOBMFFError(
                    .limit, "\(count) samples, more than the \(limits.maximumSamplesPerTrack) allowed per track",
                    path: stbl.path + "/stsz")
            }
            sampleCount = count
            if constantSampleSize == 0 {
                guard count <= stsz.remaining / 4 else {
                    throw ISOBMFFError(
                        .truncated, "\(count) sample sizes announced but the box holds \(stsz.remaining / 4)",
                        path: stbl.path + "/stsz", offset: baseOffset + stsz.position)
                }
                sampleSizes.reserveCapacity(count)
                for _ in 0..<count { sampleSizes.append(try stsz.u32("a sample size")) }
            }
        } else {
            throw ISOBMFFError(.missing, "no stsz box (compact stz2 sizes are not supported)", path: stbl.path)
        }
        var stsc = try reader("stsc")
        let chunkRuns = try stsc.entryCount(entrySize: 12, "the stsc entry count")
        sampleToChunk.reserveCapacity(chunkRuns)
        for _ in 0..<chunkRuns {
            sampleToChunk.append(
                SampleToChunk(
                    firstChunk: try stsc.u32("a first chunk"), samplesPerChunk: try stsc.u32("a samples-per-chunk"),
                    descriptionIndex: try stsc.u32("a sample description index")))
        }
        if stbl.child("co64") != nil {
            var co64 = try reader("co64")
            usesLargeOffsets = true
            let n = try co64.entryCount(entrySize: 8, "the co64 entry count")
            chunkOffsets.reserveCapacity(n)
            for _ in 0..<n { chunkOffsets.append(try co64.u64("a chunk offset")) }
        } else {
            var stco = try reader("stco")
            let n = try stco.entryCount(entrySize: 4, "the stco entry count")
            chunkOffsets.reserveCapacity(n)
            for _ in 0..<n { chunkOffsets.append(UInt64(try stco.u32("a chunk offset"))) }
        }
    }

    /// The decode time after the last sample: the sum of the `stts` durations (where a track's
    /// fragments start when its first has no `tfdt`, 14496-12 §8.8.12); kept below 2^63.
    public var totalDuration: Int64 {
        var total: Int64 = 0
        for entry in timeToSample {
            let (span, o1) = Int64(entry.count).multipliedReportingOverflow(by: Int64(entry.delta))
            let (sum, o2) = total.addingReportingOverflow(span)
            if o1 || o2 { return Int64.max }
            total = sum
        }
        return total
    }

    /// The number of samples in each chunk, in order (`stsc` expanded over the `stco` chunks);
    /// what per-chunk `saio` offsets count by (14496-12 §8.7.9).
    func samplesPerChunk() -> [Int] {
        var result: [Int] = []
        for (i, run) in sampleToChunk.enumerated() {
            let first = Int(run.firstChunk)
            let next = i + 1 < sampleToChunk.count ? Int(sampleToChunk[i + 1].firstChunk) : chunkOffsets.count + 1
            guard first >= 1, next > first, next <= chunkOffsets.count + 1 else { break }
            result += repeatElement(Int(run.samplesPerChunk), count: next - first)
        }
        return result
    }

    /// Every sample with its file offset, size and time, after checking that the tables agree:
    /// `stts` counts add up to the `stsz` count, `stsc` runs start at chunk 1 and increase, the
    /// chunks hold exactly the samples, and every sample lies within `fileSize` bytes.
    public func samples(fileSize: Int) throws(ISOBMFFError) -> [Sample] {
        var total = 0
        for entry in timeToSample {
            total += Int(entry.count)
            guard total <= sampleCount else {
                throw ISOBMFFError(
                    .malformed, "stts describes more samples than the \(sampleCount) in stsz", path: path + "/stts")
            }
        }
        guard total == sampleCount else {
            throw ISOBMFFError(
                .malformed, "stts describes \(total) samples but stsz has \(sampleCount)", path: path + "/stts")
        }
        if let first = sampleToChunk.first, first.firstChunk != 1 {
            throw ISOBMFFError(
                .malformed, "the first stsc entry starts at chunk \(first.firstChunk), not 1", path: path + "/stsc")
        }
        if sampleCount > 0 && sampleToChunk.isEmpty {
            throw ISOBMFFError(.malformed, "\(sampleCount) samples but no stsc entry", path: path + "/stsc")
        }
        // Samples never share bytes in a real file, so together they hold at most the file's size.
        // Without this bound, chunks that overlap let a 33 KB file announce 20 million samples
        // (800 MB expanded): the cost of a track stays proportional to the file (Specs/limits.md).
        let totalBytes =
            constantSampleSize != 0
            ? UInt64(sampleCount) * UInt64(constantSampleSize) : sampleSizes.reduce(UInt64(0)) { $0 + UInt64($1) }
        guard totalBytes <= UInt64(fileSize) else {
            let each =
                constantSampleSize != 0 ? " of \(constantSampleSize) byte\(constantSampleSize == 1 ? "" : "s")" : ""
            throw ISOBMFFError(
                .limit,
                "\(sampleCount) samples\(each) hold \(totalBytes) bytes, more than the whole file (\(fileSize) bytes): "
                    + "samples would overlap or lie outside it",
                path: path + "/stsz")
        }
        var offsets = compositionOffsets.makeIterator()
        var offsetRun = offsets.next()
        var leftInOffsetRun = offsetRun.map { Int($0.count) } ?? 0
        var result: [Sample] = []
        result.reserveCapacity(sampleCount)
        var timeEntry = 0
        var leftInEntry = timeToSample.first.map { Int($0.count) } ?? 0
        var time: Int64 = 0
        var sampleIndex = 0
        let chunkCount = chunkOffsets.count
        for (runIndex, run) in sampleToChunk.enumerated() {
            let firstChunk = Int(run.firstChunk)
            let nextFirst =
                runIndex + 1 < sampleToChunk.count ? Int(sampleToChunk[runIndex + 1].firstChunk) : chunkCount + 1
            guard nextFirst > firstChunk, firstChunk >= 1 else {
                throw ISOBMFFError(
                    .malformed, "stsc entry \(runIndex + 1) does not start after the one before", path: path + "/stsc")
            }
            guard nextFirst <= chunkCount + 1 else {
                throw ISOBMFFError(
                    .malformed, "stsc names chunk \(nextFirst - 1) but stco has \(chunkCount) chunks",
                    path: path + "/stsc")
            }
            for chunk in firstChunk..<nextFirst {
                guard chunk - 1 < chunkCount else { break }
                var offset = chunkOffsets[chunk - 1]
                for _ in 0..<run.samplesPerChunk {
                    guard sampleIndex < sampleCount else {
                        throw ISOBMFFError(
                            .malformed, "the chunks hold more samples than the \(sampleCount) in stsz",
                            path: path + "/stsc")
                    }
                    while leftInEntry == 0 && timeEntry + 1 < timeToSample.count {
                        timeEntry += 1
                        leftInEntry = Int(timeToSample[timeEntry].count)
                    }
                    let delta = Int64(timeToSample[timeEntry].delta)
                    leftInEntry -= 1
                    while leftInOffsetRun == 0, let next = offsets.next() {
                        offsetRun = next
                        leftInOffsetRun = Int(next.count)
                    }
                    // A ctts shorter than the track leaves the remaining samples at offset 0.
                    let compositionOffset = leftInOffsetRun > 0 ? Int64(offsetRun?.offset ?? 0) : 0
                    leftInOffsetRun -= leftInOffsetRun > 0 ? 1 : 0
                    let size = constantSampleSize != 0 ? UInt64(constantSampleSize) : UInt64(sampleSizes[sampleIndex])
                    guard offset <= UInt64(fileSize), size <= UInt64(fileSize) - offset else {
                        throw ISOBMFFError(
                            .malformed,
                            "sample \(sampleIndex + 1) at byte \(offset), \(size) bytes, lies past the end of the file (\(fileSize) bytes)",
                            path: path + (usesLargeOffsets ? "/co64" : "/stco"))
                    }
                    result.append(
                        Sample(
                            offset: Int(offset), size: Int(size), time: time, duration: delta,
                            descriptionIndex: Int(run.descriptionIndex), compositionOffset: compositionOffset))
                    time += delta
                    offset += size
                    sampleIndex += 1
                }
            }
        }
        guard sampleIndex == sampleCount else {
            throw ISOBMFFError(
                .malformed, "the chunks hold \(sampleIndex) samples but stsz has \(sampleCount)", path: path + "/stsc")
        }
        return result
    }
}
