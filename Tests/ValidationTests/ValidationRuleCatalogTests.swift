import CaptionCore
import Foundation
import SCC
import TestSupport
import Testing
import Validation

/// Keeps Specs/validation-rules.md and the rule catalogue equal, and runs every JSON fixture.
@Suite struct ValidationRuleCatalogTests {
    struct Row {
        let id: String
        let severity: String
        let fixture: String
        let options: [String]
    }

    static func rows() throws -> [Row] {
        let text = try String(contentsOf: TestPaths.spec("validation-rules.md"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> Row? in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 7, cells[1].contains("."), !cells[1].hasPrefix("-"), cells[1] != "ID" else {
                return nil
            }
            var fixture = cells[4]
            var options: [String] = []
            if let open = fixture.firstIndex(of: "["), let close = fixture.firstIndex(of: "]") {
                options = fixture[fixture.index(after: open)..<close].split(separator: " ").map(String.init)
                fixture = fixture[..<open].trimmingCharacters(in: .whitespaces)
            }
            return Row(id: cells[1], severity: cells[2], fixture: fixture, options: options)
        }
    }

    @Test func specTableEqualsTheCatalogue() throws {
        let rows = try Self.rows()
        #expect(rows.map(\.id) == ValidationRule.all.map(\.id))
        for (row, rule) in zip(rows, ValidationRule.all) {
            #expect(row.severity == rule.severity.rawValue, "\(rule.id)")
        }
    }

    @Test func everyJSONFixtureTriggersItsRule() throws {
        for row in try Self.rows() where row.fixture.hasSuffix(".json") {
            let url = TestPaths.fixture("validation/" + row.fixture)
            let document = try JSONDecoder().decode(CaptionDocument.self, from: Data(contentsOf: url))
            var settings = CaptionConversionSettings()
            var i = 0
            while i < row.options.count {
                switch row.options[i] {
                case "--target":
                    settings.target = CaptionConversionSettings.Target(named: row.options[i + 1]) ?? .scc
                case "--source":
                    settings.sourceIsTransmitted608 = row.options[i + 1] == "scc"
                    settings.sourceIsTransmitted708 = row.options[i + 1] == "mcc"
                case "--video-duration":
                    settings.videoDuration = try Timecode(row.options[i + 1], rate: .fps29_97).mediaTime(at: .fps29_97)
                default: Issue.record("unknown option \(row.options[i]) in the spec table")
                }
                i += 2
            }
            let found = CaptionConversionValidator(document: document, settings: settings).warnings()
                .map(\.diagnostic.ruleID)
            #expect(found.contains(row.id), "\(row.fixture) should trigger \(row.id); found \(found)")
        }
    }

    /// SCC files are checked as a decoder receives them: the reader's findings carry the rules.
    @Test func everySCCFixtureTriggersItsRule() throws {
        let rows = try Self.rows().filter { $0.fixture.hasSuffix(".scc") }
        #expect(rows.count == 5)
        for row in rows {
            let url = TestPaths.fixture("validation/" + row.fixture)
            let bytes = [UInt8](try Data(contentsOf: url))
            let result = try SCCReader(options: .init(fileName: url.lastPathComponent)).read(bytes)
            let found = result.diagnostics.map(\.ruleID)
            #expect(found.contains(row.id), "\(row.fixture) should trigger \(row.id); found \(found)")
            let finding = result.diagnostics.first { $0.ruleID == row.id }
            #expect(finding?.suggestedFix != nil, "\(row.id) has no suggested fix")
            #expect(finding?.location.timecode != nil, "\(row.id) has no timecode")
        }
        // The overrun names its size: 14 words from frame 30 end at frame 43; the next label is
        // frame 35, so it is 9 frames late.
        let overrun = try SCCReader().read([UInt8](try Data(contentsOf: TestPaths.fixture("scc/overrun.scc"))))
        #expect(overrun.diagnostics.first { $0.ruleID == "scc.words-overlap" }?.message.contains("9 frames") == true)
    }

    @Test func theCleanFixtureIsClean() throws {
        let url = TestPaths.fixture("validation/clean.json")
        let document = try JSONDecoder().decode(CaptionDocument.self, from: Data(contentsOf: url))
        let warnings = CaptionConversionValidator(captions: document.captions).warnings()
        #expect(warnings.isEmpty, "\(warnings.map(\.diagnostic.description))")
    }

    @Test func aNonNumericTimeIsNamedAsItWasGiven() {
        // Before: "caption 1 has the time range [-infinity, invalid)" (the end lost, shown as
        // "invalid") and "[1/1, -infinity)".
        let captions = [
            Caption("a", start: .negativeInfinity, end: MediaTime(value: 3, timescale: 1)),
            Caption(
                runs: [CaptionRun("b")],
                timeRange: TimeRange(start: MediaTime(value: 1, timescale: 1), duration: .negativeInfinity)),
        ]
        let messages = CaptionConversionValidator(captions: captions).warnings()
            .filter { $0.diagnostic.ruleID == "timing.order" }.map(\.diagnostic.message)
        #expect(messages == ["caption 1 has no numeric start (-infinity)", "caption 2 has no numeric end (-infinity)"])
    }
}
