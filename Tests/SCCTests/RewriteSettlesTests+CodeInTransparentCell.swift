import CaptionCore
import Foundation
import SCC
import Testing

/// Paint-on changes whose opening attribute code would take a cell the caption wants
/// transparent: the code's cell shows a standard space (15.119(h)(1)) inside the text.
extension RewriteSettlesTests {
    /// Roll-up "m ", three transparent cells, " ®Õ" on a white semi-transparent background (BWS
    /// in column 5), then paint-on over it with "r" in column 30 on that background, column 29
    /// transparent (the fuzz input, minimized to 134 bytes). Painting only the "r" needs a space
    /// and BWS in column 29 (CEA-608-B §6.2), which shows a space there; that was the fallback
    /// when the whole row did not fit with every code sent twice. Read back with the space, the
    /// whole row was shorter, fitted, and went instead: other bytes (before). Now the changes are
    /// no form of this caption, and the whole row goes with codes sent once: read back, the
    /// caption is the input's, column 29 transparent.
    @Test func changesWhoseCodeWouldShowInATransparentCellAreNotAFallback() throws {
        let (first, second) = try Self.rewrites(
            try Self.fixture("paint-on-changes-with-a-code-in-a-transparent-cell-fuzz.scc"))
        #expect(first.text == second.text)
        let paintOn = try #require(first.reread?.captions.last)
        let gaps = { (count: Int) in String(repeating: "\u{A0}", count: count) }
        #expect(paintOn.text == "m " + gaps(3) + " ®Õ" + gaps(22) + "r")
        #expect(paintOn.animation == .characterReveal)
    }
}
