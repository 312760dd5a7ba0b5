import Foundation
import TestSupport
import Testing

/// `captions inspect show.mcc` lists what the file carries besides the document it prints: the
/// captions of each CEA-608 channel and of each CEA-708 service with its `ccsvcinfo` language.
/// Expected from the files' provenance (PROVENANCE.md: caption-inspector's file carries CC1
/// English, CC3 Spanish and CEA-708 services; Premiere's file is 708-only, three captions, whose
/// `ccsvcinfo` says "eng").
@Suite struct InspectMCCCommandTests {
    @Test func listsEveryChannelAndService() throws {
        let r = try CLIRunner.run(["inspect", DTVCCDumpCommandTests.bigBuckBunny])
        #expect(r.status == 0, "\(r.stderr.prefix(2000))")
        let carried = r.stdout.components(separatedBy: "carries:\n").last ?? ""
        #expect(carried.contains("  CC1: ") && carried.contains("  CC3: "), "\(carried)")
        for service in 1...6 { #expect(carried.contains("  CEA-708 service \(service): "), "\(carried)") }
        #expect(!carried.contains("0 captions"), "\(carried)")
    }

    @Test func jsonNamesTheServiceLanguage() throws {
        let r = try CLIRunner.run(["inspect", DTVCCDumpCommandTests.premiere, "--json"])
        #expect(r.status == 0, "\(r.stderr.prefix(2000))")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let carriage = try #require(report["carriage"] as? [String: Any])
        let services = try #require(carriage["services"] as? [[String: Any]])
        #expect(services.count == 1)
        #expect(services.first?["service"] as? Int == 1)
        #expect(services.first?["language"] as? String == "eng")
        #expect(services.first?["captions"] as? Int == 3)
        #expect((carriage["channels"] as? [String: Any])?.isEmpty == true)
    }
}
