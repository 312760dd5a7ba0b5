import CEA608
import CaptionCore

// The scan → decode loop shared by SCCReader and SCCDisassembler, so both decide the same way
// whether a file carries parity bits (47 CFR 15.119(b), now 47 CFR 79.101; Specs/scc.md).

/// One reading of an SCC file's words through the CEA-608 decoder.
struct SCCDecodingPass {
    let options: CaptionFormatOptions
    let rate: FrameRate
    /// The media time of an absolute frame (the start timecode is media time zero).
    let time: @Sendable (Int64) -> MediaTime
    /// The frame of media time zero.
    let startFrame: Int64
    var scanner: SCCScanner
    var decoder: CEA608Decoder
    /// What the decoder noticed, with the word it was about; located only when asked for, as a
    /// reading of a file without parity bits is thrown away with a finding for most words.
    private var unlocated: [(step: CEA608DecodeStep, word: SCCWord)] = []
    /// What the decoder noticed, each located by line, column, timecode and time.
    var decoderDiagnostics: [Diagnostic] {
        unlocated.compactMap { step, word in
            guard var located = step.diagnostic else { return nil }
            located.location = DiagnosticLocation(
                file: options.fileName, line: word.line, column: word.column,
                timecode: SCCReader.label(word.frame, rate: rate, dropFrame: word.dropFrame), time: time(word.frame))
            return located
        }
    }
    /// Findings of the decoder past ``run(_:findingLimit:_:)``'s limit, not kept.
    var droppedFindings = 0
    /// Pairs that failed the odd parity check.
    var parityErrors = 0
    /// Pairs that were not padding.
    var dataWords = 0

    /// What the options needed saying (a start timecode read as meant).
    private(set) var optionNotes: [Diagnostic] = []

    init(options: CaptionFormatOptions, rate: FrameRate, checksParity: Bool, dropFrame: Bool)
        throws(CaptionFormatError)
    {
        self.options = options
        self.rate = rate
        let start = try SCCOptionValues.startFrame(
            options, rate: rate, dropFrame: dropFrame, failing: .unreadable,
            at: DiagnosticLocation(file: options.fileName))
        let offset = start.frame
        startFrame = offset
        if let note = start.note { optionNotes.append(note) }
        time = { frame in rate.time(ofFrame: frame - offset) }
        scanner = SCCScanner(rate: rate, strict: options.strict, fileName: options.fileName)
        decoder = CEA608Decoder(
            channel: try SCCOptionValues.channel(options, failing: .unreadable), checksParity: checksParity)
    }

    /// Decodes every word, calling `body` with the word, its step and the decoder after it.
    ///
    /// The decoder is lent `inout` only so that it is not copied for every word (a copy retains
    /// each of its buffers); `body` reads it and must not change it.
    ///
    /// At most `findingLimit` of the decoder's findings are kept (the rest are counted in
    /// ``droppedFindings``), and as many of the scanner's (counted in its own), so a pass over a
    /// damaged file of any size needs bounded memory.
    mutating func run(
        _ bytes: [UInt8], findingLimit: Int = .max, _ body: (SCCWord, CEA608DecodeStep, inout CEA608Decoder) -> Void
    ) throws(CaptionFormatError) {
        scanner.findingLimit = findingLimit
        // Locals, not properties, inside the scanner's closure (it cannot capture `self` inout).
        var decoder = self.decoder
        var unlocated: [(step: CEA608DecodeStep, word: SCCWord)] = []
        var parityErrors = 0
        var dataWords = 0
        var dropped = 0
        try scanner.scan(bytes) { word in
            let step = decoder.decode(word.first, word.second, frame: word.frame)
            if step.failedParity {
                parityErrors += 1
                dataWords += 1
            } else if step.code != .padding {
                dataWords += 1
            }
            if step.hasDiagnostic {
                if unlocated.count < findingLimit { unlocated.append((step, word)) } else { dropped += 1 }
            }
            body(word, step, &decoder)
        }
        self.droppedFindings = dropped
        self.decoder = decoder
        self.unlocated = unlocated
        self.parityErrors = parityErrors
        self.dataWords = dataWords
    }

    /// Decodes the file once to decide about parity (as ``decode(_:options:rate:initial:_:)``
    /// does, keeping nothing), then again, calling `body` for every word as it is decoded: for
    /// `captions scc dump`, which prints as it goes and so needs the decision first. The second
    /// pass keeps at most `findingLimit` findings.
    static func stream(
        _ bytes: [UInt8], options: CaptionFormatOptions, rate: FrameRate, findingLimit: Int,
        _ body: (SCCWord, CEA608DecodeStep, inout CEA608Decoder) -> Void
    ) throws(CaptionFormatError) -> (pass: SCCDecodingPass, notes: [Diagnostic]) {
        let dropFrame = SCCScanner.firstLabelDropFrame(in: bytes) ?? rate.supportsDropFrame
        var probe = try SCCDecodingPass(options: options, rate: rate, checksParity: true, dropFrame: dropFrame)
        if !options.strict, probe.decoder.channel.field == 1 {
            (probe.parityErrors, probe.dataWords) = try countParity(bytes, options: options, rate: rate)
        } else {
            try probe.run(bytes, findingLimit: 0) { _, _, _ in }
        }
        let withoutParity = !options.strict && ignoresParity(failed: probe.parityErrors, of: probe.dataWords)
        var pass = try SCCDecodingPass(
            options: options, rate: rate, checksParity: !withoutParity, dropFrame: dropFrame)
        try pass.run(bytes, findingLimit: findingLimit, body)
        var notes = pass.optionNotes
        if withoutParity {
            notes.append(noParityNote(failed: probe.parityErrors, of: probe.dataWords, options: options))
        }
        return (pass, notes)
    }

    /// Whether a lenient reading ignores parity: more than a quarter of the data pairs fail it.
    static func ignoresParity(failed: Int, of words: Int) -> Bool {
        failed > 0 && failed * 4 > words
    }

    /// The pairs that fail parity and the data pairs (not padding) of a file read as field 1,
    /// counted as a decoder checking parity counts them (CEA608Decoder.parityCount), without
    /// decoding.
    private static func countParity(_ bytes: [UInt8], options: CaptionFormatOptions, rate: FrameRate)
        throws(CaptionFormatError) -> (failed: Int, words: Int)
    {
        var scanner = SCCScanner(rate: rate, strict: options.strict, fileName: options.fileName)
        scanner.findingLimit = 0
        var failed = 0
        var words = 0
        try scanner.scan(bytes) { word in
            let count = CEA608Decoder.parityCount(word.first, word.second)
            if count.failed { failed += 1 }
            if count.data { words += 1 }
        }
        return (failed, words)
    }

    /// `scc.no-parity`: most pairs fail the check, so parity was ignored.
    static func noParityNote(failed: Int, of words: Int, options: CaptionFormatOptions) -> Diagnostic {
        Diagnostic(
            .warning, "scc.no-parity",
            "\(failed) of \(words) byte pairs fail the odd parity check: the file seems to be written without parity bits, so parity was ignored",
            at: DiagnosticLocation(file: options.fileName),
            suggestedFix: "write each byte with odd parity (bit 7), as 47 CFR 15.119(b) requires")
    }

    /// Decodes the file with parity checks on, or off when the file seems to be written without
    /// parity bits: in field 1 counted before decoding, in field 2 (whose XDS packets make the
    /// count depend on the decoder's state) by decoding with checks on and again with them off;
    /// `state` starts afresh from `initial` on each reading.
    ///
    /// - Returns: the pass used, the state `body` built in it, and the `scc.no-parity` note when
    ///   parity was ignored.
    static func decode<State>(
        _ bytes: [UInt8], options: CaptionFormatOptions, rate: FrameRate, initial: (SCCDecodingPass) -> State,
        _ body: (inout State, SCCWord, CEA608DecodeStep, inout CEA608Decoder) -> Void
    ) throws(CaptionFormatError) -> (pass: SCCDecodingPass, state: State, notes: [Diagnostic]) {
        // The start timecode counts as the file's labels do (the first one's separator).
        let dropFrame = SCCScanner.firstLabelDropFrame(in: bytes) ?? rate.supportsDropFrame
        var pass = try SCCDecodingPass(options: options, rate: rate, checksParity: true, dropFrame: dropFrame)
        if !options.strict, pass.decoder.channel.field == 1 {
            // In field 1 the pairs that fail parity and the data pairs follow from the bytes
            // alone (CEA608Decoder.parityCount): counted first, the file is decoded once.
            let (failed, words) = try countParity(bytes, options: options, rate: rate)
            guard ignoresParity(failed: failed, of: words) else {
                var state = initial(pass)
                try pass.run(bytes) { body(&state, $0, $1, &$2) }
                return (pass, state, pass.optionNotes)
            }
            pass = try SCCDecodingPass(options: options, rate: rate, checksParity: false, dropFrame: dropFrame)
            var state = initial(pass)
            try pass.run(bytes) { body(&state, $0, $1, &$2) }
            return (pass, state, pass.optionNotes + [noParityNote(failed: failed, of: words, options: options)])
        }
        var state = initial(pass)
        try pass.run(bytes) { body(&state, $0, $1, &$2) }
        // Some files are written without parity bits (bit 7 always clear); dropping every pair
        // that fails the check (15.119(b)) would lose most of their text. When parity fails on
        // more than a quarter of the pairs, lenient reading reads the file again without it.
        guard !options.strict && ignoresParity(failed: pass.parityErrors, of: pass.dataWords) else {
            return (pass, state, pass.optionNotes)
        }
        let failed = pass.parityErrors
        let words = pass.dataWords
        pass = try SCCDecodingPass(options: options, rate: rate, checksParity: false, dropFrame: dropFrame)
        state = initial(pass)
        try pass.run(bytes) { body(&state, $0, $1, &$2) }
        return (pass, state, pass.optionNotes + [noParityNote(failed: failed, of: words, options: options)])
    }
}
