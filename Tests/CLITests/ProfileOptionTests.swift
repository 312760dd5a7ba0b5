import Foundation
import TestSupport
import Testing

/// `convert --profile NAME` chooses the profile a format with several writes (TTML: IMSC 1.x,
/// EBU-TT-D, DFXP, SMPTE-TT; Specs/ttml.md, "Choosing the profile"), by its name or a short one,
/// beside `--option profile=`; an unknown name or one not written is refused before anything is
/// read, with the list; `captions formats` lists every profile with read and write.
@Suite struct ProfileOptionTests {
    static func srt(in dir: TemporaryDirectory) throws -> String {
        let path = dir.path("in.srt")
        try "1\n00:00:01,000 --> 00:00:02,000\nHi\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Each short name gives the profile's designator, as the issue writes the command
    /// (`captions convert x.scc x.ttml --profile imsc1.1`).
    @Test func eachShortNameWritesItsProfile() throws {
        let dir = try TemporaryDirectory("profile-option")
        let srt = try Self.srt(in: dir)
        let designators = [
            "imsc1.1": #"ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/text""#,
            "imsc1.2": #"ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.2/text""#,
            "imsc1": #"ttp:profile="http://www.w3.org/ns/ttml/profile/imsc1/text""#,
            "ebu-tt-d": "<ebuttm:conformsToStandard>urn:ebu:tt:distribution:2014-01",
            "dfxp": #"ttp:profile="http://www.w3.org/ns/ttml/profile/dfxp-presentation""#,
            "smpte-tt": #"ttp:profile="http://www.smpte-ra.org/schemas/2052-1/2010/profiles/smpte-tt-full""#,
            "imsc1.1-text": #"imsc1.1/text""#,
        ]
        for (name, designator) in designators {
            let out = dir.path("\(name).ttml")
            let r = try CLIRunner.run(["convert", srt, out, "--profile", name, "--language", "en"])
            #expect(r.status == 0, "\(name): \(r.stderr)")
            #expect(try String(contentsOfFile: out, encoding: .utf8).contains(designator), "\(name)")
        }
        // --option profile= still works, and --profile wins over it.
        let both = dir.path("both.ttml")
        let r = try CLIRunner.run([
            "convert", srt, both, "--option", "profile=dfxp", "--profile", "smpte-tt", "--language", "en",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: both, encoding: .utf8).contains("2052-1"))
    }

    @Test func anUnknownOrUnwrittenProfileIsRefusedWithTheList() throws {
        let dir = try TemporaryDirectory("profile-option-bad")
        let srt = try Self.srt(in: dir)
        let unknown = try CLIRunner.run(["convert", srt, dir.path("x.ttml"), "--profile", "imsc9"])
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr.contains("imsc9") && unknown.stderr.contains("imsc1.1 (imsc1.1-text)")
                && unknown.stderr.contains("smpte-tt"), "\(unknown.stderr)")
        let image = try CLIRunner.run(["convert", srt, dir.path("x.ttml"), "--profile", "imsc1-image"])
        #expect(image.status == 2 && image.stderr.contains("IMSC 1.0.1 Image"), "\(image.stderr)")
        let notTTML = try CLIRunner.run(["convert", srt, dir.path("x.srt"), "--profile", "imsc1.1"])
        #expect(notTTML.status == 2 && notTTML.stderr.contains("no profiles"), "\(notTTML.stderr)")
        // Refused before anything is written.
        #expect(!FileManager.default.fileExists(atPath: dir.path("x.ttml")))
    }

    /// `captions formats`: the profiles under the ttml row, each with read and write, in text and
    /// JSON.
    @Test func formatsListsEveryProfileWithReadAndWrite() throws {
        let text = try CLIRunner.run(["formats"])
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let ttml = try #require(lines.firstIndex { $0.hasPrefix("ttml\t") })
        let profiles = lines[(ttml + 1)...].prefix { $0.hasPrefix("\t") }
        #expect(profiles.count == 11, "\(profiles)")
        #expect(profiles.contains("\timsc1.1-text imsc1.1 imsc imsc11\tread+write\tIMSC 1.1 Text"), "\(profiles)")
        #expect(profiles.contains("\timsc1-image\t-\tIMSC 1.0.1 Image"), "\(profiles)")
        #expect(profiles.contains("\timsc1.3-text imsc1.3 imsc13\tread\tIMSC 1.3 Text"), "\(profiles)")
        #expect(profiles.contains { $0.hasPrefix("\tsmpte-tt ") && $0.contains("\tread+write\tSMPTE-TT") })
        let json = try CLIRunner.run(["formats", "--json"])
        let rows = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]] ?? []
        let row = try #require(rows.first { $0["name"] as? String == "ttml" })
        let listed = row["profiles"] as? [[String: Any]] ?? []
        #expect(listed.count == 11)
        #expect(
            listed.contains {
                $0["name"] as? String == "ebu-tt-d" && $0["reads"] as? Bool == true && $0["writes"] as? Bool == true
            })
        #expect(rows.first { $0["name"] as? String == "srt" }?["profiles"] == nil)
    }
}
