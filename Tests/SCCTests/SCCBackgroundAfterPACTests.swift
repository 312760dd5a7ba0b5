import CaptionCore
import Foundation
import SCC
import TestSupport
import Testing

// GStreamer's dn2018-1217.scc: a real 59-minute pop-on programme whose every PAC is followed by a
// background attribute code (BAO, 10ae 10ae). Read without loss, as ttconv and FFmpeg read it
// (texts and, with ttconv, start times within a frame); the attribute code's cell is decided in
// Specs/scc.md ("Background attribute codes after a PAC"; CTA-608-E §6.2).

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

    /// Rows of 32 characters after a PAC to column 1 and BAO: the code's space
    /// takes column 1 (a backspace in the first column is ignored), the text runs to column 33
    /// and its last character replaces the 31st (15.119(e)(1)): one character lost per such
    /// row, where FFmpeg and ttconv (which give the code no cell) keep it (Specs/scc.md,
    /// "Background attribute codes after a PAC").
    static let overflowingRows = 73

    /// How many lines of `ours` are those of `theirs` with their last two characters become
    /// the last one (the 33rd cell replacing the 32nd); `nil` when the two differ otherwise.
    /// Spaces that end a line of theirs are not text (Specs/scc.md, "Blocks").
    static func linesThatLostTheirLastCell(ours: String, theirs: String) -> Int? {
        let mine = ours.split(separator: "\n", omittingEmptySubsequences: false)
        let other = theirs.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }
        guard mine.count == other.count else { return nil }
        var lost = 0
        for (a, b) in zip(mine, other) where a != b {
            guard b.count == 32, a.count == 31, a.dropLast() == b.dropLast(2), a.last == b.last else { return nil }
            lost += 1
        }
        return lost
    }

    @Test func readWithoutLossAsTtconvReadsIt() throws {
        let directory = try TemporaryDirectory("scc-dn2018")
        let theirs = try PeerDecoders.ttconv(TestPaths.sharedFixture("scc/" + Self.fixture).path, in: directory)
        let ours = try Self.ourScreens()
        #expect(theirs.count == 1194)
        #expect(ours.count == theirs.count)
        let frame = 1001.0 / 30000
        var overflows = 0
        for (mine, cue) in zip(ours, theirs) {
            let text = WriterCrossCheckTests.mapped(mine.text, WriterCrossCheckTests.ttconvCharacters)
            #expect(abs(mine.start - cue.start) < frame / 2, "ours \(mine.start), ttconv \(cue)")
            if let lost = Self.linesThatLostTheirLastCell(ours: text, theirs: cue.text) {
                overflows += lost
            } else {
                Issue.record("ours \(mine.text.debugDescription), ttconv \(cue)")
            }
        }
        #expect(overflows == Self.overflowingRows)
    }

    @Test func readWithoutLossAsFFmpegReadsIt() throws {
        let directory = try TemporaryDirectory("scc-dn2018")
        let theirs = try PeerDecoders.ffmpeg(TestPaths.sharedFixture("scc/" + Self.fixture).path, in: directory)
        let ours = try Self.ourScreens()
        #expect(ours.count == theirs.count)
        // FFmpeg times a caption by its line's label and shows 0x27 as U+2019.
        var overflows = 0
        for (mine, cue) in zip(ours, theirs) {
            let text = WriterCrossCheckTests.mapped(mine.text, WriterCrossCheckTests.ffmpegCharacters)
            let lines = cue.text.replacingOccurrences(of: "\\h", with: "").split(separator: "\n").joined(
                separator: "\n")
            if let lost = Self.linesThatLostTheirLastCell(ours: text, theirs: lines) {
                overflows += lost
            } else {
                Issue.record("ours \(mine.text.debugDescription), FFmpeg \(cue)")
            }
        }
        #expect(overflows == Self.overflowingRows)
    }

    @Test func theAttributeTakesTheCellBeforeThePACsColumn() throws {
        // 00:00:14;05 PAC row 14 column 8, BAO: the code backs up into column 7 and writes its
        // space there, so the text stays at column 8. 00:00:19;01 PAC row 14 column 0, BAO: a
        // backspace in the first column is ignored (15.119; CTA-608-E C.13), so the space takes
        // column 0 and the text starts at column 1.
        let ours = try Self.ourScreens()
        #expect(ours.first?.text == "From New York,\nthis is Democracy Now!")
        #expect(ours.first?.columns == [8, 4])
        let columnZero = ours.first { $0.text.hasPrefix("I'm doing so as") }
        #expect(columnZero?.columns.first == 1)
        let result = try readFixture(Self.fixture)
        let first = try #require(result.document.captions.first)
        // The attribute's space is on screen (it shows its black box) but is not caption text.
        #expect(first.text == "From New York,")
    }
}
