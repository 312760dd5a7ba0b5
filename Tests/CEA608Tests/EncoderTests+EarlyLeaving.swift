import CEA608
import CaptionCore
import Testing

/// A caption that leaves the screen before its end is reported at the frame it leaves, with
/// what takes it off: an EDM that ends another caption, the next line rolling the window, or
/// the next caption replacing it.
extension EncoderTests {
    /// Frame `frame` at 29.97 fps (1001/30000 s a frame).
    static func time(ofFrame frame: Int64) -> MediaTime { MediaTime(value: frame * 1001, timescale: 30000) }

    /// The first finding of `rule` when `captions` are encoded at 29.97 fps.
    static func finding(_ rule: String, _ captions: [Caption]) throws -> Diagnostic {
        let encoded = CEA608Encoder(channel: .cc1).transmissionPlans(for: captions, rate: rate)
        return try #require(encoded.diagnostics.first { $0.ruleID == rule }, "\(encoded.diagnostics)")
    }

    @Test func aCaptionErasedWithAnotherIsReportedWhereTheEDMIs() throws {
        // RU2 "one" (30–90) and "two" (70–80); "three" from 100. "two", below "one", leaves
        // first: no CR takes it alone, and the EDM at 80 that ends it erases "one" too, 10
        // frames before its end.
        let captions = [
            Self.line("one", 30, 90),
            Self.line("two", 70, 80),
            Self.line("three", 100, 1000),
        ]
        let early = try Self.finding("608.overlap", captions)
        #expect(
            early.message
                == "caption 1 leaves the screen 10 frame(s) early, when the EDM that ends caption 2 erases the screen "
                + "(an EDM erases every caption shown)")
        #expect(early.location.time == Self.time(ofFrame: 80))
        #expect(early.suggestedFix == "end the captions shown together at the same frame")
    }

    @Test func aLineRolledOutOfTheWindowIsReportedAtTheCR() throws {
        // A two-row window: "three" at 200 rolls "one" (meant to stay until 300) out with its CR.
        let captions = [
            Self.line("one", 100, 300),
            Self.line("two", 150, 300),
            Self.line("three", 200, 300),
        ]
        let early = try Self.finding("608.overlap", captions)
        #expect(
            early.message
                == "caption 1 leaves the screen 100 frame(s) early, when the next line rolls it out of the 2-row "
                + "roll-up window")
        #expect(early.location.time == Self.time(ofFrame: 200))
    }

    @Test func aCaptionKeptForTheWordsOfTheNextIsReportedAtItsEnd() throws {
        // As in anEDMWaitsForTheWordsOfTheNewestCaptionItErases: "one" (100–200) stays until
        // 213, while the words of "three" are sent; the finding is at its end, frame 200.
        let late = try Self.finding("608.late-end", Self.leavingTogether)
        #expect(late.location.time == Self.time(ofFrame: 200))
    }
}

extension EncoderTests {
    @Test func aCaptionErasedBeforeTheNextIsReportedAtThatEDM() throws {
        // RU3, "one" ending two frames before "three": too close to it for a CR of its own, and
        // on the middle row of the window, where the CR of "three" does not roll it out. The
        // EDM that opens a new window for "three" goes in the two frames before its start (198)
        // and takes "two", meant to stay until 300.
        let captions = [
            Self.line3("one", 100, 198),
            Self.line3("two", 150, 300),
            Self.line3("three", 200, 300),
        ]
        let early = try Self.finding("608.overlap", captions)
        #expect(
            early.message
                == "caption 2 leaves the screen 102 frame(s) early, when the EDM before the next caption erases the "
                + "screen (an EDM erases every caption shown)")
        #expect(early.location.time == Self.time(ofFrame: 198))
    }
}
