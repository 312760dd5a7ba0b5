/// The Common Encryption boxes of one `traf` or `stbl` (ISO/IEC 23001-7): the sample encryption
/// box `senc` (§7.2), the sample auxiliary information sizes and offsets `saiz`/`saio` (§7.1,
/// ISO/IEC 14496-12 §8.7.8–§8.7.9) that point at the same data, and the `seig` sample groups
/// (§6, through `sbgp`/`sgpd`, 14496-12 §8.9) that change the key or the protection of some
/// samples. `pssh` (§8.1) is for the DRM system and is not read.
struct SampleEncryptionBoxes {
    var senc: Box?
    var saiz: Box?
    var saio: Box?
    /// `sbgp` `seig` runs: (sample count, group description index).
    var groupRuns: [(count: Int, index: UInt32)] = []
    /// `sgpd` `seig` entries of this container.
    var groupEntries: [EncryptionDefaults] = []
    let bytes: [UInt8]
    let baseOffset: Int

    /// The boxes among `container`'s children (held in `bytes`, which start at `baseOffset` in
    /// the file).
    init(container: Box, bytes: [UInt8], baseOffset: Int) throws(ISOBMFFError) {
        self.bytes = bytes
        self.baseOffset = baseOffset
        senc = container.child("senc")
        // An auxiliary information type of `cenc`, `cens`, `cbc1`, `cbcs` or none (then the
        // scheme's, 14496-12 §8.7.8.3) is Common Encryption's; other types are other data.
        func isEncryptionInfo(_ box: Box) -> Bool {
            guard box.payloadRange.count >= 8, bytes[box.payloadRange.lowerBound + 3] & 1 != 0 else { return true }
            let p = box.payloadRange.lowerBound + 4
            let type = FourCC(rawValue: bytes[p..<(p + 4)].reduce(0) { $0 << 8 | UInt32($1) })
            return ["cenc", "cens", "cbc1", "cbcs"].contains(type)
        }
        saiz = container.children("saiz").first(where: isEncryptionInfo)
        saio = container.children("saio").first(where: isEncryptionInfo)
        for sbgp in container.children("sbgp") {
            var r = reader(sbgp)
            let version = try r.u8("the version")
            try r.skip(3, "the flags")
            guard try r.fourCC("the grouping type") == "seig" else { continue }
            if version == 1 { try r.skip(4, "the grouping type parameter") }
            let n = try r.entryCount(entrySize: 8, "the sbgp entry count")
            for _ in 0..<n {
                groupRuns.append((Int(try r.u32("a sample count")), try r.u32("a group description index")))
            }
        }
        for sgpd in container.children("sgpd") {
            var r = reader(sgpd)
            let version = try r.u8("the version")
            try r.skip(3, "the flags")
            guard try r.fourCC("the grouping type") == "seig" else { continue }
            let defaultLength = version == 1 ? Int(try r.u32("the default length")) : 0
            if version >= 2 { try r.skip(4, "the default sample description index") }
            // Each entry is at least 20 bytes (23001-7 §6).
            let n = try r.entryCount(entrySize: 20, "the sgpd entry count")
            for _ in 0..<n {
                let length = version == 1 && defaultLength == 0 ? Int(try r.u32("a description length")) : defaultLength
                let start = r.position
                groupEntries.append(try EncryptionDefaults(reading: &r, patterned: true))
                if length > 0 { try r.skip(max(0, start + length - r.position), "the rest of a seig entry") }
            }
        }
    }

    var isEmpty: Bool { senc == nil && saiz == nil && groupRuns.isEmpty }

    private func reader(_ box: Box) -> BigEndianReader {
        BigEndianReader(bytes, box: box, baseOffset: baseOffset)
    }

    /// The group description index of each of `count` samples (0: no group).
    func groupIndices(count: Int) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(count)
        for run in groupRuns where out.count < count {
            out += repeatElement(run.index, count: min(run.count, count - out.count))
        }
        out += repeatElement(0, count: count - out.count)
        return out
    }

    /// The protection of `count` samples: `defaults(i)` gives the `tenc` of sample i's entry;
    /// the sample's `seig` group overrides it (in a `traf`, indices above 0x10000 name this
    /// fragment's `sgpd`, others `movieGroups`, 14496-12 §8.9.4); then `senc`, or else
    /// `saiz`/`saio` (read through `source`; `auxiliaryBase` is what `saio` offsets are relative
    /// to, `runSizes` the samples of each run or chunk when `saio` has one offset for each).
    func protections(
        count: Int, defaults: (Int) -> EncryptionDefaults?, movieGroups: [EncryptionDefaults], inFragment: Bool,
        auxiliaryBase: Int, runSizes: [Int], source: ByteSource
    ) throws(ISOBMFFError) -> [SampleProtection] {
        let groups = groupIndices(count: count)
        var effective: [EncryptionDefaults?] = []
        effective.reserveCapacity(count)
        for i in 0..<count {
            let g = groups[i]
            if g == 0 {
                effective.append(defaults(i))
            } else if inFragment && g > 0x10000 {
                let k = Int(g - 0x10001)
                guard k < groupEntries.count else { throw missingGroup(g) }
                effective.append(groupEntries[k])
            } else {
                let k = Int(g) - 1
                guard k < movieGroups.count else { throw missingGroup(g) }
                effective.append(movieGroups[k])
            }
        }
        let ivSizes = effective.map { $0.map { $0.isProtected ? $0.perSampleIVSize : 0 } ?? 0 }
        var parsed: [(iv: [UInt8], subsamples: [SampleProtection.Subsample])]
        var keyOverride: [UInt8]?
        if let senc {
            (parsed, keyOverride) = try sampleEncryption(senc, count: count, ivSizes: ivSizes)
        } else if let saiz, let saio {
            parsed = try auxiliaryInformation(
                saiz, saio, count: count, ivSizes: ivSizes, base: auxiliaryBase, runSizes: runSizes, source: source)
        } else {
            parsed = Array(repeating: ([], []), count: count)
        }
        return (0..<count).map { i in
            guard let e = effective[i], e.isProtected else { return .clear }
            return SampleProtection(
                isProtected: true, keyID: keyOverride ?? e.keyID,
                initializationVector: e.perSampleIVSize == 0 ? e.constantIV : parsed[i].iv,
                subsamples: parsed[i].subsamples)
        }
    }

    private func missingGroup(_ index: UInt32) -> ISOBMFFError {
        ISOBMFFError(
            .malformed, "a sample of group description \(index), which no seig sgpd entry describes",
            path: groupRuns.isEmpty ? "" : "sbgp", offset: nil)
    }

    /// `senc` (23001-7 §7.2.1): sample_count, then each sample's IV and, with flag 2, its
    /// subsamples (16-bit clear, 32-bit protected byte counts). Flag 1 (PIFF 1.1's form) puts an
    /// algorithm, IV size and KID that override `tenc` first.
    private func sampleEncryption(_ box: Box, count: Int, ivSizes: [Int]) throws(ISOBMFFError) -> (
        [(iv: [UInt8], subsamples: [SampleProtection.Subsample])], [UInt8]?
    ) {
        var r = reader(box)
        try r.skip(1, "the version")
        let flags = try r.u24("the flags")
        var sizes = ivSizes
        var key: [UInt8]?
        if flags & 1 != 0 {
            try r.skip(3, "the algorithm")
            let size = Int(try r.u8("the IV size"))
            key = try r.bytes(16, "the KID")
            sizes = sizes.map { $0 == 0 ? 0 : size }
        }
        let n = Int(try r.u32("the sample count"))
        guard n == count else {
            throw ISOBMFFError(
                .malformed, "senc describes \(n) samples, but there are \(count)", path: box.path,
                offset: baseOffset + r.position - 4)
        }
        var out: [(iv: [UInt8], subsamples: [SampleProtection.Subsample])] = []
        out.reserveCapacity(min(count, r.remaining))
        for i in 0..<count {
            let iv = try r.bytes(sizes[i], "sample \(i + 1)'s IV")
            var subsamples: [SampleProtection.Subsample] = []
            if flags & 2 != 0 {
                subsamples = try Self.subsamples(&r, sample: i)
            }
            out.append((iv, subsamples))
        }
        return (out, key)
    }

    /// The same data as `senc` through `saiz` (each sample's size) and `saio` (where: one offset
    /// for all, or one per run or chunk).
    private func auxiliaryInformation(
        _ saiz: Box, _ saio: Box, count: Int, ivSizes: [Int], base: Int, runSizes: [Int], source: ByteSource
    ) throws(ISOBMFFError) -> [(iv: [UInt8], subsamples: [SampleProtection.Subsample])] {
        var z = reader(saiz)
        try z.skip(1, "the version")
        if try z.u24("the flags") & 1 != 0 { try z.skip(8, "the auxiliary information type") }
        let defaultSize = Int(try z.u8("the default sample info size"))
        let n = Int(try z.u32("the sample count"))
        guard n == count else {
            throw ISOBMFFError(
                .malformed, "saiz describes \(n) samples, but there are \(count)", path: saiz.path,
                offset: baseOffset + z.position - 4)
        }
        var sizes: [Int] = []
        if defaultSize == 0 {
            guard n <= z.remaining else {
                throw ISOBMFFError(.truncated, "\(n) sample info sizes but \(z.remaining) bytes", path: saiz.path)
            }
            for _ in 0..<n { sizes.append(Int(try z.u8("a sample info size"))) }
        } else {
            sizes = Array(repeating: defaultSize, count: n)
        }
        var o = reader(saio)
        let version = try o.u8("the version")
        if try o.u24("the flags") & 1 != 0 { try o.skip(8, "the auxiliary information type") }
        let entries = try o.entryCount(entrySize: version == 0 ? 4 : 8, "the saio entry count")
        guard entries == 1 || entries == runSizes.count else {
            throw ISOBMFFError(
                .malformed, "saio has \(entries) offsets, for \(runSizes.count) runs or chunks", path: saio.path)
        }
        var starts: [Int] = []
        for _ in 0..<entries {
            let raw = version == 0 ? UInt64(try o.u32("an offset")) : try o.u64("an offset")
            guard raw <= UInt64(source.count) else {
                throw ISOBMFFError(
                    .malformed, "an auxiliary information offset of \(raw) lies past the end of the file",
                    path: saio.path)
            }
            starts.append(base + Int(raw))
        }
        let groups = entries == 1 ? [count] : runSizes
        var out: [(iv: [UInt8], subsamples: [SampleProtection.Subsample])] = []
        var sample = 0
        for (start, groupCount) in zip(starts, groups) {
            let end = min(count, sample + groupCount)
            let total = sizes[sample..<end].reduce(0, +)
            guard start >= 0, start <= source.count - total else {
                throw ISOBMFFError(
                    .truncated,
                    "\(total) bytes of sample auxiliary information at byte \(start) pass the end of the file",
                    path: saio.path)
            }
            let data = try source.bytes(in: start..<(start + total))
            var p = 0
            for i in sample..<end {
                var r = BigEndianReader(data, range: p..<(p + sizes[i]), path: saio.path, baseOffset: start)
                let iv = try r.bytes(ivSizes[i], "sample \(i + 1)'s IV")
                var subsamples: [SampleProtection.Subsample] = []
                if r.remaining > 0 { subsamples = try Self.subsamples(&r, sample: i) }
                out.append((iv, subsamples))
                p += sizes[i]
            }
            sample = end
        }
        guard out.count == count else {
            throw ISOBMFFError(
                .malformed, "saio's runs hold \(out.count) samples, but there are \(count)", path: saio.path)
        }
        return out
    }

    /// A sample's subsample count and entries (§7.2.2: 16-bit clear, 32-bit protected byte
    /// counts), the count checked against the bytes left first.
    private static func subsamples(_ r: inout BigEndianReader, sample i: Int) throws(ISOBMFFError)
        -> [SampleProtection.Subsample]
    {
        let k = Int(try r.u16("sample \(i + 1)'s subsample count"))
        guard k <= r.remaining / 6 else {
            throw ISOBMFFError(
                .truncated, "sample \(i + 1) has \(k) subsamples but the box holds \(r.remaining / 6)", path: r.path,
                offset: r.baseOffset + r.position - 2)
        }
        var subsamples: [SampleProtection.Subsample] = []
        subsamples.reserveCapacity(k)
        for _ in 0..<k {
            subsamples.append(
                .init(
                    clearBytes: Int(try r.u16("a clear byte count")),
                    protectedBytes: Int(try r.u32("a protected byte count"))))
        }
        return subsamples
    }
}
