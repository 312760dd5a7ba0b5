import CaptionCore
import Foundation
import SCC
import TestSupport
import Testing

// GStreamer's dn2018-1217.scc: a real 59-minute pop-on programme whose every PAC is followed by a
// background attribute code (BAO, 10ae 10ae). Read without loss, as ttconv and FFmpeg read it
// (every screen's text equal, and with ttconv start times within a frame); the attribute code's
// cell is decided in Specs/scc.md ("Background attribute codes after a PAC"; CTA-608-E §6.2).

@Suite struct SCCBackgroundAfterPACTests {
    static let fixture = "gstreamer/dn2018-1217.scc"

    /// Our captions grouped into screens: captions that start together, rows top to bottom.
    static func ourScreens() throws -> [(start: Double, text: String, columns: [Int])] {
        let captions = try readFixture(fixture).document.captions
        var screens: [(start: Double, text: String, columns: [Int])] = []
        for caption in captions {
            let start = caption.timeRange.start.seconds
            let column = Int(caption.region?.origin?.x.value ?? -1)
            if let last = screens.last, abs(last.start - start) < 0.001 {
                screens[screens.count - 1].text += "\n" + caption.text
                screens[screens.count - 1].columns.append(column)
            } else {
                screens.append((start, caption.text, [column]))
            }
        }
        return screens
    }

    /// Rows of 32 characters, each after a PAC to column 1 and BAO with no space before the code:
    /// the code takes no cell there, so the text fills the row (Specs/scc.md, "Background
    /// attribute codes after a PAC"). Read with the code's space in column 1 (before), each lost
    /// its 31st character to its 32nd (15.119(e)(1)).
    static let fullRows = 73

    /// `theirs` with the spaces that end its lines dropped (they are not text: Specs/scc.md,
    /// "Blocks").
    static func trimmed(_ theirs: String) -> String {
        theirs.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }.joined(separator: "\n")
    }

    /// How many lines of `text` fill the 32 columns.
    static func fullRows(in text: String) -> Int {
        text.split(separator: "\n").filter { $0.count == 32 }.count
    }

    @Test func readWithoutLossAsTtconvReadsIt() throws {
        let directory = try TemporaryDirectory("scc-dn2018")
        let theirs = try PeerDecoders.ttconv(TestPaths.sharedFixture("scc/" + Self.fixture).path, in: directory)
        let ours = try Self.ourScreens()
        #expect(theirs.count == 1194)
        #expect(ours.count == theirs.count)
        let frame = 1001.0 / 30000
        var full = 0
        for (mine, cue) in zip(ours, theirs) {
            let text = WriterCrossCheckTests.mapped(mine.text, WriterCrossCheckTests.ttconvCharacters)
            #expect(abs(mine.start - cue.start) < frame / 2, "ours \(mine.start), ttconv \(cue)")
            #expect(text == Self.trimmed(cue.text), "ours \(mine.text.debugDescription), ttconv \(cue)")
            full += Self.fullRows(in: text)
        }
        #expect(full == Self.fullRows)
    }

    @Test func readWithoutLossAsFFmpegReadsIt() throws {
        let directory = try TemporaryDirectory("scc-dn2018")
        let theirs = try PeerDecoders.ffmpeg(TestPaths.sharedFixture("scc/" + Self.fixture).path, in: directory)
        let ours = try Self.ourScreens()
        #expect(ours.count == theirs.count)
        // FFmpeg times a caption by its line's label and shows 0x27 as U+2019.
        var full = 0
        for (mine, cue) in zip(ours, theirs) {
            let text = WriterCrossCheckTests.mapped(mine.text, WriterCrossCheckTests.ffmpegCharacters)
            let lines = cue.text.replacingOccurrences(of: "\\h", with: "").split(separator: "\n").joined(
                separator: "\n")
            #expect(text == Self.trimmed(lines), "ours \(mine.text.debugDescription), FFmpeg \(cue)")
            full += Self.fullRows(in: text)
        }
        #expect(full == Self.fullRows)
    }

    @Test func theAttributeTakesTheCellBeforeThePACsColumn() throws {
        // 00:00:14;05 PAC row 14 column 8, BAO: the code backs up into column 7 and writes its
        // space there, so the text stays at column 8. 00:00:19;01 PAC row 14 column 0, BAO: no
        // space to back over in the first column, so the code takes no cell and the 32
        // characters fill the row from column 0. 00:02:33;21 PAC row 14 column 0, TO1, BAO: the
        // code backs into column 0 and the text starts at column 1, as it does in FFmpeg and
        // ttconv (which give the code no cell).
        let ours = try Self.ourScreens()
        #expect(ours.first?.text == "From New York,\nthis is Democracy Now!")
        #expect(ours.first?.columns == [8, 4])
        let columnZero = ours.first { $0.text.hasPrefix("I'm doing so as") }
        #expect(columnZero?.text.hasPrefix("I'm doing so as enthusiastically\n") == true)
        #expect(columnZero?.columns.first == 0)
        let tabbed = ours.first { $0.text.hasPrefix("to prevent the worst effects") }
        #expect(tabbed?.columns == [1, 0])
        let result = try readFixture(Self.fixture)
        let first = try #require(result.document.captions.first)
        // The attribute's space is on screen (it shows its black box) but is not caption text.
        #expect(first.text == "From New York,")
    }
}

/// The writer's side of the rule: text on a background from column 1.
extension SCCBackgroundAfterPACTests {
    @Test func theWriterSendsABackgroundCodeInTheFirstColumnWithoutItsSpace() throws {
        // A pop-on caption on a green background (BGO, 0x10 0x22 → 10a2) at column 0: the code
        // goes right after the PAC to row 15, column 0 (9470), with no space, and takes no cell,
        // so the text stays in column 0 and nothing is reported; before, the code took column 0
        // with the space sent before it and the text moved a column right (608.mid-row). At
        // column 1 the code has a cell left of the text: it goes after a space, as §6.2 asks.
        let green = CaptionTextStyle(backgroundColor: .green)
        for (column, words) in [(0, " 9470 9470 10a2 10a2 c1c2\n"), (1, " 9470 9470 2080 10a2 10a2 c1c2\n")] {
            let caption = WriterTestDocuments.popOn(
                [CaptionRun("AB", style: green)], row: 14, column: column, start: 30, end: 90)
            let options = CaptionFormatOptions(fileName: "out.scc")
            let written = try SCCWriter(options: options).write(CaptionDocument(captions: [caption]))
            let text = String(decoding: written.bytes, as: UTF8.self)
            #expect(text.contains(words), "\(text)")
            #expect(!written.diagnostics.contains { $0.severity >= .warning }, "\(written.diagnostics)")
            let back = try SCCReader(options: options).read(written.bytes).document.captions
            #expect(back.map(\.text) == ["AB"])
            #expect(back.first?.region?.origin?.x == .cells(Double(column)))
            #expect(back.first?.runs.first?.style.backgroundColor == .green)
        }
    }
}
