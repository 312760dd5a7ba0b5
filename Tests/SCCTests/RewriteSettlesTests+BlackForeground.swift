import CaptionCore
import Foundation
import SCC
import Testing

/// Black text whose codes share a cell: FA backs over the cell of the mid-row code before it
/// (CEA-608-B §6.2).
extension RewriteSettlesTests {
    /// Roll-up "0", the italics code (column 1), FA, black italic "%e" from column 2, a PAC to
    /// column 8, "09"; eight frames in all (the fuzz input, minimized to 53 bytes). The writer
    /// sent FA first, with a standard space of its own, and the italics code in a second cell:
    /// "%e" moved to column 3 (`608.mid-row`), the gap before "09" became three transparent
    /// cells, sent as transparent spaces, and the line as read back needed 12 frames: the
    /// rewrite was refused (before). Now "0" (b080), italics (91ae), FA (97ae), "%e" (25e5), as
    /// the input sent them, and read back the caption is the input's.
    @Test func blackItalicTextOneSpaceAfterWhiteTextStaysInItsColumn() throws {
        let bytes = try Self.fixture("black-italic-text-one-space-after-white-text-fuzz.scc")
        let (first, second) = try Self.rewrites(bytes)
        #expect(first.text == second.text)
        #expect(first.text.contains(" b080 91ae 97ae 25e5 94f4 b0b9\n"), "\(first.text)")
        #expect(!first.diagnostics.contains { $0.ruleID == "608.mid-row" })
        let caption = try #require(first.reread?.captions.first)
        #expect(caption.text == "0 %e" + String(repeating: "\u{A0}", count: 4) + "09")
        let original = try SCCReader(options: CaptionFormatOptions(fileName: "in.scc")).read(bytes)
        #expect(original.document.captions.first?.runs == caption.runs)
    }
}
