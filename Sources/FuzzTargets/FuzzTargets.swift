import CaptionKit
import ITT

/// Every fuzz target, one row each. A new reader is fuzzed by adding a row here (and, if useful,
/// a dictionary in Fuzz/dictionaries/NAME.dict); caption formats registered in
/// ``CaptionFormatRegistry`` get the full read → write → read check from ``CaptionRoundTrip``.
public enum FuzzTargets {
    public static let all: [FuzzTarget] = [
        // 8 KiB: a few hundred words, dozens of captions. With inputs up to 64 KiB the SCC round
        // trip (decode, conform, schedule, write, decode again) ran 37 inputs a second under ASan.
        CaptionRoundTrip.target(
            format: "scc", seeds: ["Fixtures/scc", "../shared/fixtures/scc"],
            maximumInputBytes: 8192),
        CaptionRoundTrip.target(
            format: "itt", reportsEveryChange: true, seeds: ["Fixtures/itt", "../shared/fixtures/itt"],
            documented: ITTDocumentedChanges.apply),
        CaptionRoundTrip.target(
            format: "json", reportsEveryChange: true,
            seeds: ["Fixtures/examples", "Fixtures/validation", "Fixtures/scc", "Fixtures/itt"]),
    ]

    /// The target called `name`.
    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}

/// What the iTT writer changes by design (Specs/itt.md, "Round trip"): it always writes Apple's
/// SMPTE time base, at its frame rate when the document has none, and regions in cells in percent
/// of the frame.
enum ITTDocumentedChanges {
    @Sendable static func apply(_ read: CaptionDocument, _ reread: CaptionDocument) -> CaptionDocument {
        var expected = read
        for i in expected.captions.indices {
            if let region = expected.captions[i].region {
                expected.captions[i].region = ITTWriter.regionAsWritten(region, in: read)
            }
        }
        expected.timeBase = .smpte
        if read.frameRate == nil { expected.frameRate = reread.frameRate }
        if read.dropFrame == nil { expected.dropFrame = reread.dropFrame }
        return expected
    }
}
