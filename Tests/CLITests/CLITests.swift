import CaptionKit
import Foundation
import TestSupport
import Testing

/// The `captions` executable, run as a user would run it.
@Suite struct CLITests {
    @Test func helpDescribesEveryOption() throws {
        let root = try CLIRunner.run(["--help"])
        #expect(root.status == 0)
        for sub in ["inspect", "convert", "formats", "generate"] { #expect(root.stdout.contains(sub)) }
        let convert = try CLIRunner.run(["help", "convert"])
        #expect(convert.status == 0)
        for option in [
            "--from", "--to", "--frame-rate", "--channel", "--strict", "--timecode", "--start-timecode",
            "--shift", "--force",
        ] {
            #expect(convert.stdout.contains(option), "convert --help lacks \(option)")
        }
        let inspect = try CLIRunner.run(["inspect", "--help"])
        #expect(inspect.stdout.contains("--json"))
        let version = try CLIRunner.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == CaptionKitVersion.current)
    }

    @Test func inspectAndConvertRoundTripAJSONDocumentExactly() throws {
        let dir = try TemporaryDirectory()
        let source = TestPaths.fixture("examples/feature-excerpt.json").path
        let inspect = try CLIRunner.run(["inspect", source])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.stdout.contains("29.97 fps drop-frame"))
        #expect(inspect.stdout.contains("00:00:01;03 --> 00:00:03;18"))
        let json = try CLIRunner.run(["inspect", "--json", source])
        #expect(json.status == 0)
        #expect(json.stdout.contains("\"format\" : \"json\""))

        let once = dir.path("once.json")
        let twice = dir.path("twice.json")
        #expect(try CLIRunner.run(["convert", source, once]).status == 0)
        #expect(try CLIRunner.run(["convert", once, twice]).status == 0)
        let original = try CaptionFile.read(source).0.document
        let converted = try CaptionFile.read(twice).0.document
        #expect(converted == original)
        #expect(try Data(contentsOf: URL(fileURLWithPath: once)) == Data(contentsOf: URL(fileURLWithPath: twice)))
    }

    @Test func existingOutputIsKeptWithoutForce() throws {
        let dir = try TemporaryDirectory()
        let out = dir.path("out.json")
        try Data("precious".utf8).write(to: URL(fileURLWithPath: out))
        let source = TestPaths.fixture("examples/feature-excerpt.json").path
        let refused = try CLIRunner.run(["convert", source, out])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--force"))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "precious")
        #expect(try CLIRunner.run(["convert", source, out, "--force"]).status == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8) != "precious")
        // No temporary files are left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["out.json"])
    }

    @Test func exitStatusesAreTwoForUnusableAndOneForErrorFindings() throws {
        let dir = try TemporaryDirectory()
        let missing = try CLIRunner.run(["inspect", dir.path("nope.json")])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("does not exist"))

        let broken = dir.path("broken.json")
        try Data("{\"captions\": [".utf8).write(to: URL(fileURLWithPath: broken))
        let unreadable = try CLIRunner.run(["inspect", broken])
        #expect(unreadable.status == 2)
        #expect(unreadable.stderr.contains("broken.json"))

        let reversed = dir.path("reversed.json")
        try Data(#"{"captions":[{"startTime":"2/1","endTime":"1/1","text":"x"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: reversed))
        let findings = try CLIRunner.run(["inspect", reversed])
        #expect(findings.status == 1)
        #expect(findings.stderr.contains("json.time-order"))

        let badArgument = try CLIRunner.run(["inspect", reversed, "--channel", "9"])
        #expect(badArgument.status == 2)
        let unknownFormat = try CLIRunner.run([
            "convert", TestPaths.fixture("examples/feature-excerpt.json").path, dir.path("x.unknown"),
        ])
        #expect(unknownFormat.status == 2)
        #expect(unknownFormat.stderr.contains("--to"))
        let noSuchCommand = try CLIRunner.run(["frobnicate"])
        #expect(noSuchCommand.status == 2)
    }

    @Test func generateIsDeterministic() throws {
        let dir = try TemporaryDirectory()
        #expect(try CLIRunner.run(["generate", "--minutes", "3", "-o", dir.path("a.json")]).status == 0)
        #expect(try CLIRunner.run(["generate", "--minutes", "3", "-o", dir.path("b.json")]).status == 0)
        let a = try Data(contentsOf: URL(fileURLWithPath: dir.path("a.json")))
        #expect(a == (try Data(contentsOf: URL(fileURLWithPath: dir.path("b.json")))))
        #expect(try CaptionFile.read(dir.path("a.json")).0.document.captions.count == 45)
    }
}
