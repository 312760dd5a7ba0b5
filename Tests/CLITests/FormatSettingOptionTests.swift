import Foundation
import TestSupport
import Testing

/// `convert --option KEY=VALUE` hands a format its own settings (Specs/srt.md `crlf=true`,
/// Specs/ttml.md `profile=…`, Specs/mcc.md `uuid=`/`created=`), and refuses what is no setting.
@Suite struct FormatSettingOptionTests {
    @Test func settingsReachTheWriters() throws {
        let dir = try TemporaryDirectory("format-settings")
        let srt = dir.path("in.srt")
        try "1\n00:00:01,000 --> 00:00:02,000\nHi\n".write(toFile: srt, atomically: true, encoding: .utf8)
        let crlf = dir.path("crlf.srt")
        #expect(try CLIRunner.run(["convert", srt, crlf, "--option", "crlf=true"]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: crlf)).starts(with: Array("1\r\n".utf8)))
        let ebu = dir.path("ebu.ttml")
        let r = try CLIRunner.run(["convert", srt, ebu, "--option", "profile=ebu-tt-d", "--language", "en"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: ebu, encoding: .utf8).contains("urn:ebu:tt:distribution:2014-01"))
        let mcc = dir.path("fixed.mcc")
        let m = try CLIRunner.run([
            "convert", srt, mcc, "--option", "uuid=14720C04-857D-40E2-86FC-F080DE44CE74", "--option",
            "created=2018-12-27T17:34:47Z",
        ])
        #expect(m.status == 0, "\(m.stderr)")
        let text = try String(contentsOfFile: mcc, encoding: .utf8)
        #expect(text.contains("UUID=14720C04-857D-40E2-86FC-F080DE44CE74\r\n"))
        #expect(text.contains("Creation Date=Thursday, December 27, 2018\r\nCreation Time=17:34:47\r\n"))
        let bad = try CLIRunner.run(["convert", srt, dir.path("x.srt"), "--option", "crlf"])
        #expect(bad.status != 0 && bad.stderr.contains("expected KEY=VALUE"), "\(bad.stderr)")
    }
}
