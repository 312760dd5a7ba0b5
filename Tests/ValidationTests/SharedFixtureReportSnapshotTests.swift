import CaptionCore
import Foundation
import SCC
import TestSupport
import Testing
import Validation

/// Every SCC in ../shared/fixtures/scc gets a validation report without a crash; the reports
/// are kept as snapshots in Fixtures/validation/snapshots/ (RECORD_SNAPSHOTS=1 re-records them).
@Suite struct SharedFixtureReportSnapshotTests {
    static let snapshots = TestPaths.fixture("validation/snapshots")

    static func report(for url: URL) throws -> String {
        let root = TestPaths.sharedFixture("scc").path + "/"
        let name = "scc/" + url.path.replacingOccurrences(of: root, with: "")
        let bytes = [UInt8](try Data(contentsOf: url))
        let read = try SCCReader(options: CaptionFormatOptions(fileName: name)).read(bytes)
        // As `captions validate` does (CaptionKit's conversion settings): the SCC writer's frame
        // rate and timecode, and the file judged as transmitted.
        let timing = SCCWriter.timing(for: read.document, options: CaptionFormatOptions())
        var settings = CaptionConversionSettings(frameRate: timing.rate, dropFrame: timing.dropFrame)
        settings.sourceIsTransmitted608 = true
        let warnings = CaptionConversionValidator(
            captions: read.document.captions, settings: settings, fileName: name
        ).warnings()
        return ValidationReport(
            file: name, settings: settings, captionCount: read.document.captions.count,
            readerDiagnostics: read.diagnostics, warnings: warnings
        ).text + "\n"
    }

    @Test func everySharedSCCFixtureHasAReportEqualToItsSnapshot() throws {
        let files = TestPaths.files(in: TestPaths.sharedFixture("scc"), withExtension: "scc")
        #expect(files.count >= 69)
        let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
        if record { try FileManager.default.createDirectory(at: Self.snapshots, withIntermediateDirectories: true) }
        for url in files {
            let text = try Self.report(for: url)
            let snapshotName =
                url.deletingLastPathComponent().lastPathComponent + "__" + url.deletingPathExtension().lastPathComponent
                + ".txt"
            let snapshot = Self.snapshots.appendingPathComponent(snapshotName)
            if record {
                try Data(text.utf8).write(to: snapshot)
                continue
            }
            guard let stored = try? String(contentsOf: snapshot, encoding: .utf8) else {
                Issue.record("no snapshot \(snapshotName); run the tests with RECORD_SNAPSHOTS=1 to create it")
                continue
            }
            #expect(text == stored, "\(snapshotName) differs from its snapshot")
        }
        // A recording run compares nothing: it must not pass as a check.
        if record { Issue.record("recorded \(files.count) snapshots; run again without RECORD_SNAPSHOTS=1") }
    }
}
