import CaptionCore
import CaptionKit
import Testing

/// An MCC file carries each caption twice, as CEA-608 and as CEA-708 service 1. A region in
/// percent is held by 708 on its relative anchors (hundredths of the safe-title area, the central
/// 80 % of the picture, CTA-708-E §8.4.4), so its place moves by up to 0.4 % of the picture; the
/// 608 half must be laid out from that place, not from the one asked, or a caption near the edge
/// of a 608 row is written on one row, read back through service 1 and written again on the next
/// (the mcc fuzz finding of stop 68, Fixtures/fuzz/mcc/608-row-from-a-place-708-moved-fuzz.mcc).
@Suite struct MCCHalvesPlacementTests {
    static let one = MediaTime(value: 1, timescale: 1)

    static func options() -> CaptionFormatOptions {
        var options = CaptionFormatOptions(fileName: "halves.mcc")
        options.settings = ["uuid": "00000000-0000-4000-8000-000000000000", "created": "2000-01-01T00:00:00Z"]
        return options
    }

    /// A caption whose top is at 63.33 % of the picture: the 608 grid's rows are fifteenths of it
    /// (9.4995 rows down), and the relative anchor 708 gives it, round((63.33 − 10) / 0.8) = 67,
    /// is at 10 + 0.8 × 67 = 63.6 % (9.54 rows down): the two round to different rows.
    static func document() -> CaptionDocument {
        var caption = Caption("HELLO", start: one, end: one + one)
        caption.region = CaptionRegion(
            origin: CaptionPoint(x: .percent(48.28), y: .percent(63.33)),
            size: CaptionSize(width: .percent(9.52), height: .percent(5.33)))
        return CaptionDocument(captions: [caption])
    }

    @Test func bothHalvesPutTheCaptionOnOneRow() throws {
        let format = try CaptionFormatRegistry.standard.format(named: "mcc")
        let write = try #require(format.writer)
        let read = try #require(format.reader)
        let written = try write(Self.document(), Self.options())
        var service1 = Self.options()
        service1.settings[CaptionFormatOptions.dtvccServiceSetting] = "1"
        let through708 = try read(written.bytes, service1).document
        let through608 = try read(written.bytes, Self.options()).document
        let window = try #require(through708.captions.first?.region?.origin)
        #expect(window.y == .percent(63.6))
        #expect(window.x == .percent(48.4))
        // 608 row 11 (zero-based 10) is the one that 63.6 % of the picture falls in, rounded to
        // the nearest fifteenth: 0.636 × 15 = 9.54.
        let row = try #require(through608.captions.first?.region?.origin?.y)
        #expect(row == .cells(10))
        // Read back through service 1 and written again: the same file.
        #expect(try write(through708, Self.options()).bytes == written.bytes)
    }
}
