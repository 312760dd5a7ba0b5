import CaptionKit
import Foundation
import MCC
import TestSupport
import Testing

@testable import FuzzTargets

/// The `mcc` seeds are whole MCC files of at most 4 KiB: each real file's header without its
/// comment block, then its data lines in order, cut between lines; and some of them carry
/// captions, so that the round trip has something to keep.
@Suite struct MCCSeedsTests {
    static let realFiles = [
        "mcc/caption-inspector__BigBuckBunny_256x144-24fps.mcc", "mcc/gst-plugins-rs__captions-test_708.mcc",
    ]

    @Test(arguments: realFiles) func windowsAreTheFileCutBetweenLines(_ name: String) throws {
        let text = try String(contentsOf: TestPaths.sharedFixture(name), encoding: .utf8)
        // A Character holds CR LF whole: split on it, not on "\n".
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        // Read here with Foundation, not with the code under test: data lines start with a time
        // code, the header is everything before them.
        let isData = { (line: String) in line.first?.isNumber == true }
        let dataLines = lines.filter(isData)
        let rateLine = try #require(lines.first { $0.hasPrefix("Time Code Rate=") })
        let windows = MCCCheck.windows(of: Array(text.utf8))
        #expect(windows.count > 1)
        var joined: [String] = []
        for window in windows {
            #expect(window.count <= MCCCheck.maximumInputBytes)
            let windowLines = String(decoding: window, as: UTF8.self)
                .split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
            #expect(windowLines.first == "File Format=MacCaption_MCC V1.0")
            #expect(windowLines.contains(rateLine))
            #expect(!windowLines.contains { $0.hasPrefix("//") })
            joined += windowLines.filter(isData)
        }
        // Consecutive windows of the file's data, from its first line, up to the window limit.
        #expect(joined == Array(dataLines.prefix(joined.count)))
        #expect(windows.count == MCCCheck.maximumWindows || joined.count == dataLines.count)
    }

    @Test func seedsAreSmallAndSomeCarryCaptions() throws {
        let target = try #require(FuzzTargets.named("mcc"))
        #expect(target.maximumInputBytes == MCCCheck.maximumInputBytes)
        let seeds = target.seedInputs(root: TestPaths.projectRoot.path)
        let format = try CaptionFormatRegistry.standard.format(named: "mcc")
        let reader = try #require(format.reader)
        var withCaptions: Set<String> = []
        for seed in seeds {
            #expect(seed.bytes.count <= MCCCheck.maximumInputBytes, "\(seed.origin)")
            let read = try reader(seed.bytes, CaptionFormatOptions(fileName: seed.origin))
            if !read.document.captions.isEmpty {
                withCaptions.insert(String(seed.origin.prefix { $0 != "#" }))
            }
        }
        // Both real files and the project's SCC fixtures (written as MCC) give captions.
        #expect(withCaptions.filter { $0.hasSuffix(".mcc") }.count == 2, "\(withCaptions)")
        #expect(withCaptions.contains { $0.hasSuffix(".scc") }, "\(withCaptions)")
    }

    /// The findings kept in Fixtures/fuzz/mcc still go through the round trip, not past it: each
    /// spans less than the check's limit.
    @Test func keptFindingsSpanLessThanTheCheckSkips() throws {
        let folder = TestPaths.projectRoot.appendingPathComponent("Fixtures/fuzz/mcc")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mcc") }
        #expect(files.count >= 4)
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
            let frames = try MCCReader(fileName: file).read(bytes).frames.map(\.time)
            let first = try #require(frames.min(), "\(file)")
            let last = try #require(frames.max(), "\(file)")
            #expect(last - first <= MCCCheck.maximumSpan, "\(file)")
        }
    }
}
