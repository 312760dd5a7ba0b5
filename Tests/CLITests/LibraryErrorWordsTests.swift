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

    /// CC1 pop-on words ("HI"), read as CC3: the reader suggests the channel, and nothing is read.
    static let cc1 = "Scenarist_SCC V1.0\n\n00:00:01;00\t9420 9420 94d0 94d0 c849 942f 942f\n\n00:00:03;00\t942c 942c\n"
    static let excess = TestPaths.fixture("validation/excess-media-data.json").path

    /// The findings and errors of the caption libraries name their options
    /// (`CaptionFormatOptions.channel`, `allowEmpty: true`, `CaptionFile.writeTransmittedSCC`,
    /// `CaptionConversionFixer.fix(_:file:)`), never a flag; the CLI's words for each say the flag.
    @Test func findingsSpeakOfTheOptions() throws {
        let dir = try TemporaryDirectory()
        let scc = dir.path("cc1.scc")
        try Self.cc1.write(toFile: scc, atomically: true, encoding: .utf8)
        var options = CaptionFormatOptions()
        options.channel = 3
        let (read, _) = try CaptionFile.read(scc, options: options)
        let channelFix = try #require(read.diagnostics.compactMap(\.suggestedFix).first { $0.contains("CC1") })
        #expect(channelFix == "read CC1 with CaptionFormatOptions.channel 1")
        #expect(CommandLineWords.said(channelFix) == "read CC1 with --channel 1")

        let empty = try #require(EmptyCaptions.finding(read, input: scc, consequence: "nothing", allowEmpty: false))
        #expect(empty.suggestedFix == "pass allowEmpty: true to accept an empty result")
        #expect(CommandLineWords.said(empty).suggestedFix == "give --allow-empty to accept an empty result")
        let allowed = try #require(EmptyCaptions.finding(read, input: scc, consequence: "nothing", allowEmpty: true))
        #expect(allowed.message.hasSuffix("the result is empty (allowEmpty: true)"), "\(allowed)")
        #expect(CommandLineWords.said(allowed).message.hasSuffix("the result is empty (--allow-empty)"))

        do {
            _ = try CaptionFile.writeTransmittedSCC(
                fromMovie: scc, to: dir.path("out.srt"), options: .init(), overwrite: false)
            Issue.record("no error for an SRT output of writeTransmittedSCC")
        } catch {
            #expect("\(error)".contains("CaptionFile.writeTransmittedSCC writes SCC, not srt"), "\(error)")
            #expect(CommandLineWords.said("\(error)").contains("--as-transmitted writes SCC, not srt"))
        }

        let (json, _) = try CaptionFile.read(Self.excess)
        let fixes = CaptionConversionValidator(captions: json.document.captions).warnings().compactMap(
            \.diagnostic.suggestedFix)
        #expect(fixes.contains { $0.contains("`CaptionConversionFixer.fix(_:file:)` applies them") }, "\(fixes)")
        for text in [channelFix, empty.suggestedFix ?? "", allowed.message] + fixes {
            #expect(!text.contains("--"), "\(text)")
        }
    }

    /// The same findings printed by the commands name the flags, in text and in JSON.
    @Test func commandsSayTheFlagsInFindings() throws {
        let dir = try TemporaryDirectory()
        let scc = dir.path("cc1.scc")
        try Self.cc1.write(toFile: scc, atomically: true, encoding: .utf8)
        let convert = try CLIRunner.run(["convert", scc, dir.path("out.srt"), "--channel", "3"])
        #expect(convert.status == 1, "\(convert.stderr)")
        #expect(convert.stderr.contains("read CC1 with --channel 1"), "\(convert.stderr)")
        #expect(convert.stderr.contains("give --allow-empty to accept an empty result"), "\(convert.stderr)")
        let json = try CLIRunner.run(["convert", scc, dir.path("out.srt"), "--channel", "3", "--json"])
        #expect(json.stdout.contains("read CC1 with --channel 1"), "\(json.stdout)")
        let validate = try CLIRunner.run(["validate", Self.excess])
        #expect(validate.stdout.contains("`captions validate --fix -o OUT` applies them"), "\(validate.stdout)")
        for r in [convert, json, validate] {
            for words in ["CaptionFormatOptions.", "allowEmpty:", "CaptionConversionFixer"] {
                #expect(!(r.stdout + r.stderr).contains(words), "\(words) in \(r.stdout)\(r.stderr)")
            }
        }
    }
}
