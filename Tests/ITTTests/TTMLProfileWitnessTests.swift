import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import ITT

/// Every shared SCC fixture (as the `captions` command converts it to iTT) and every iTT fixture,
/// written in each TTML profile the writer writes, read by ttconv: the texts, times (to the
/// millisecond the media time base is written in: half a millisecond, and the floating point of
/// the comparison) and regions we wrote; and ttconv's IMSC reader
/// finds nothing to warn about in any of them (Specs/ttml.md, "Witnesses").
@Suite struct TTMLProfileWitnessTests {
    static let profiles = TTMLProfile.writable.filter { $0 != .itt }

    /// The documents written: the shared SCC fixtures that convert to iTT (some are damaged on
    /// purpose), then every iTT fixture; each with its name.
    static func documents() throws -> [(String, CaptionDocument)] {
        let dir = try TemporaryDirectory("ttml-profiles-scc")
        let scc = try TestPaths.fixtures(in: TestPaths.sharedFixture("scc"), withExtension: "scc")
        var documents: [(String, CaptionDocument)] = []
        for (i, url) in scc.enumerated() {
            let itt = dir.path("\(i).itt")
            let result = try CLIRunner.run(["convert", url.path, itt])
            guard result.status == 0, FileManager.default.fileExists(atPath: itt) else { continue }
            documents.append((url.lastPathComponent, try ITTTest.read(contentsOf: URL(fileURLWithPath: itt)).document))
        }
        #expect(documents.count >= scc.count / 2, "only \(documents.count) of \(scc.count) SCC fixtures converted")
        for url in try ITTPeer.heldInFixtures() {
            documents.append((url.lastPathComponent, try ITTTest.read(contentsOf: url).document))
        }
        return documents
    }

    /// `cues` with each one that starts where one of the same text in the same place ends joined
    /// to it: the screen shown is the same, and a peer's intermediate synchronic documents cannot
    /// tell the two apart (dn2018-1217.scc shows "There's big support" twice in a row).
    static func merged(_ cues: [TTMLPeers.Cue]) -> [TTMLPeers.Cue] {
        var result: [TTMLPeers.Cue] = []
        for cue in cues {
            if let i = result.lastIndex(where: {
                $0.text == cue.text && $0.placement == cue.placement && $0.end == cue.start
            }) {
                result[i].end = cue.end
            } else {
                result.append(cue)
            }
        }
        return result
    }

    @Test(arguments: profiles)
    func ttconvReadsEveryFixtureWrittenInTheProfileAsWritten(_ profile: TTMLProfile) throws {
        let dir = try TemporaryDirectory("ttml-profiles-ttconv")
        let documents = try Self.documents()
        #expect(documents.count >= 6, "\(documents.map(\.0))")
        var paths: [String] = []
        var expected: [[TTMLPeers.Cue]] = []
        for (i, (name, document)) in documents.enumerated() {
            let written = try TTMLWriter(options: CaptionFormatOptions(fileName: "\(i).ttml"), profile: profile)
                .write(document)
            let path = dir.path("\(i).ttml")
            try Data(written.bytes).write(to: URL(fileURLWithPath: path))
            paths.append(path)
            var shown = document
            if profile == .ebuttD {
                // EBU Tech 3380 §4.4: regions in percent; one in pixels is replaced by the bottom
                // region, with a warning (Specs/ttml.md, "What each profile writes").
                let pixels = shown.captions.indices.filter { shown.captions[$0].region?.hasPixelLengths == true }
                for i in pixels { shown.captions[i].region = nil }
                #expect(
                    pixels.isEmpty || written.diagnostics.contains { $0.ruleID == "ttml.region" },
                    "\(name): \(written.diagnostics)")
            }
            expected.append(Self.merged(ITTPeer.cues(shown)))
        }
        for ((name, _), (ours, theirs)) in zip(documents, zip(expected, try TTMLPeers.ttconv(paths))) {
            #expect(!ours.isEmpty, "\(name)")
            let differences = ITTPeer.differences(try theirs.get(), ours, tolerance: 0.0006)
            #expect(differences.isEmpty, "\(profile), \(name):\n\(differences.joined(separator: "\n"))")
        }
        for (path, findings) in zip(paths, try TTMLPeers.ttconvFindings(paths)) {
            #expect(findings.isEmpty, "\(profile), \(path): \(findings)")
        }
    }
}

extension CaptionRegion {
    /// Whether an origin or extent length is in pixels.
    var hasPixelLengths: Bool {
        [origin?.x, origin?.y, size?.width, size?.height].contains { $0?.unit == .pixels }
    }
}
