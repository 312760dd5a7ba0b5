import Foundation
import ISOBMFF
import TestSupport
import Testing

/// Common Encryption in movie fragments (ISO/IEC 23001-7), built box by box: an `encv` entry
/// with `sinf` (`frma`, `schm`, `schi/tenc`), then fragments whose samples' protection comes
/// from `senc` (§7.2), from `saiz`/`saio` (§7.1) or from a `seig` sample group (§6). Each
/// expected value is worked out here from the clauses.
@Suite struct SampleProtectionTests {
    typealias Fragment = MovieFragmentTests.Fragment
    typealias Run = MovieFragmentTests.Run

    static let keyID: [UInt8] = Array(0x10...0x1F)
    static let constantIV: [UInt8] = Array(0xA0...0xAF)

    /// An `encv` entry of `avc1` (ISO/IEC 14496-12 §8.12): the 78 bytes of a visual entry, an
    /// `avcC` with 4-byte lengths, then `sinf` with `tenc` of `version`.
    static func protectedEntry(scheme: FourCC, tencVersion: UInt8, ivSize: UInt8, pattern: UInt8 = 0) throws
        -> [UInt8]
    {
        var w = BoxWriter()
        try w.box("encv") { (w: inout BoxWriter) throws(ISOBMFFError) in
            w.zeros(6)
            w.u16(1)
            w.zeros(70)
            try w.box("avcC") { (w: inout BoxWriter) in w.append([1, 0x42, 0, 0x1E, 0xFF, 0xE0, 0]) }
            try w.box("sinf") { (w: inout BoxWriter) throws(ISOBMFFError) in
                try w.box("frma") { (w: inout BoxWriter) in w.fourCC("avc1") }
                try w.fullBox("schm") { (w: inout BoxWriter) in
                    w.fourCC(scheme)
                    w.u32(0x0001_0000)
                }
                try w.box("schi") { (w: inout BoxWriter) throws(ISOBMFFError) in
                    try w.fullBox("tenc", version: tencVersion) { (w: inout BoxWriter) in
                        w.u8(0)
                        w.u8(pattern)
                        w.u8(1)  // default_isProtected
                        w.u8(ivSize)
                        w.append(keyID)
                        if ivSize == 0 {
                            w.u8(16)
                            w.append(constantIV)
                        }
                    }
                }
            }
        }
        return w.bytes
    }

    /// The tiny movie with `entry`, `mvex`, then one fragment holding two 32-byte samples
    /// (default-base-is-moof) and `boxes` in its `traf`, then the samples and `trailer` in `mdat`.
    static func movie(entry: [UInt8], boxes: (_ moofSize: Int) throws -> [UInt8], trailer: [UInt8] = [])
        throws -> (Movie, [Sample], [SampleProtection])
    {
        var tiny = MovieFragmentTests.TinyMovie()
        tiny.sampleEntry = entry
        tiny.extra = try MovieFragmentTests.movieExtends(duration: 1000, size: 32)
        var bytes = try tiny.bytes()
        func fragment(_ extra: [UInt8], _ dataOffset: Int32) -> Fragment {
            Fragment(defaultBaseIsMoof: true, runs: [Run(dataOffset: dataOffset, count: 2)], extraBoxes: extra)
        }
        // Two passes: the boxes may depend on the moof's size (saio offsets).
        let size = try MovieFragmentTests.movieFragment([fragment(try boxes(0), 0)]).count
        let moof = try MovieFragmentTests.movieFragment([fragment(try boxes(size), Int32(size + 8))])
        #expect(moof.count == size)
        bytes += moof + (try MovieFragmentTests.mediaData(Array(repeating: 0xEE, count: 64) + trailer))
        let movie = try Movie.read(MemoryByteSource(bytes))
        let track = try #require(movie.tracks.first)
        let samples = try movie.samples(of: track)
        let protection = try #require(try movie.sampleProtection(of: track))
        #expect(protection.count == samples.count)
        return (movie, Array(samples.dropFirst(2)), Array(protection.dropFirst(2)))
    }

    /// `senc` with flag 2: subsample counts per sample, no IVs (cbcs, a constant IV in `tenc`).
    @Test func sencSubsamplesWithAConstantIV() throws {
        let entry = try Self.protectedEntry(scheme: "cbcs", tencVersion: 1, ivSize: 0, pattern: 0x19)
        let (movie, samples, protection) = try Self.movie(entry: entry) { _ in
            var w = BoxWriter()
            try w.fullBox("senc", flags: 2) { (w: inout BoxWriter) in
                w.u32(2)
                w.u16(2)
                for (clear, encrypted) in [(10, 16), (6, 0)] as [(UInt16, UInt32)] {
                    w.u16(clear)
                    w.u32(encrypted)
                }
                w.u16(1)
                w.u16(5)
                w.u32(27)
            }
            return w.bytes
        }
        let scheme = try #require(try movie.tracks[0].protectionSchemes().first ?? nil)
        #expect(scheme.originalFormat == "avc1" && scheme.schemeType == "cbcs" && scheme.schemeVersion == 0x0001_0000)
        let defaults = try #require(scheme.trackEncryption)
        #expect(defaults.cryptByteBlock == 1 && defaults.skipByteBlock == 9 && defaults.constantIV == Self.constantIV)
        #expect(samples.map(\.size) == [32, 32])
        #expect(protection.map { $0.protectedRanges(sampleSize: 32) } == [[10..<26], [5..<32]])
        #expect(protection.allSatisfy { $0.keyID == Self.keyID && $0.initializationVector == Self.constantIV })
        #expect(protection.allSatisfy { $0.describesSize(32) })
        #expect(movie.tracks[0].sampleEntries[0].originalFormat == "avc1")
    }

    /// The same information through `saiz` (sizes 16 and 8) and `saio` (one offset, from the
    /// moof as the data offsets are, into the `mdat` after the samples): cenc with 8-byte IVs;
    /// the second sample has no subsamples, so it is encrypted whole.
    @Test func saizAndSaioPointAtTheAuxiliaryInformation() throws {
        let entry = try Self.protectedEntry(scheme: "cenc", tencVersion: 0, ivSize: 8)
        let info: [UInt8] = Array(1...8) + [0, 1, 0, 4, 0, 0, 0, 12] + Array(11...18)
        let (_, _, protection) = try Self.movie(
            entry: entry,
            boxes: { moofSize in
                var w = BoxWriter()
                try w.fullBox("saiz") { (w: inout BoxWriter) in
                    w.u8(0)
                    w.u32(2)
                    w.append([16, 8])
                }
                try w.fullBox("saio") { (w: inout BoxWriter) in
                    w.u32(1)
                    w.u32(UInt32(moofSize + 8 + 64))
                }
                return w.bytes
            }, trailer: info)
        #expect(protection.map(\.initializationVector) == [Array(1...8), Array(11...18)])
        // The first sample's subsample describes 4 + 12 of its 32 bytes: the rest, unknown, is
        // taken as encrypted.
        #expect(protection.map { $0.protectedRanges(sampleSize: 32) } == [[4..<32], [0..<32]])
        #expect(protection[0].describesSize(32) == false)
    }

    /// A `seig` group of this fragment (`sgpd`, index 0x10001 in `sbgp`) that says "not
    /// protected" for the second sample: it is clear; the first keeps `tenc`'s key.
    @Test func aSeigGroupMakesASampleClear() throws {
        let entry = try Self.protectedEntry(scheme: "cenc", tencVersion: 0, ivSize: 8)
        let (_, _, protection) = try Self.movie(entry: entry) { _ in
            var w = BoxWriter()
            try w.fullBox("sbgp") { (w: inout BoxWriter) in
                w.fourCC("seig")
                w.u32(2)
                w.u32(1)
                w.u32(0)
                w.u32(1)
                w.u32(0x10001)
            }
            try w.fullBox("sgpd", version: 1) { (w: inout BoxWriter) in
                w.fourCC("seig")
                w.u32(20)
                w.u32(1)
                w.append([0, 0, 0, 0] + Array(repeating: 0x77, count: 16))
            }
            try w.fullBox("senc") { (w: inout BoxWriter) in
                w.u32(2)
                w.append(Array(1...8))  // the second sample is clear: no IV
            }
            return w.bytes
        }
        #expect(protection[0].isProtected && protection[0].keyID == Self.keyID)
        #expect(protection[0].initializationVector == Array(1...8))
        #expect(protection[0].protectedRanges(sampleSize: 32) == [0..<32])
        #expect(!protection[1].isProtected && protection[1].protectedRanges(sampleSize: 32).isEmpty)
    }

    /// A `senc` whose sample count is not the fragment's: refused with its path.
    @Test func aSencOfAnotherSampleCountIsMalformed() throws {
        let entry = try Self.protectedEntry(scheme: "cenc", tencVersion: 0, ivSize: 8)
        var tiny = MovieFragmentTests.TinyMovie()
        tiny.sampleEntry = entry
        tiny.extra = try MovieFragmentTests.movieExtends(duration: 1000, size: 32)
        var w = BoxWriter()
        try w.fullBox("senc") { (w: inout BoxWriter) in
            w.u32(3)
            w.zeros(24)
        }
        let fragment = Fragment(defaultBaseIsMoof: true, runs: [Run(dataOffset: 0, count: 2)], extraBoxes: w.bytes)
        let bytes =
            try tiny.bytes() + MovieFragmentTests.movieFragment([fragment])
            + MovieFragmentTests.mediaData(
                Array(repeating: 0, count: 64))
        let movie = try Movie.read(MemoryByteSource(bytes))
        do throws(ISOBMFFError) {
            _ = try movie.sampleProtection(of: movie.tracks[0])
            Issue.record("a senc of 3 samples was read for 2")
        } catch {
            #expect(error.path == "moof/traf/senc" && error.message.contains("3 samples"), "\(error)")
        }
    }
}
