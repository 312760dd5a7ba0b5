import CaptionCore
import Foundation
import SCC
import TestSupport
import Testing

/// Paint-on text right of older text it clears: cleared one cell at a time, the older text
/// shows what is left of it in between (15.119(f)(3): a decoder shows each change as it comes).
extension RewriteSettlesTests {
    /// Paint-on "B" on row 15 stays; "NN" on row 2 at 01:28; at 02:02 two spaces over it and
    /// "█" in column 2. Written with a transparent space over each "N" (two frames each), the
    /// screen showed the second "N" alone for two frames and then nothing, read back as a
    /// caption "N" and "█" two frames after it; the rewrite sent other words (before; the fuzz
    /// input, minimized to 50 bytes). Now a DER at column 0 erases both at once (15.119
    /// miscellaneous codes: DER erases from the cursor to the end of the row), and "NN" leaves
    /// as "█"'s run starts. ttconv reads that file so too: "NN" ends at 2.069 s (frame 62), and
    /// the next paragraph begins there.
    @Test func olderTextClearedBeforeTheNewTextGoesAtOnce() throws {
        let (first, second) = try Self.rewrites(
            try Self.fixture("paint-on-text-after-older-text-it-clears-fuzz.scc"))
        #expect(first.text == second.text)
        #expect(first.text.contains("\n00:00:02:02\t9170 9170 94a4 94a4 91b9 91b9 91b9 91b9 7f80\n"))
        let captions = try #require(first.reread?.captions)
        let texts = captions.map(\.text)
        #expect(texts == ["B", "NN", "█"])
        #expect(captions.count == 3)
        if captions.count == 3 {
            #expect(captions[1].timeRange.end == MediaTime(value: 62062, timescale: 30000))
            #expect(captions[2].timeRange.start == MediaTime(value: 62062, timescale: 30000))
        }
        // ttconv, on the same bytes: "NN" ends and the paragraph that paints "█" begins on frame
        // 62 (2.069 s); its paragraphs hold every row shown, "B" included.
        let directory = try TemporaryDirectory("scc-cleared-text")
        let file = directory.path("written.scc")
        try Data(first.text.utf8).write(to: URL(fileURLWithPath: file))
        let cues = try PeerDecoders.ttconv(file, in: directory)
        let frame62 = 62.0 * 1001 / 30000
        let older = try #require(cues.first { $0.text.hasPrefix("NN") }, "\(cues)")
        let painted = try #require(cues.first { $0.text.contains("█") }, "\(cues)")
        #expect(abs(older.end - frame62) < 0.002, "\(cues)")
        #expect(abs(painted.start - frame62) < 0.002, "\(cues)")
    }

    /// Older text left of the changes with text right of them that stays: a DER would erase
    /// that too, so the older text goes a cell at a time, as before. Paint-on "B" on row 15
    /// stays throughout, so that "NNaa" on row 2 is painted over (not erased with EDM), and two
    /// spaces then clear "NN".
    @Test func olderTextIsNotErasedWithDERWhenTextRightOfItStays() throws {
        let scc = """
            Scenarist_SCC V1.0

            00:00:01:00\t9429 9429 9470 9470 c280

            00:00:01:10\t9170 9170 cece 6161

            00:00:03:00\t9170 9170 2020

            00:00:05:00\t942c 942c

            """
        let options = CaptionFormatOptions(fileName: "in.scc")
        let read = try SCCReader(options: options).read(Array(scc.utf8))
        let written = try SCCWriter(options: options).write(read.document)
        let text = String(decoding: written.bytes, as: UTF8.self)
        #expect(!text.contains("94a4"), "\(text)")
        let reread = try SCCReader(options: options).read(written.bytes)
        #expect(reread.document.captions.map(\.text) == ["B", "NNaa", "aa"])
        #expect(text.contains("91b9"), "\(text)")
    }

    /// Paint-on " AB et," (flashing "AB" from column 5), then " AB   AB": the changes in columns
    /// 8–11 put the yellow underline mid-row code and FON over "e" and "t" and "AB" over ",". The
    /// first form of the DER rule erased the row from column 8 at once: the row then showed the
    /// flashing "AB" alone for four frames, read back as a caption of its own, and the rewrite
    /// did not fit (the fuzz input, minimized to 87 bytes). With text left of the changes that
    /// stays, the row is never empty and the changes are one caption with it: no DER.
    @Test func olderTextRightOfTextThatStaysIsPaintedOverWithoutDER() throws {
        let (first, second) = try Self.rewrites(
            try Self.fixture("paint-on-changes-right-of-text-that-stays-fuzz.scc"))
        #expect(first.text == second.text)
        #expect(!first.text.contains("94a4"), "\(first.text)")
        #expect(first.reread?.captions.map(\.text) == ["ñsamet,", "AB et,", "AB   AB", "AB   ABi"])
    }
}
