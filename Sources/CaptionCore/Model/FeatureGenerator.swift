/// A deterministic generator of large caption documents for benchmarks and tests: a feature of
/// pop-on captions, 1–2 lines of at most 32 characters, 2–4 s each, on the 29.97 fps frame grid.
/// The same seed and duration always give the same document.
public struct FeatureGenerator: Sendable {
    public var seed: UInt64
    public var rate: FrameRate

    public init(seed: UInt64 = 1, rate: FrameRate = .fps29_97) {
        self.seed = seed
        self.rate = rate
    }

    /// About 15 captions per minute: 1,800 for a two-hour feature.
    public func document(minutes: Int) -> CaptionDocument {
        var random = SplitMix64(seed: seed)
        let words = Self.words
        var captions: [Caption] = []
        let count = minutes * 15
        captions.reserveCapacity(count)
        // Each caption gets a 4 s slot; it shows for 2–4 s starting on a frame in the slot,
        // leaving at least a few frames between captions.
        let slotFrames = Int64(4 * rate.nominal)
        for i in 0..<count {
            let durationFrames = Int64(2 * rate.nominal) + Int64(random.next(below: UInt64(rate.nominal * 2 - 10)))
            let startFrame = Int64(i) * slotFrames + Int64(rate.nominal) + Int64(random.next(below: 4))
            let lineCount = random.next(below: 3) == 0 ? 1 : 2
            var lines: [String] = []
            for _ in 0..<lineCount {
                var line = ""
                let target = 12 + Int(random.next(below: 21))
                while true {
                    let w = words[Int(random.next(below: UInt64(words.count)))]
                    let candidate = line.isEmpty ? w : line + " " + w
                    if candidate.count > target || candidate.count > 32 { break }
                    line = candidate
                }
                if line.isEmpty { line = words[0] }
                lines.append(line)
            }
            var style = CaptionTextStyle.plain
            if random.next(below: 10) == 0 { style.italic = true }
            let row = 15 - lineCount
            // Indented by 4 columns when the widest line allows it (the grid has 32).
            let widest = lines.map(\.count).max() ?? 0
            let column = min(4, 32 - widest)
            captions.append(
                Caption(
                    runs: [CaptionRun(lines.joined(separator: "\n"), style: style)],
                    timeRange: TimeRange(
                        start: rate.time(ofFrame: startFrame), end: rate.time(ofFrame: startFrame + durationFrames)),
                    region: .cells(row: row, column: column, rows: lineCount, columns: widest)))
        }
        return CaptionDocument(
            captions: captions, language: "en-US", frameRate: rate, dropFrame: rate.supportsDropFrame,
            metadata: ["title": "Generated feature (seed \(seed), \(minutes) min)"])
    }

    static let words = [
        "the", "night", "was", "cold", "and", "quiet", "when", "she", "left", "harbour", "we",
        "never", "knew", "what", "they", "wanted", "from", "us", "listen", "to", "me", "now",
        "there", "is", "no", "time", "left", "for", "that", "come", "on", "move", "I", "can't",
        "believe", "you", "did", "this", "where", "are", "going", "tomorrow", "morning", "train",
        "station", "keep", "your", "voice", "down", "they'll", "hear", "us", "[door slams]",
        "(laughing)", "okay", "fine", "please", "wait", "here", "don't", "worry", "about", "it",
    ]
}

/// A small, fast, deterministic pseudo-random generator (SplitMix64).
public struct SplitMix64: Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (bound > 0).
    public mutating func next(below bound: UInt64) -> UInt64 {
        bound == 0 ? 0 : next() % bound
    }
}
