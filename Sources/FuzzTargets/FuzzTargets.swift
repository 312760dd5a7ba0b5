import CaptionKit
import ITT

/// Every fuzz target, one row each. A new reader is fuzzed by adding a row here (and, if useful,
/// a dictionary in Fuzz/dictionaries/NAME.dict); caption formats registered in
/// ``CaptionFormatRegistry`` get the full read → write → read check from ``CaptionRoundTrip``.
public enum FuzzTargets {
    public static let all: [FuzzTarget] = [
        // 8 KiB: a few hundred words, dozens of captions. The round trip's time goes to the
        // reader (half: it decodes the input and the writer's output, and a file that fails
        // parity on a quarter of its pairs twice), the writer (a seventh), libFuzzer's bookkeeping
        // (a fifth) and the coverage hooks on the decoder's byte comparisons (a third of all
        // samples), all linear in the input; no per-input setup (Fuzz/README.md, "Speed"). Inputs
        // of 2 KiB ran 1.6 times as many a second but reached 8% fewer edges (the conformer's
        // paths for longer documents), so the length stays.
        CaptionRoundTrip.target(
            format: "scc", seeds: ["Fixtures/scc", "../shared/fixtures/scc"],
            maximumInputBytes: 8192),
        CaptionRoundTrip.target(
            format: "itt", reportsEveryChange: true, seeds: ["Fixtures/itt", "../shared/fixtures/itt"],
            documented: ITTDocumentedChanges.apply),
        // TTML of every profile (Specs/ttml.md): the W3C IMSC tests (1.0.1 to 1.3) and the iTT
        // files, written back in the profile read (TTMLCheck).
        FuzzTarget(
            name: "ttml",
            seeds: imscTests + ["Fixtures/itt", "../shared/fixtures/itt"],
            check: TTMLCheck.check),
        CaptionRoundTrip.target(
            format: "json", reportsEveryChange: true,
            seeds: ["Fixtures/examples", "Fixtures/validation", "Fixtures/scc", "Fixtures/itt"]),
        // SRT and WebVTT have few fixtures of their own: every caption fixture is a seed,
        // converted to the format (positions, styles and timings of the iTT, JSON and SCC files).
        CaptionRoundTrip.target(
            format: "srt", reportsEveryChange: true, seeds: captionFixtures,
            derive: CaptionSeeds.converting(to: "srt")),
        CaptionRoundTrip.target(
            format: "vtt", reportsEveryChange: true, seeds: captionFixtures,
            derive: CaptionSeeds.converting(to: "vtt")),
        // The cue text parser alone (WebVTT §6.4), seeded with the WPT cue-text-parsing cases.
        FuzzTarget(
            name: "vtt-cue-text", seeds: ["../shared/fixtures/webvtt/wpt/webvtt/parsing/cue-text-parsing"],
            maximumInputBytes: 4096, derive: WebVTTCueTextCheck.seeds, check: WebVTTCueTextCheck.check),
        FuzzTarget(name: "gpx", seeds: ["../shared/fixtures/gpx"], check: GPXCheck.check),
        // FIT activities: the shared files (python-fitparse's), the large ones cut to their first
        // records as whole files; inputs of 16 KiB reach every message kind and keep the four
        // reads of each input (the cuts) fast.
        FuzzTarget(
            name: "fit", seeds: ["../shared/fixtures/fit"], maximumInputBytes: 16384, derive: FITCheck.seeds,
            check: FITCheck.check),
        FuzzTarget(
            name: "gpmf", seeds: ["../shared/fixtures/media", "../shared/fixtures/gpx"],
            derive: MediaSeeds.payloads, check: GPMFCheck.check),
        FuzzTarget(
            name: "isobmff", seeds: ["../shared/fixtures/media", "../shared/fixtures/streaming"],
            derive: FragmentedSeeds.movies, check: MovieCheck.check),
        // Caption tracks in movies (Sources/CaptionTracks, Specs/caption-tracks.md): one sample
        // each, seeded with the SCC fixtures' words and every caption fixture's captions.
        FuzzTarget(
            name: "c608", seeds: ["Fixtures/scc", "../shared/fixtures/scc"], maximumInputBytes: 4096,
            derive: CaptionTrackSeeds.c608, check: C608Check.check),
        FuzzTarget(
            name: "a53", seeds: ["Fixtures/scc", "../shared/fixtures/scc"], maximumInputBytes: 4096,
            derive: CaptionTrackSeeds.a53, check: A53Check.check),
        FuzzTarget(
            name: "mov-text", seeds: captionFixtures, derive: CaptionTrackSeeds.movText, check: MovTextCheck.check),
        FuzzTarget(
            name: "wvtt", seeds: captionFixtures, derive: CaptionTrackSeeds.webVTT, check: WebVTTSampleCheck.check),
        // CEA-708: service data and DTVCC packets (Specs/cea708.md, Specs/cdp.md), seeded with
        // the real MCC files' services and constructs.
        FuzzTarget(
            name: "dtvcc", seeds: ["../shared/fixtures/mcc"], maximumInputBytes: 4096, derive: DTVCCCheck.seeds,
            check: DTVCCCheck.check),
        // Transport streams' program tables (PAT, PMT) and the caption services' languages they
        // announce (Specs/caption-tracks.md, "Languages in a transport stream").
        FuzzTarget(
            name: "ts-psi", seeds: ["Fixtures/ts"], maximumInputBytes: 4096, check: TransportStreamCheck.check),
        // MCC files through the registry's read → write → read, seeded with the real files and
        // the project's SCC fixtures written as MCC (the shared ones span up to 11 hours: an MCC
        // line a frame), cut into windows of a few seconds (MCCCheck.seeds).
        FuzzTarget(
            name: "mcc", seeds: ["../shared/fixtures/mcc", "Fixtures/scc"],
            maximumInputBytes: MCCCheck.maximumInputBytes, derive: MCCCheck.seeds, check: MCCCheck.check),
    ]

    /// Every folder of caption files.
    static let captionFixtures = [
        "Fixtures/examples", "Fixtures/validation", "Fixtures/scc", "Fixtures/itt", "../shared/fixtures/srt",
        "../shared/fixtures/webvtt", "../shared/fixtures/itt", "../shared/fixtures/scc",
    ]

    /// The W3C IMSC test suite's documents (../shared/fixtures/ttml/imsc-tests, PROVENANCE.md).
    static let imscTests = ["imsc1", "imsc1_1", "imsc1_2", "imsc1_3"].map {
        "../shared/fixtures/ttml/imsc-tests/\($0)/ttml"
    }

    /// The target called `name`.
    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}

/// What the iTT writer changes by design (Specs/itt.md, "Round trip"): it always writes Apple's
/// SMPTE time base, at its frame rate when the document has none, regions in cells in percent
/// of the frame, and ruby `outside` as Apple's `before` (the same side on a one-line caption; a
/// longer one is a warning).
enum ITTDocumentedChanges {
    @Sendable static func apply(_ read: CaptionDocument, _ reread: CaptionDocument) -> CaptionDocument {
        var expected = read
        for i in expected.captions.indices {
            if let region = expected.captions[i].region {
                expected.captions[i].region = ITTWriter.regionAsWritten(region, in: read)
            }
            for j in expected.captions[i].runs.indices
            where expected.captions[i].runs[j].style.ruby?.position == .outside {
                expected.captions[i].runs[j].style.ruby?.position = .before
            }
        }
        expected.timeBase = .smpte
        if read.frameRate == nil { expected.frameRate = reread.frameRate }
        if read.dropFrame == nil { expected.dropFrame = reread.dropFrame }
        return expected
    }
}
