import CaptionData
import CEA608
import CaptionCore

/// CEA-608 byte pairs on a movie's timeline, as a `c608` track or the video's A/53 `cc_data`
/// carries them: each pair with its field and the movie time of the frame that carries it.
public struct CEA608Transmission: Sendable {
    /// One pair as received.
    public struct TimedPair: Sendable, Hashable {
        /// Movie time of the frame that carries it.
        public var time: MediaTime
        public var field: CaptionField
        public var pair: CEA608BytePair

        public init(time: MediaTime, field: CaptionField, pair: CEA608BytePair) {
            self.time = time
            self.field = field
            self.pair = pair
        }
    }

    /// The pairs in the order a decoder receives them (presentation order).
    public var pairs: [TimedPair]

    public init(pairs: [TimedPair] = []) { self.pairs = pairs }

    /// The words of `field` on frames at `rate` (line 21's 29.97 fps as a rule), in order, none
    /// left out: each picture's first pair of the field on the first frame whose pair of that
    /// field is sent at or after the picture's time (field 2 half a frame after field 1, as line
    /// 21 of the second field is, ``CEA608FrameSchedule/firstFrame(_:sentAtOrAfter:rate:)``),
    /// or on the frame after the field's previous word when that one is taken; a picture's
    /// further pairs of the field on the frames after. This inverts how pictures at any rate
    /// carry the 29.97 fps pairs (``CEA608FrameSchedule/slots(from:to:)``): at 29.97 fps each
    /// picture's own frame; at 59.94 field 1 from even pictures and field 2 from odd ones; at
    /// 23.976 the 3:2 sequence of five frames over four pictures, each field on its own frames.
    /// A time up to a sixteenth of a frame early (containers that keep milliseconds) counts as
    /// on time.
    ///
    /// Padding words start a line of their own in an SCC file (``ScheduledWord/changesScreen``),
    /// as do data words after padding, so that long runs of filler do not bury the data; every
    /// word keeps its frame.
    public func words(_ field: CaptionField, rate: FrameRate) -> [ScheduledWord] {
        var words: [ScheduledWord] = []
        var previous: Int64?
        var previousPadding = true
        var lineLength = 0
        let tolerance = (try? rate.frameDuration.checkedMultiplying(by: 1, dividingBy: 16)) ?? .zero
        for p in pairs where p.field == field {
            guard
                var frame = CEA608FrameSchedule.firstFrame(field, sentAtOrAfter: p.time - tolerance, rate: rate)
            else { continue }
            if let previous, frame <= previous {
                guard previous < .max else { continue }
                frame = previous + 1
            }
            let padding = p.pair.isPadding
            // A new SCC line where filler turns into data or back, and every 32 words (an SCC
            // line of more is hard to read; the frames are the same either way).
            let breaks = padding != previousPadding || lineLength >= 32 || frame != (previous ?? frame - 1) + 1
            lineLength = breaks ? 1 : lineLength + 1
            words.append(ScheduledWord(frame: frame, word: p.pair.word, changesScreen: breaks))
            previous = frame
            previousPadding = padding
        }
        return words
    }

    /// The caption channels (1–4) that carry at least one control code, which is how a channel
    /// announces itself (47 CFR 15.119(c); characters belong to the last channel addressed).
    public var channels: [Int] {
        var found = Set<Int>()
        for p in pairs {
            guard let first = Parity.strippingParity(p.pair.first), let second = Parity.strippingParity(p.pair.second),
                let code = CaptionChannel.normalize(first: first, second: second),
                // 0x20–0x7F second bytes: PACs, mid-row and miscellaneous codes, not XDS (field 2
                // 0x01–0x0F first bytes are not control codes and never get here).
                second >= 0x20,
                let channel = CaptionChannel(field: p.field.rawValue, dataChannel: code.dataChannel)
            else { continue }
            found.insert(channel.rawValue)
            if found.count == 4 { break }
        }
        return found.sorted()
    }

    /// How many pairs each field holds that are not filler.
    public func dataPairCount(_ field: CaptionField) -> Int {
        pairs.reduce(0) { $0 + ($1.field == field && !$1.pair.isPadding ? 1 : 0) }
    }
}
