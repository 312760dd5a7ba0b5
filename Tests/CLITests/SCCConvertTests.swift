import CaptionKit
import Foundation
import TestSupport
import Testing

/// `captions convert` with SCC on either side, end to end.
@Suite struct SCCConvertTests {
    /// A pop-on caption of six rows, 10–15, "AA" to "FF" (PACs indent 0: 9770 10d0 13d0 1370
    /// 94d0 9470 by the 15.119 table, parity added), loaded from 00:00:01:00, shown by the EOC on
    /// 00:00:01:20, erased at 00:00:04:00.
    static let sixRows = """
        Scenarist_SCC V1.0

        00:00:01:00\t9420 9420 9770 9770 c1c1 10d0 10d0 c2c2 13d0 13d0 4343 1370 1370 c4c4 94d0 94d0 4545 9470 9470 4646

        00:00:01:20\t942f 942f

        00:00:04:00\t942c 942c

        """

    @Test func aSixRowPopOnCaptionIsWrittenWhole() throws {
        // SCC → JSON → SCC: the caption is already on the 608 grid, so it is sent as it is, with
        // the CTA-608-E advice as a warning. Failed before: split into two screens (4 + 2 rows,
        // 25 + 25 frames). With --max-rows 4 it is split, as asked.
        let dir = try TemporaryDirectory()
        let source = dir.path("six.scc")
        try Data(Self.sixRows.utf8).write(to: URL(fileURLWithPath: source))
        let json = dir.path("six.json")
        #expect(try CLIRunner.run(["convert", source, json]).status == 0)
        let copy = dir.path("copy.scc")
        let convert = try CLIRunner.run(["convert", json, copy])
        #expect(convert.status == 0, "\(convert.stderr)")
        #expect(convert.stderr.contains("608.rows"))
        let (back, _) = try CaptionFile.read(copy)
        #expect(back.document.captions.map(\.text) == ["AA\nBB\nCC\nDD\nEE\nFF"])
        let split = dir.path("split.scc")
        #expect(try CLIRunner.run(["convert", json, split, "--max-rows", "4"]).status == 0)
        let (parts, _) = try CaptionFile.read(split)
        #expect(parts.document.captions.map(\.text) == ["AA\nBB\nCC\nDD", "EE\nFF"])
    }
}
