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

/// `captions convert` writes what it read, says so, and prints JSON when asked.
@Suite struct ConvertReportingTests {
    @Test func inputWithErrorsIsWrittenAndExitsOne() throws {
        // pycaption's roll_up_ru2 has damaged words (scc.hex errors). Failed before: exit 1, no
        // output, and nothing said about it.
        let dir = try TemporaryDirectory()
        let source = TestPaths.sharedFixture("scc/pycaption/sample_scc_roll_up_ru2.scc").path
        let out = dir.path("ru2.json")
        let r = try CLIRunner.run(["convert", source, out])
        #expect(r.status == 1)
        #expect(FileManager.default.fileExists(atPath: out))
        #expect(r.stderr.contains("scc.hex"))
        #expect(r.stderr.contains("wrote \(out) from what could be read"), "\(r.stderr)")
        let (written, _) = try CaptionFile.read(out)
        #expect(!written.document.captions.isEmpty)
        // --strict refuses, and says why.
        let strictOut = dir.path("strict.json")
        let strict = try CLIRunner.run(["convert", "--strict", source, strictOut])
        #expect(strict.status == 2, "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: strictOut))
        #expect(!strict.stderr.isEmpty)
    }

    @Test func languageIsKeptThroughSCC() throws {
        // SCC carries no language; --language gives the iTT output its xml:lang. Without it the
        // warning names the option that exists.
        let dir = try TemporaryDirectory()
        let scc = dir.path("six.scc")
        try Data(SCCConvertTests.sixRows.utf8).write(to: URL(fileURLWithPath: scc))
        let itt = dir.path("out.itt")
        let withLanguage = try CLIRunner.run(["convert", scc, itt, "--language", "fr-CA"])
        #expect(withLanguage.status == 0, "\(withLanguage.stderr)")
        #expect(try String(contentsOfFile: itt, encoding: .utf8).contains("xml:lang=\"fr-CA\""))
        let (back, _) = try CaptionFile.read(itt)
        #expect(back.document.language == "fr-CA")
        let without = try CLIRunner.run(["convert", scc, dir.path("plain.itt")])
        #expect(without.stderr.contains("itt.language") && without.stderr.contains("--language"))
        let bad = try CLIRunner.run(["convert", scc, dir.path("bad.itt"), "--language", "not a tag"])
        #expect(bad.status == 2)
    }

    @Test func jsonOutputForFormatsConvertAndGenerate() throws {
        let dir = try TemporaryDirectory()
        let formats = try CLIRunner.run(["formats", "--json"])
        #expect(formats.status == 0)
        let list = try JSONSerialization.jsonObject(with: Data(formats.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(list.contains { $0["name"] as? String == "scc" && $0["writes"] as? Bool == true })
        let feature = dir.path("feature.json")
        let generate = try CLIRunner.run(["generate", "--minutes", "1", "-o", feature, "--json"])
        #expect(generate.status == 0)
        let made = try JSONSerialization.jsonObject(with: Data(generate.stdout.utf8)) as? [String: Any]
        #expect(made?["output"] as? String == feature && (made?["captions"] as? Int ?? 0) > 0)
        let scc = dir.path("feature.scc")
        let convert = try CLIRunner.run(["convert", feature, scc, "--json"])
        #expect(convert.status == 0)
        #expect(convert.stderr.isEmpty)
        let report = try JSONSerialization.jsonObject(with: Data(convert.stdout.utf8)) as? [String: Any]
        #expect(report?["written"] as? Bool == true)
        #expect(report?["outputFormat"] as? String == "scc")
        #expect(report?["errors"] as? Int == 0)
    }
}
