import CEA608
import CaptionCore
import SCC
import Testing

/// model → SCC → model: what the writer sends, the reader must give back to the frame.
@Suite struct WriterRoundTripTests {
    /// A caption as the round trip must keep it: frames, place, mode, text and the style of
    /// every character that is not a space (a space's colour, italics and flash do not show, and
    /// the writer may put an attribute code in its cell).
    struct Summary: Equatable, CustomStringConvertible {
        var start: Int64
        var end: Int64
        var origin: String
        var scroll: CaptionRegion.Scroll
        var animation: CaptionAnimation
        var text: String
        var styles: [String]

        init(_ caption: Caption, rate: FrameRate) {
            start = rate.frame(at: caption.timeRange.start, rounding: .nearestOrAwayFromZero) ?? -1
            end = rate.frame(at: caption.timeRange.end, rounding: .nearestOrAwayFromZero) ?? -1
            origin = caption.region?.origin.map { "\($0.x),\($0.y)" } ?? "none"
            scroll = caption.region?.scroll ?? CaptionRegion.Scroll.none
            animation = caption.animation
            text = caption.text
            styles = caption.runs.flatMap { run in
                run.text.filter { $0 != " " && $0 != "\n" }.map { character in
                    let s = run.style
                    return "\(character):\(s.textColor?.description ?? "-")/\(s.backgroundColor?.description ?? "-")"
                        + "\(s.italic ? "/i" : "")\(s.underline ? "/u" : "")\(s.flash ? "/f" : "")"
                }
            }
        }

        var description: String {
            "[\(start)–\(end)) \(origin) \(scroll) \(animation) \(text.debugDescription) \(styles)"
        }
    }

    static func roundTrip(_ document: CaptionDocument, options: CaptionFormatOptions = CaptionFormatOptions())
        throws -> (written: String, read: [Caption], writeDiagnostics: [Diagnostic])
    {
        let written = try SCCWriter(options: options).write(document)
        let read = try SCCReader(options: options).read(written.bytes)
        return (String(decoding: written.bytes, as: UTF8.self), read.document.captions, written.diagnostics)
    }

    static func compare(_ expected: [Caption], _ actual: [Caption], rate: FrameRate) {
        let want = expected.map { Summary($0, rate: rate) }.sorted { ($0.start, $0.origin) < ($1.start, $1.origin) }
        let got = actual.map { Summary($0, rate: rate) }.sorted { ($0.start, $0.origin) < ($1.start, $1.origin) }
        #expect(want.count == got.count)
        for (a, b) in zip(want, got) where a != b {
            Issue.record("expected \(a)\n     got \(b)")
        }
    }

    @Test func everyStylePositionModeAndCharacterRoundTrips() throws {
        let document = WriterTestDocuments.everything()
        let result = try Self.roundTrip(document)
        // The generated document needs no change: every diagnostic would be a defect here.
        #expect(result.writeDiagnostics.isEmpty, "\(result.writeDiagnostics)")
        Self.compare(document.captions, result.read, rate: WriterTestDocuments.rate)
    }

    @Test func paintOnRowsComeBackFromTheirOwnPACs() throws {
        // A two-row paint-on caption, magenta at column 7 of rows 2 and 3, frames 300–400. The
        // writer paints row 2 from the start frame, then row 3 after its PAC (row 3, indent 4:
        // 0x12 0x52, with parity 9252). A decoder shows each character as it arrives
        // (15.119(f)(3)), so the reader gives each row from the PAC that starts it, both ending
        // together at the EDM. The frame of 9252 is counted here from the written text.
        let rate = WriterTestDocuments.rate
        var caption = WriterTestDocuments.popOn(
            [CaptionRun("paint two\nsecond row", style: CaptionTextStyle(textColor: .magenta))], row: 1, column: 7,
            lines: 2, start: 300, end: 400)
        caption.animation = .characterReveal
        let options = CaptionFormatOptions(dropFrame: false)
        let result = try Self.roundTrip(CaptionDocument(captions: [caption]), options: options)
        var secondPAC: Int64?
        for line in result.written.split(separator: "\n") where line.contains("\t") {
            let parts = line.split(separator: "\t")
            let label = parts[0].split(separator: ":").compactMap { Int64($0) }
            let first = ((label[0] * 60 + label[1]) * 60 + label[2]) * 30 + label[3]
            for (offset, word) in parts[1].split(separator: " ").enumerated() where word == "9252" && secondPAC == nil {
                secondPAC = first + Int64(offset)
            }
        }
        let pac = try #require(secondPAC)
        #expect(pac > 300 && pac < 330)
        let read = result.read.map { Summary($0, rate: rate) }
        #expect(read.map(\.text) == ["paint two", "second row"])
        #expect(read.map(\.start) == [300, pac])
        #expect(read.map(\.end) == [400, 400])
    }

    /// The generated document really covers what the round trip claims.
    @Test func generatedDocumentCoversEverything() {
        let captions = WriterTestDocuments.everything().captions
        var rows = Set<Int>()
        var columns = Set<Int>()
        var characters = Set<Character>()
        var foregrounds = Set<CaptionColor?>()
        var backgrounds = Set<CaptionColor?>()
        var flags = Set<String>()
        var modes = Set<String>()
        for caption in captions {
            if let origin = caption.region?.origin {
                rows.insert(Int(origin.y.value))
                columns.insert(Int(origin.x.value))
            }
            switch caption.region?.scroll {
            case .rollUp(let n): modes.insert("roll-up \(n)")
            default: modes.insert(caption.animation == .characterReveal ? "paint-on" : "pop-on")
            }
            for run in caption.runs {
                characters.formUnion(run.text.filter { $0 != "\n" })
                foregrounds.insert(run.style.textColor)
                backgrounds.insert(run.style.backgroundColor)
                if run.style.italic { flags.insert("italic") }
                if run.style.underline { flags.insert("underline") }
                if run.style.flash { flags.insert("flash") }
            }
        }
        #expect(rows == Set(Array(0..<15)))
        #expect(columns == Set(Array(0..<32)))
        #expect(Set(CEA608CharacterSet.entries.map(\.character)).isSubset(of: characters))
        #expect(foregrounds.count == 8 && backgrounds.count == 17)
        #expect(flags == ["italic", "underline", "flash"])
        #expect(modes == ["pop-on", "paint-on", "roll-up 2", "roll-up 3", "roll-up 4"])
    }

    /// An extended character in paint-on: the writer sends its fallback, then the character,
    /// which replaces the fallback (CEA-608-B §6.4.2); the reader keeps one growing caption.
    @Test func paintOnExtendedCharactersStayOneCaption() throws {
        var caption = WriterTestDocuments.popOn(
            [CaptionRun("Ünïcödé")], row: 9, column: 4, start: 90, end: 160)
        caption.animation = .characterReveal
        let document = CaptionDocument(captions: [caption], frameRate: WriterTestDocuments.rate)
        let result = try Self.roundTrip(document)
        Self.compare(document.captions, result.read, rate: WriterTestDocuments.rate)
    }

    @Test(arguments: [1, 2, 3, 4]) func everyChannelRoundTrips(channel: Int) throws {
        let made = WriterTestDocuments.positions(from: 90)
        let document = CaptionDocument(captions: made.captions, frameRate: WriterTestDocuments.rate)
        let result = try Self.roundTrip(document, options: CaptionFormatOptions(channel: channel))
        Self.compare(document.captions, result.read, rate: WriterTestDocuments.rate)
    }

    @Test func startTimecodeMapsMediaZero() throws {
        let made = WriterTestDocuments.characters(from: 90)
        let document = CaptionDocument(captions: made.captions, frameRate: WriterTestDocuments.rate)
        let options = CaptionFormatOptions(startTimecode: "01:00:00;00")
        let result = try Self.roundTrip(document, options: options)
        // Frame 90 − 8 words of preload… the first line's label is in the first hour.
        #expect(result.written.contains("\n01:00:0"))
        #expect(!result.written.contains("\n00:"))
        Self.compare(document.captions, result.read, rate: WriterTestDocuments.rate)
    }
}
