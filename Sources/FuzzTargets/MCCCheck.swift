import CaptionCore
import CaptionKit
import CaptionTracks
import MCC

/// MCC files through the registry's read → write → read (``CaptionRoundTrip``), for inputs whose
/// lines span at most ten minutes. The writer sends one CDP a frame from the first data to the
/// last, as MacCaption and Premiere write MCC (Specs/mcc.md), so its work grows with the span
/// the labels give, not with the input's size: two lines an hour apart in a few hundred bytes
/// make 108,000 lines, which found a libFuzzer timeout (77 s) on the first smoke run. The reader
/// alone still takes every input.
enum MCCCheck {
    static let maximumSpan = MediaTime(value: 600, timescale: 1)

    static func check(_ bytes: [UInt8]) throws(FuzzFinding) {
        guard let format = try? CaptionFormatRegistry.standard.format(named: "mcc") else {
            throw FuzzFinding("no format \"mcc\" is registered")
        }
        if let result = try? MCCReader(fileName: nil).read(bytes),
            let first = result.frames.map(\.time).min(), let last = result.frames.map(\.time).max(),
            last - first > maximumSpan
        {
            return
        }
        // A 708-only file is read through its first service (A53Reading.serviceRule says so);
        // what we write carries 608 too and, read by default, would come back through 608, whose
        // grid moves the 708 windows: it is read back through service 1, where we wrote the
        // captions as CEA-708 (found by this target: Fuzz/README.md, "Record").
        try CaptionRoundTrip.check(
            bytes, format: format, reportsEveryChange: false,
            rereading: { first in
                // Only when the service gave captions: of an empty document we write no service
                // data, and asking for service 1 is then rightly an error (the smoke run's
                // finding of 2026-11-29 14:30, Fixtures/fuzz/mcc/).
                !first.document.captions.isEmpty && first.diagnostics.contains { $0.ruleID == A53Reading.serviceRule }
                    ? [CaptionFormatOptions.dtvccServiceSetting: "1"] : [:]
            },
            // Read through CEA-608, the document is written twice, as 608 and as 708. The 608
            // half lays it out on the grid without a warning, as SCC does (a style code takes a
            // transparent cell, which reads back as a space, 47 CFR 15.119(h)(1)), and what it
            // changed shows in the 708 half at the next write: NBTSP there becomes a space
            // (Fixtures/fuzz/mcc/transparent-cell-taken-by-a-608-style-code-fuzz.mcc, the smoke
            // run of 08a8d092). The third write must be the second.
            changesTwice: { first in !first.diagnostics.contains { $0.ruleID == A53Reading.serviceRule } })
    }
}
