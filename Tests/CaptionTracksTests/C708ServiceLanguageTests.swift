import Foundation
import TestSupport
import Testing

/// Each channel's file named in its own language in a `c708` track's `ccsvcinfo` (SMPTE ST 334-2
/// §5.3; each entry an ATSC A/65 Table 6.26 caption_service_descriptor entry): `mux --cc3 es.srt
/// --channel-language CC3=spa` announces field 2 and service 2 in Spanish, field 1 and service 1
/// in the `--language` given. The CDPs are GStreamer's qtdemux's, parsed here from the standard's
/// layout.
@Suite struct C708ServiceLanguageTests {
    /// One `ccsvcinfo` entry as parsed here: the language, and service N (digital) or field N.
    struct Entry: Hashable, CustomStringConvertible {
        var language: String
        var digital: Bool
        var number: Int
        var description: String { "\(digital ? "service" : "field") \(number) \(language)" }
    }

    /// The `ccsvcinfo` entries of a CDP, if it has the section: after the 7-byte header, the
    /// optional time code section (0x71 + 4 bytes) and the cc_data section (0x72, cc_count in the
    /// low 5 bits, 3 bytes a construct), 0x73 and a byte whose low 4 bits count 7-byte entries:
    /// a byte with the entry's number, 3 language letters, then digital_cc (bit 7) with
    /// caption_service_number (low 6 bits) or line21_field (bit 0: 0 field 1, 1 field 2).
    static func serviceEntries(ofCDP cdp: [UInt8]) -> [Entry]? {
        guard cdp.count > 9, cdp[0] == 0x96, cdp[1] == 0x69 else { return nil }
        var i = 7
        if cdp[i] == 0x71 { i += 5 }
        guard i + 1 < cdp.count, cdp[i] == 0x72 else { return nil }
        i += 2 + 3 * Int(cdp[i + 1] & 0x1F)
        guard i + 1 < cdp.count, cdp[i] == 0x73 else { return nil }
        let count = Int(cdp[i + 1] & 0x0F)
        i += 2
        guard i + 7 * count <= cdp.count else { return nil }
        return (0..<count).map { n in
            let e = Array(cdp[(i + 7 * n)..<(i + 7 * n + 7)])
            let digital = e[4] & 0x80 != 0
            return Entry(
                language: String(decoding: e[1...3], as: UTF8.self), digital: digital,
                number: digital ? Int(e[4] & 0x3F) : Int(e[4] & 0x01) + 1)
        }
    }

    static func srt(_ text: String) -> String { "1\n00:00:00,500 --> 00:00:02,000\n\(text)\n" }

    @Test func eachChannelsFileIsAnnouncedInItsLanguage() throws {
        let dir = try TemporaryDirectory("c708-languages")
        let clip = try TrackClips.make("clip.mp4", in: dir, seconds: 3)
        try Self.srt("Hello").write(toFile: dir.path("en.srt"), atomically: true, encoding: .utf8)
        try Self.srt("Hola").write(toFile: dir.path("es.srt"), atomically: true, encoding: .utf8)
        let out = dir.path("out.mp4")
        let run = try CLIRunner.run([
            "mux", clip, dir.path("en.srt"), "--cc3", dir.path("es.srt"), "--form", "c708", "--language", "eng",
            "--channel-language", "CC3=es", "-o", out,
        ])
        try #require(run.status == 0, "\(run.stderr)")
        let (_, buffers) = try C708WitnessTests.demuxed(out, in: dir)
        let entries = try #require(buffers.lazy.compactMap { Self.serviceEntries(ofCDP: $0.1) }.first)
        #expect(
            Set(entries) == [
                Entry(language: "eng", digital: false, number: 1), Entry(language: "spa", digital: false, number: 2),
                Entry(language: "eng", digital: true, number: 1), Entry(language: "spa", digital: true, number: 2),
            ], "\(entries)")
    }

    @Test func aLanguageForAChannelWithoutAFileOrNotALanguageIsRefused() throws {
        let dir = try TemporaryDirectory("c708-languages-bad")
        let clip = try TrackClips.make("clip.mp4", in: dir, seconds: 1)
        try Self.srt("Hello").write(toFile: dir.path("en.srt"), atomically: true, encoding: .utf8)
        for (given, said) in [
            ("CC3=spa", "--channel-language CC3=spa: no caption file is on CC3"),
            ("CC1=x1", "--channel-language CC1=x1: expected an ISO 639-2 code"),
            ("CC5=spa", "--channel-language CC5=spa: expected CCn=TAG"),
        ] {
            let out = dir.path("out.mp4")
            let run = try CLIRunner.run([
                "mux", clip, dir.path("en.srt"), "--form", "c708", "--channel-language", given, "-o", out,
            ])
            #expect(run.status != 0 && run.stderr.contains(said), "\(given): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }
}
