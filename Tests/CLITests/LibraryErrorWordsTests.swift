import CaptionKit
import CaptionsCLI
import Foundation
import TestSupport
import Testing

/// A library's error names the library's parameter (`overwrite:`, `format:`); the command line
/// says its own flag for it (`--force`, `--from`, `--to`), through CommandLineWords.
@Suite struct LibraryErrorWordsTests {
    static let json = TestPaths.fixture("examples/feature-excerpt.json").path

    @Test func theLibrarySpeaksOfItsParameters() throws {
        let dir = try TemporaryDirectory()
        let (result, _) = try CaptionFile.read(Self.json)
        let existing = dir.path("out.scc")
        try "old".write(toFile: existing, atomically: true, encoding: .utf8)
        let cases: [(() throws -> Void, String, String)] = [
            ({ try CaptionFile.write(result.document, to: existing) }, "pass overwrite: true to replace it", "--force"),
            ({ try CaptionFile.write(result.document, to: dir.path("out.xyz")) }, "with format:", "--to"),
            (
                {
                    try "no format at all".write(toFile: dir.path("in.xyz"), atomically: true, encoding: .utf8)
                    _ = try CaptionFile.read(dir.path("in.xyz"))
                }, "name it with format:", "--from"
            ),
        ]
        for (call, words, flag) in cases {
            do {
                try call()
                Issue.record("no error for \(words)")
            } catch {
                #expect("\(error)".contains(words), "\(error)")
                #expect(!"\(error)".contains(flag), "\(error)")
                #expect(CommandLineWords.said("\(error)").contains(flag), "\(error)")
            }
        }
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "old")
    }

    @Test func theCommandLineSaysItsFlags() throws {
        let dir = try TemporaryDirectory()
        let existing = dir.path("out.scc")
        try "old".write(toFile: existing, atomically: true, encoding: .utf8)
        let exists = try CLIRunner.run(["convert", Self.json, existing])
        #expect(exists.status == 2)
        #expect(exists.stderr.contains("\(existing): already exists; use --force to replace it"), "\(exists.stderr)")
        let output = try CLIRunner.run(["convert", Self.json, dir.path("out.xyz")])
        #expect(output.status == 2)
        #expect(output.stderr.contains("from its extension: use --to"), "\(output.stderr)")
        try "no format at all".write(toFile: dir.path("in.xyz"), atomically: true, encoding: .utf8)
        let input = try CLIRunner.run(["inspect", dir.path("in.xyz")])
        #expect(input.status == 2)
        #expect(input.stderr.contains("in.xyz: use --from ("), "\(input.stderr)")
        for r in [exists, output, input] { #expect(!r.stderr.contains("format:") && !r.stderr.contains("overwrite:")) }
    }
}
