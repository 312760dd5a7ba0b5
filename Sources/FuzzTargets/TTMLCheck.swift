import CaptionCore
import CaptionKit
import ITT

/// TTML documents of every profile through the registry's `ttml` reader and writer
/// (``CaptionRoundTrip``, every change warned). What is read in a profile the writer writes
/// (``TTMLProfile/writable``) is written back in that profile, so that each profile's writer is
/// fuzzed (a mutated designator switches the profile); any other document is written in the
/// format's default, IMSC 1.1 Text. Specs/ttml.md, "Writers".
enum TTMLCheck {
    static let format: CaptionFormat? = {
        guard let ttml = try? CaptionFormatRegistry.standard.format(named: "ttml"), let writer = ttml.writer else {
            return nil
        }
        return CaptionFormat(
            name: ttml.name, title: ttml.title, extensions: ttml.extensions, probe: ttml.probe, reader: ttml.reader,
            writer: { document, options in
                var options = options
                if let profile = profileRead(document) {
                    options.settings[TTMLProfile.profileSetting] = profile.rawValue
                }
                return try writer(document, options)
            })
    }()

    /// The profile `document` was read in, when the writer writes it.
    static func profileRead(_ document: CaptionDocument) -> TTMLProfile? {
        guard let raw = document.metadata[TTMLProfile.metadataKey], let profile = TTMLProfile(rawValue: raw),
            TTMLProfile.writable.contains(profile)
        else { return nil }
        return profile
    }

    static func check(_ bytes: [UInt8]) throws(FuzzFinding) {
        guard let format else { throw FuzzFinding("no format \"ttml\" is registered") }
        try CaptionRoundTrip.check(bytes, format: format, reportsEveryChange: true, documented: documented)
    }

    /// What the TTML writer changes by design, without a warning (Specs/ttml.md, "What each
    /// profile writes"): iTT's (``ITTDocumentedChanges``); for the others, times in the media
    /// time base to the millisecond, regions in cells as percent of the cell grid and each under
    /// the id it is defined with (``TTMLWriter/regionsAsWritten(in:)``, the backdrops' too, timed
    /// to the millisecond), the frame rate
    /// written only where the profile has it, the profile written declared, the metadata the
    /// profile has no place for left out (an info finding, `ttml.metadata`), and in EBU-TT-D font
    /// sizes in cells written in percent (EBU Tech 3380 §4.5: 1c is 100 %); in every profile, line
    /// heights in cells written in percent.
    @Sendable static func documented(_ read: CaptionDocument, _ reread: CaptionDocument) -> CaptionDocument {
        let profile = profileRead(read) ?? .imsc11Text
        if profile == .itt { return ITTDocumentedChanges.apply(read, reread) }
        let writer = TTMLWriter(profile: profile)
        var expected = read
        let regions = writer.regionsAsWritten(in: read)
        for i in expected.captions.indices {
            expected.captions[i].region = regions[i]
            let range = expected.captions[i].timeRange
            expected.captions[i].timeRange = TimeRange(start: milliseconds(range.start), end: milliseconds(range.end))
            // Line heights in cells are written as the percentage they are (Specs/ttml.md).
            if let h = expected.captions[i].lineHeight, h.unit == .cells {
                expected.captions[i].lineHeight = .percent(h.value * 100)
            }
            if profile == .ebuttD {
                for j in expected.captions[i].runs.indices {
                    guard let size = expected.captions[i].runs[j].style.fontSize, size.unit == .cells else { continue }
                    expected.captions[i].runs[j].style.fontSize = .percent(size.value * 100)
                }
            }
        }
        // Backdrops as their regions are written, timed to the millisecond (+infinity stays).
        for (i, region) in writer.backdropRegionsAsWritten(in: read).enumerated() {
            expected.regionBackdrops[i].region = region
            let range = expected.regionBackdrops[i].timeRange
            expected.regionBackdrops[i].timeRange = TimeRange(
                start: milliseconds(range.start), end: milliseconds(range.end))
        }
        expected.timeBase = .media
        if read.frameRate == nil || profile == .ebuttD { expected.frameRate = reread.frameRate }
        expected.dropFrame = reread.dropFrame
        expected.metadata = read.metadata.filter { key, _ in profile.holdsMetadata(key) }
        expected.metadata[TTMLProfile.metadataKey] = profile.rawValue
        return expected
    }

    /// `time` to the nearest millisecond (half away from zero), as the clock times are written.
    static func milliseconds(_ time: MediaTime) -> MediaTime {
        guard time.isNumeric, time.timescale > 0 else { return time }
        let scale = Int64(time.timescale)
        let (scaled, overflow) = time.value.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return time }
        return MediaTime(value: (scaled + scale / 2) / scale, timescale: 1000)
    }
}
