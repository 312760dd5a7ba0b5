import CaptionCore
import Foundation
import SCC
import TestSupport
import Testing

/// Every shared SCC fixture, read, written again (with `--shift`) and read back: the same
/// captions with the same text, place and mode. Times may move where the original file's data
/// could not arrive at one word per frame (the writer shifts and reports it) and by a frame or
/// two where the original used fewer control words than we send (a roll-up line with no PAC
/// after its CR, a paint-on EDM before its PAC).
@Suite struct WriterFixtureTests {
    static let files = TestPaths.files(in: TestPaths.sharedFixture("scc"), withExtension: "scc")

    @Test func fixturesExist() {
        #expect(Self.files.count >= 60, "expected the shared SCC fixtures in ../shared/fixtures/scc")
    }

    @Test(arguments: files) func rewritingKeepsEveryCaption(file: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: file))
        let first = try SCCReader().read(bytes).document
        let written = try SCCWriter(options: CaptionFormatOptions(applyShifts: true)).write(first)
        let second = try SCCReader().read(written.bytes).document
        func key(_ caption: Caption) -> String {
            let origin = caption.region?.origin.map { "\($0.x),\($0.y)" } ?? "-"
            return "\(origin) \(caption.region?.scroll ?? .none) \(caption.animation) \(caption.text.debugDescription)"
        }
        #expect(first.captions.map(key).sorted() == second.captions.map(key).sorted(), "\(file.lastPathComponent)")
    }
}
