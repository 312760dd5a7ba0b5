import CaptionCore
import Foundation
import SCC
import TestSupport
import Testing

/// A roll-up line's region starts at its first visible cell, also when text is painted left of
/// the text sent first.
@Suite struct SCCReaderRollUpColumnTests {
    /// RU4, PAC row 15 column 24 with underline (0x14 0x7D, 94fd), "ab", PAC row 15 column 12
    /// (0x14 0x76, 9476), "cd": one line, "cd" in columns 12–13 and "ab" in 24–25
    /// (15.119(e)(1)). The reader kept the column of the first PAC (24) for the region while the
    /// text started at 12; the writer then moved the 14 cells left to column 18 to fit them on
    /// the grid, with no warning (found reading a fuzz input; before).
    static let rightPartFirst = """
        Scenarist_SCC V1.0

        00:00:01;00\t94a7 94a7 94fd 94fd 6162 9476 9476 e364

        00:00:03;00\t942c 942c

        """

    /// The same line sent left to right.
    static let leftToRight = """
        Scenarist_SCC V1.0

        00:00:01;00\t94a7 94a7 9476 9476 e364 94fd 94fd 6162

        00:00:03;00\t942c 942c

        """

    @Test func aLineWithTextPaintedLeftOfItStartsAtItsFirstCell() throws {
        let options = CaptionFormatOptions(fileName: "in.scc")
        let read = try SCCReader(options: options).read(Array(Self.rightPartFirst.utf8)).document
        let caption = try #require(read.captions.first)
        #expect(read.captions.count == 1)
        #expect(caption.text == "cd" + String(repeating: "\u{A0}", count: 10) + "ab")
        #expect(caption.region?.origin?.x == .cells(12))
        // Written, the line goes where it was: "cd" from column 12, "ab" from 24 (left to right).
        let written = try SCCWriter(options: options).write(read)
        #expect(String(decoding: written.bytes, as: UTF8.self) == Self.leftToRight)
        #expect(!written.diagnostics.contains { $0.ruleID == "608.columns" })
    }

    /// ttconv reads the same column: its region's origin, in its active area of 32 columns
    /// (`ittp:activeArea="10% …  80% …"`), is at 10% + 12 × 80% / 32 = 40% for both forms.
    @Test func ttconvPlacesTheLineAtTheSameColumn() throws {
        let directory = try TemporaryDirectory("scc-roll-up-column")
        let options = CaptionFormatOptions(fileName: "in.scc")
        for (name, text) in [("right.scc", Self.rightPartFirst), ("left.scc", Self.leftToRight)] {
            let scc = directory.path(name)
            try text.write(toFile: scc, atomically: true, encoding: .utf8)
            let ttml = directory.path(name + ".ttml")
            let result = try CLIRunner.runProcess(try PeerDecoders.tool("tt"), ["convert", "-i", scc, "-o", ttml])
            try #require(result.status == 0, "\(result.stderr)")
            let output = try String(contentsOfFile: ttml, encoding: .utf8)
            let area = try #require(output.firstMatch(of: /ittp:activeArea="([0-9.]+)% [0-9.]+% ([0-9.]+)%/))
            let origin = try #require(output.firstMatch(of: /tts:origin="([0-9.]+)%/))
            let left = try #require(Double(area.1))
            let width = try #require(Double(area.2))
            let percent = try #require(Double(origin.1))
            let column = Int(((percent - left) / width * 32).rounded())
            let read = try SCCReader(options: options).read(Array(text.utf8)).document
            let x = read.captions.first?.region?.origin?.x
            #expect(x == .cells(Double(column)), "\(name): ttconv column \(column)")
        }
    }
}
