import CaptionCore
import CaptionKit
import CaptionTracks
import MCC

/// MCC files through the registry's read → write → read (``CaptionRoundTrip``), for inputs whose
/// lines span at most 20 seconds. The writer sends one CDP a frame from the first data to the
/// last, as MacCaption and Premiere write MCC (Specs/mcc.md), so its work grows with the span
/// the labels give, not with the input's size: two lines an hour apart in a few hundred bytes
/// make 108,000 lines, which found a libFuzzer timeout (77 s) on the first smoke run. A seed
/// holds one to three seconds of lines (``maximumInputBytes``); a longer gap runs the same filler
/// code as a 20-second one, only longer, so the check skips it. The reader alone still takes
/// every input.
///
/// Measured in the fuzzing build (ASan) beside two other fuzzers (Fuzz/README.md, "Speed"):
/// whole files (up to 56 KiB) with a 10-minute span ran 20 inputs a CPU second (19,839 in
/// 976 s); 4 KiB windows, 166 a second of wall time with that span (3,000 inputs) and 300 with
/// a 20-second one (same seed); 10,000 inputs took 45 CPU seconds, 222 a CPU second.
enum MCCCheck {
    static let maximumSpan = MediaTime(value: 20, timescale: 1)
    /// The largest input (`-max_len`). An MCC line is one frame's CDP, 40 to 250 characters, so
    /// 4 KiB hold one to three seconds: enough for a pop-on caption's loading and display.
    static let maximumInputBytes = 4096
    /// Windows taken from one file: the first minute or so of a converted SCC fixture.
    static let maximumWindows = 16

    /// Seeds of at most ``maximumInputBytes`` from an MCC file (another caption file is first
    /// written as MCC): its header lines without the `//` comment block (Telestream's licence text,
    /// 1.7 KiB, which the reader skips), then its data lines cut into consecutive windows, each a
    /// whole MCC file. libFuzzer would cut a longer seed at the limit, inside the comment block.
    @Sendable static func seeds(_ path: String, _ bytes: [UInt8]) -> [[UInt8]] {
        let files = CaptionSeeds.converting(to: "mcc")(path, bytes)
        return files.flatMap { windows(of: $0) }
    }

    static func windows(of file: [UInt8]) -> [[UInt8]] {
        let lines = file.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Array($0) + [10] }
        // A data line starts with its time code (HH:MM:SS:FF); everything before the first one is
        // the header (Specs/mcc.md).
        guard let firstData = lines.firstIndex(where: { $0.first.map { (48...57).contains($0) } == true }) else {
            return []
        }
        let header = lines[..<firstData].filter { !$0.starts(with: Array("//".utf8)) && $0 != [10] && $0 != [13, 10] }
            .flatMap { $0 }
        var windows: [[UInt8]] = []
        var window = header
        for line in lines[firstData...] where !line.allSatisfy({ $0 == 10 || $0 == 13 }) {
            if window.count + line.count > maximumInputBytes, window.count > header.count {
                windows.append(window)
                if windows.count == maximumWindows { return windows }
                window = header
            }
            if window.count + line.count <= maximumInputBytes { window += line }
        }
        if window.count > header.count { windows.append(window) }
        return windows
    }

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
