import CaptionCore
import Foundation
import SCC
import Testing

/// Rows whose text would move if sent whole: a style change with no space before it for its
/// attribute code (each code takes a cell, 47 CFR 15.119(h)(1)). Only their changes are painted,
/// and which cells change must not depend on where the moved text would have gone.
extension RewriteSettlesTests {
    /// Roll-up "T'" (blue, underlined), a PAC to column 28, TO2, flash on, "S": the flash code
    /// takes column 30 and shows there as a space, not underlined (15.119(h)(1)). Rolled up to
    /// row 14, then paint-on "B" in white over the "T". The paint-on caption as read back holds
    /// that space, and sent whole its row would move: "B" white then "'" blue has no cell for
    /// the mid-row code. The encoder then compared the space with the row as laid out (where a
    /// space takes the underline of the text before it), not as it shows, found it changed and
    /// painted the whole row from "B", with the code moving everything after it a column right:
    /// the second write gave other bytes (before; the fuzz input, minimized to 160 bytes). Now
    /// only the "B" is painted (PAC row 14 column 0, white), at each write.
    @Test func aRowThatWouldMoveSentWholeIsPaintedByItsChangesAtEachWrite() throws {
        let (first, second) = try Self.rewrites(
            try Self.fixture("paint-on-change-of-a-row-that-sent-whole-would-move-fuzz.scc"))
        #expect(first.text == second.text)
        #expect(first.text.contains(" 9429\n\n00:00:45;07\t94d0 94d0 c280\n"))
        let paintOn = try #require(first.reread?.captions.last)
        let gaps = String(repeating: "\u{A0}", count: 28)
        #expect(paintOn.text == "B'" + gaps + " S")
    }
}
