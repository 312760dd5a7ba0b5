import CaptionCore
import Testing

@testable import WebVTT

/// TTML's regions shown with no caption in them (TTML1 §8.2.17): WebVTT's regions have no fill,
/// so the writer warns rather than dropping them silently.
@Suite struct WebVTTDocumentLossTests {
    @Test func regionBackdropsAreReportedAsLost() throws {
        let one = MediaTime(value: 1, timescale: 1)
        var document = CaptionDocument(captions: [
            Caption(runs: [CaptionRun("a")], timeRange: TimeRange(start: .zero, end: one))
        ])
        #expect(try WebVTTWriter().write(document).diagnostics.filter { $0.severity >= .warning }.isEmpty)
        document.regionBackdrops = [
            CaptionRegionBackdrop(
                region: CaptionRegion(identifier: "band", background: .black),
                timeRange: TimeRange(start: .zero, end: one))
        ]
        let messages = try WebVTTWriter().write(document).diagnostics.filter { $0.severity == .warning }.map(\.message)
        #expect(messages == ["WebVTT cannot carry regions shown with no caption in them (1): left out"])
    }

    /// WebVTT's `<ruby>` is drawn over its base (CSS's initial ruby-position, WebVTT §7.4) and
    /// read back centred: ruby after its base, an `outside` ruby on a later line (after there,
    /// TTML2 §10.2.39) and another alignment are warned about; the rest reads back the same.
    @Test func rubyAfterItsBaseOrNotCentredIsReported() throws {
        func caption(_ seconds: Int64, _ runs: [CaptionRun]) -> Caption {
            Caption(
                runs: runs,
                timeRange: TimeRange(
                    start: MediaTime(value: seconds, timescale: 1), end: MediaTime(value: seconds + 1, timescale: 1)))
        }
        func ruby(_ base: String, _ position: CaptionRuby.Position, _ alignment: CaptionRuby.Alignment = .center)
            -> CaptionRun
        {
            CaptionRun(
                base, style: CaptionTextStyle(ruby: CaptionRuby(text: "る", position: position, alignment: alignment)))
        }
        let kept = CaptionDocument(captions: [
            caption(0, [ruby("前", .before)]),
            caption(1, [ruby("外", .outside), CaptionRun("\n二行目")]),
        ])
        let written = try WebVTTWriter().write(kept)
        #expect(written.diagnostics.filter { $0.severity >= .warning }.isEmpty, "\(written.diagnostics)")
        let back = try WebVTTReader().read(written.bytes).document.captions
        #expect(back.flatMap(\.runs).compactMap(\.style.ruby?.position) == [.before, .before])

        let lost = CaptionDocument(captions: [
            caption(0, [ruby("後", .after)]),
            caption(1, [CaptionRun("一行目\n"), ruby("外", .outside)]),
            caption(2, [ruby("端", .before, .start)]),
        ])
        let messages = try WebVTTWriter().write(lost).diagnostics.filter { $0.severity == .warning }.map(\.message)
        #expect(
            messages == [
                "WebVTT cannot carry ruby after its base text (WebVTT draws ruby before it): dropped from captions 1, 2",
                "WebVTT cannot carry ruby alignment other than centred: dropped from caption 3",
            ], "\(messages)")
    }
}
