import CaptionCore
import CaptionKit
import CaptionTracks
import Foundation
import ISOBMFF
import TestSupport
import Testing

/// Encrypted video (ISO/IEC 23001-7, `encv`): A/53 captions are read from the clear bytes of each
/// sample and never from its encrypted ones. FFmpeg 5.1's `cenc-aes-ctr` encrypts every NAL unit
/// after its first byte, SEI included: reading such a file gives an error-level finding naming
/// the scheme and the key, and no caption. A copy whose SEI is clear, as §9.5 wants non-VCL NAL
/// units, is made here from FFmpeg's file (its slices encrypted again by `openssl`, AES-128-CTR)
/// and checked by FFmpeg's own decryption; its captions are those FFmpeg reads from the clear
/// original.
@Suite struct EncryptedVideoCaptionTests {
    static let key = "00112233445566778899aabbccddeeff"

    static func encrypt(_ input: String, in dir: TemporaryDirectory, fragmented: Bool) throws -> String {
        let out = dir.path(fragmented ? "enc-frag.mp4" : "enc.mp4")
        var args = [
            "-loglevel", "error", "-y", "-i", input, "-c", "copy", "-encryption_scheme", "cenc-aes-ctr",
            "-encryption_key", key, "-encryption_kid", key,
        ]
        if fragmented { args += ["-movflags", "frag_keyframe+empty_moov", "-frag_duration", "300000"] }
        try TrackClips.run("ffmpeg", args + [out])
        return out
    }

    /// Each video packet's byte range, as ffprobe gives them (not the reader under test).
    static func packets(_ movie: String) throws -> [Range<Int>] {
        let r = try TrackClips.run(
            "ffprobe",
            ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pos,size", "-of", "compact=p=0", movie])
        // Lines such as `size=1234|pos=48`, in ffprobe's own field order.
        return r.stdout.split(whereSeparator: \.isNewline).compactMap { line in
            var fields: [String: Int] = [:]
            for pair in line.split(separator: "|") {
                let kv = pair.split(separator: "=")
                if kv.count == 2 { fields[String(kv[0])] = Int(kv[1]) }
            }
            guard let pos = fields["pos"], let size = fields["size"] else { return nil }
            return pos..<(pos + size)
        }
    }

    static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// FFmpeg's reading of `movie`'s SEI captions (its decoding path, `subcc`).
    static func subcc(_ movie: String, in dir: TemporaryDirectory) throws -> [PeerDecoders.Cue] {
        let srt = dir.path("subcc-\(UUID().uuidString).srt")
        try TrackClips.run(
            "ffmpeg",
            ["-loglevel", "error", "-y", "-f", "lavfi", "-i", "movie=\(movie)[out0+subcc]", "-map", "0:1", srt])
        return try PeerDecoders.parseSRT(String(contentsOfFile: srt, encoding: .utf8))
    }

    static func seiCaptions(_ movie: String) throws -> CaptionReadResult {
        var options = CaptionFormatOptions()
        options.settings[MovieCaptions.sourceSetting] = "sei"
        return try MovieCaptions(path: movie).read(options: options)
    }

    // MARK: - FFmpeg's encryption: the SEI is encrypted

    /// The encrypted ranges we find are those FFmpeg encrypted: where we say a sample is clear,
    /// its bytes are the clear original's (FFmpeg's encryption keeps sizes, so sample i is the
    /// original's packet i), and each range we say is encrypted differs from it. For the
    /// unfragmented file FFmpeg's own decryption (`-decryption_key`) gives that original back,
    /// and ffprobe finds the samples where we do; FFmpeg 5.1 cannot read its own fragmented CENC
    /// ("saio atom found without saiz": it writes `saio` first), so there the original is the
    /// only witness. The SEI lies in encrypted bytes: an error-level finding names the sample,
    /// the scheme and the key; no caption is made up. (FFmpeg 5.1's fragments carry no `senc`
    /// nor `saiz`/`saio` at all: with a per-sample IV size of 8 in `tenc`, nothing says which
    /// bytes are clear, so each whole sample is taken as encrypted.)
    @Test(arguments: [false, true])
    func ffmpegEncryptsTheSEIAndTheFindingSaysSo(fragmented: Bool) throws {
        let dir = try TemporaryDirectory("cenc-ffmpeg")
        let clear = try A53TestClips.make(words: FragmentedMovieTests.popOnWords, in: dir, reencode: false)
        let encrypted = try Self.encrypt(clear, in: dir, fragmented: fragmented)
        let clearBytes = try Self.bytes(clear)
        let clearPackets = try Self.packets(clear)
        if !fragmented {
            let decrypted = dir.path("dec.mp4")
            try TrackClips.run(
                "ffmpeg",
                ["-loglevel", "error", "-y", "-decryption_key", Self.key, "-i", encrypted, "-c", "copy", decrypted])
            let (decryptedBytes, decryptedPackets) = (try Self.bytes(decrypted), try Self.packets(decrypted))
            #expect(zip(clearPackets, decryptedPackets).allSatisfy { clearBytes[$0.0] == decryptedBytes[$0.1] })
        }

        let movie = try MovieCaptions(path: encrypted)
        let track = try #require(movie.movie.tracks.first { $0.handlerType == "vide" })
        #expect(track.format == "encv" && track.sampleEntries[0].originalFormat == "avc1")
        #expect(fragmented == !movie.movie.fragments.isEmpty)
        let scheme = try #require(try track.protectionSchemes().first ?? nil)
        #expect(scheme.schemeType == "cenc" && scheme.trackEncryption?.keyID == Self.keyBytes)
        let samples = try movie.movie.samples(of: track)
        let protection = try #require(try movie.movie.sampleProtection(of: track))
        let encryptedBytes = try Self.bytes(encrypted)
        if !fragmented {
            #expect(samples.map { $0.offset..<($0.offset + $0.size) } == (try Self.packets(encrypted)))
        }
        #expect(samples.map(\.size) == clearPackets.map(\.count))
        #expect(samples.count == FragmentedMovieTests.popOnWords.count && protection.count == samples.count)
        for (i, (sample, p)) in zip(samples, protection).enumerated() where i < clearPackets.count {
            let enc = Array(encryptedBytes[sample.offset..<(sample.offset + sample.size)])
            let original = Array(clearBytes[clearPackets[i]])
            guard enc.count == original.count else { continue }
            let ranges = p.protectedRanges(sampleSize: sample.size)
            #expect(p.isProtected && !ranges.isEmpty && p.describesSize(sample.size) && p.keyID == Self.keyBytes)
            if fragmented { #expect(ranges == [0..<sample.size]) }
            var clearMask = [Bool](repeating: true, count: sample.size)
            for r in ranges {
                for k in r { clearMask[k] = false }
                if r.count >= 4 { #expect(enc[r] != original[r], "sample \(i + 1) \(r) is not encrypted") }
            }
            #expect(clearMask.indices.allSatisfy { !clearMask[$0] || enc[$0] == original[$0] }, "sample \(i + 1)")
        }

        let result = try Self.seiCaptions(encrypted)
        #expect(result.document.captions.isEmpty)
        let finding = try #require(
            result.diagnostics.first { $0.ruleID == "tracks.encrypted" }, "\(result.diagnostics)")
        #expect(finding.severity == .error)
        #expect(
            finding.message.contains(
                "encrypted: the SEI of sample 1 lies in protected bytes (scheme cenc, KID \(Self.key))"), "\(finding)")
        #expect(finding.location.file?.hasSuffix("track 1 sample 1") == true, "\(finding)")
    }

    static let keyBytes: [UInt8] = stride(from: 0, to: 32, by: 2).map {
        UInt8(key[key.index(key.startIndex, offsetBy: $0)..<key.index(key.startIndex, offsetBy: $0 + 2)], radix: 16)!
    }

    // MARK: - SEI in the clear

    /// A CENC copy whose SEI NAL units are clear and whose other NAL units are encrypted (§9.5),
    /// made from FFmpeg's by ``ClearSEIPackager``: FFmpeg decrypts it to the clear original's
    /// samples, byte for byte, and our captions from it are FFmpeg's from the clear original.
    /// (Only unfragmented: FFmpeg's fragments have no `senc` to rewrite; fragments' `senc`,
    /// `saiz`/`saio` and `seig` are read in ISOBMFFTests/SampleProtectionTests.)
    @Test func clearSEIInEncryptedVideoReadsAsTheClearOriginal() throws {
        let dir = try TemporaryDirectory("cenc-clear-sei")
        let clear = try A53TestClips.make(words: FragmentedMovieTests.popOnWords, in: dir, reencode: false)
        let ffmpegEncrypted = try Self.encrypt(clear, in: dir, fragmented: false)
        let packaged = dir.path("clear-sei.mp4")
        try ClearSEIPackager(key: Self.key, dir: dir).package(
            encrypted: ffmpegEncrypted, clear: clear, output: packaged)

        let decrypted = dir.path("dec.mp4")
        try TrackClips.run(
            "ffmpeg",
            ["-loglevel", "error", "-y", "-decryption_key", Self.key, "-i", packaged, "-c", "copy", decrypted])
        let (clearBytes, decryptedBytes) = (try Self.bytes(clear), try Self.bytes(decrypted))
        let (a, b) = (try Self.packets(clear), try Self.packets(decrypted))
        #expect(a.count == b.count && a.count == FragmentedMovieTests.popOnWords.count)
        #expect(
            zip(a, b).allSatisfy { clearBytes[$0.0] == decryptedBytes[$0.1] }, "FFmpeg decrypts the copy to other bytes"
        )

        let ours = try Self.seiCaptions(packaged)
        #expect(!ours.diagnostics.contains { $0.severity == .error }, "\(ours.diagnostics)")
        #expect(ours.document.captions.count == 2)
        FragmentedMovieTests.expectSame(ours.document.captions, try Self.subcc(clear, in: dir), "clear SEI")
    }

    // MARK: - HEVC

    /// FFmpeg's `cenc-aes-ctr` leaves only the first 5 bytes of an HEVC sample clear (a NAL
    /// length and one byte of the two-byte header): the first NAL unit's header is encrypted,
    /// and the reader says so rather than read on.
    @Test func encryptedHEVCWhoseHeadersAreEncryptedIsAFinding() throws {
        let dir = try TemporaryDirectory("cenc-hevc")
        let clip = dir.path("hevc.mp4")
        try TrackClips.run(
            "ffmpeg",
            [
                "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=25:duration=0.4", "-c:v",
                "libx265",
                "-x265-params", "log-level=error", "-tag:v", "hvc1", clip,
            ])
        let encrypted = try Self.encrypt(clip, in: dir, fragmented: false)
        let movie = try MovieCaptions(path: encrypted)
        let track = try #require(movie.movie.tracks.first)
        #expect(track.format == "encv" && track.sampleEntries[0].originalFormat == "hvc1")
        #expect(SEICaptionReader.forSampleEntry(track.sampleEntries[0])?.codec == .hevc)
        let (_, diagnostics) = try movie.seiTransmission(track)
        let finding = try #require(diagnostics.first { $0.ruleID == "tracks.encrypted" })
        #expect(finding.severity == .error && finding.message.contains("scheme cenc"), "\(finding)")
        #expect(finding.message.contains("the NAL unit length and header at byte 0"), "\(finding)")
    }
}

/// Makes a CENC copy with clear SEI from FFmpeg's `cenc-aes-ctr` file (which encrypts every NAL
/// unit after its first byte: one subsample per NAL unit, 5 clear bytes with 4-byte lengths):
/// each sample is rebuilt from the clear original's bytes, its SEI NAL units left clear and its
/// subsample made all clear in `senc`, the other NAL units' bytes encrypted again with the
/// sample's IV (AES-128-CTR from byte 0 of the sample's protected bytes, 23001-7 §9.4, by the
/// `openssl` tool). Sizes do not change, so no offset moves. Boxes are found here by walking
/// their headers, without the reader under test.
struct ClearSEIPackager {
    let key: String
    let dir: TemporaryDirectory

    func package(encrypted: String, clear: String, output: String) throws {
        var file = Array(try Data(contentsOf: URL(fileURLWithPath: encrypted)))
        let clearFile = Array(try Data(contentsOf: URL(fileURLWithPath: clear)))
        let encPackets = try EncryptedVideoCaptionTests.packets(encrypted)
        let clearPackets = try EncryptedVideoCaptionTests.packets(clear)
        // Each senc's entries, in file order: where each sample's subsamples are.
        var entries: [(iv: [UInt8], subsamples: Int, at: Int)] = []
        for senc in boxes(named: "senc", in: file, range: 0..<file.count) {
            var p = senc.lowerBound + 8
            let flags = file[p + 3]
            p += 4
            let count = read(file, p, 4)
            p += 4
            for _ in 0..<count {
                let iv = Array(file[p..<(p + 8)])
                p += 8
                var n = 0
                if flags & 2 != 0 {
                    n = read(file, p, 2)
                    p += 2
                }
                entries.append((iv, n, p))
                p += 6 * n
            }
        }
        #expect(entries.count == encPackets.count && encPackets.count == clearPackets.count)
        for (i, (enc, plain)) in zip(encPackets, clearPackets).enumerated() where i < entries.count {
            let sample = Array(clearFile[plain])
            let entry = entries[i]
            var units: [(range: Range<Int>, sei: Bool)] = []
            var p = 0
            while p + 4 <= sample.count {
                let length = read(sample, p, 4)
                units.append(((p + 4)..<(p + 4 + length), sample[p + 4] & 0x1F == 6))
                p += 4 + length
            }
            #expect(
                units.count == entry.subsamples,
                "sample \(i + 1): \(units.count) NAL units, \(entry.subsamples) subsamples")
            // The bytes to encrypt: every NAL unit but the SEI, after its first byte.
            let protectedBytes = units.filter { !$0.sei }.flatMap {
                sample[($0.range.lowerBound + 1)..<$0.range.upperBound]
            }
            let stream = try keystream(iv: entry.iv, count: protectedBytes.count)
            var out = sample
            var k = 0
            for (j, unit) in units.enumerated() {
                let at = entry.at + 6 * j
                let body = (unit.range.lowerBound + 1)..<unit.range.upperBound
                if unit.sei {
                    write(&file, at, 2, 5 + body.count)
                    write(&file, at + 2, 4, 0)
                } else {
                    for b in body {
                        out[b] ^= stream[k]
                        k += 1
                    }
                }
            }
            file.replaceSubrange(enc, with: out)
        }
        try Data(file).write(to: URL(fileURLWithPath: output))
    }

    /// AES-128-CTR keystream from the counter block IV ‖ 0 (23001-7 §9.4: 8-byte IVs).
    func keystream(iv: [UInt8], count: Int) throws -> [UInt8] {
        guard count > 0 else { return [] }
        let zeros = dir.path("zeros-\(UUID().uuidString)")
        let out = zeros + ".ks"
        try Data(count: count).write(to: URL(fileURLWithPath: zeros))
        let hex = iv.map { String(format: "%02x", $0) }.joined() + "0000000000000000"
        try TrackClips.run(
            "openssl", ["enc", "-aes-128-ctr", "-K", key, "-iv", hex, "-nosalt", "-in", zeros, "-out", out])
        return Array(try Data(contentsOf: URL(fileURLWithPath: out)))
    }

    func read(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
        bytes[at..<(at + count)].reduce(0) { $0 << 8 | Int($1) }
    }

    func write(_ bytes: inout [UInt8], _ at: Int, _ count: Int, _ value: Int) {
        for i in 0..<count { bytes[at + i] = UInt8((value >> (8 * (count - 1 - i))) & 0xFF) }
    }

    /// The ranges of every box of `type` inside the containers on the way to it.
    func boxes(named type: String, in bytes: [UInt8], range: Range<Int>) -> [Range<Int>] {
        let containers: Set<String> = ["moov", "trak", "mdia", "minf", "stbl", "moof", "traf"]
        var found: [Range<Int>] = []
        var p = range.lowerBound
        while p + 8 <= range.upperBound {
            let size = read(bytes, p, 4)
            guard size >= 8, p + size <= range.upperBound else { break }
            let name = String(decoding: bytes[(p + 4)..<(p + 8)], as: UTF8.self)
            if name == type { found.append(p..<(p + size)) }
            if containers.contains(name) { found += boxes(named: type, in: bytes, range: (p + 8)..<(p + size)) }
            p += size
        }
        return found
    }
}
