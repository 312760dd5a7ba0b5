import CaptionCore

/// A parsed WebVTT file turned into a caption document (Specs/webvtt.md, "Reading"): what the
/// WebVTT reader does with a `.vtt` file, and what a WebVTT track of a movie (ISO/IEC 14496-30,
/// CaptionTracks) does with the cues it put back together from its samples.
public struct WebVTTDocumentMapping: Sendable {
    public var file: WebVTTFile
    public var fileName: String?
    /// The time of `milliseconds` on cue `index`'s (0-based) WebVTT timeline, when it is not that
    /// many milliseconds from zero: a movie's cue times are exact in the track's timescale, and
    /// its timestamp tags count from the cue's start. Nil for a `.vtt` file.
    public var time: (@Sendable (_ index: Int, _ milliseconds: Int64) -> MediaTime)?
    /// Where cue `index` (0-based) is, for findings about it: its line in the file when nil.
    public var locate: (@Sendable (_ index: Int) -> DiagnosticLocation)?

    public init(
        file: WebVTTFile, fileName: String?,
        time: (@Sendable (_ index: Int, _ milliseconds: Int64) -> MediaTime)? = nil,
        locate: (@Sendable (_ index: Int) -> DiagnosticLocation)? = nil
    ) {
        self.file = file
        self.fileName = fileName
        self.time = time
        self.locate = locate
    }

    /// Losses found on the way, by kind: the cues (1-based) they touched.
    private struct Losses {
        var voices: [Int] = []
        var languages: [Int] = []
        var classes: [Int] = []
        var classNames: Set<String> = []
        var verticalLR: [Int] = []
        var badTimestamps: [Int] = []
        var endBeforeStart: [Int] = []
    }

    /// The document, and what the model cannot hold, reported once per kind into `notes`.
    public func document(notes: inout [Diagnostic]) -> CaptionDocument {
        var captions: [Caption] = []
        captions.reserveCapacity(file.cues.count)
        var losses = Losses()
        let regions = file.regions.map(WebVTTPlacement.region(for:))
        for (number, cue) in zip(1..., file.cues) {
            let built = WebVTTRunBuilder.build(WebVTTCueTextParser.parse(cue.text))
            if !built.voices.isEmpty { losses.voices.append(number) }
            if !built.languages.isEmpty { losses.languages.append(number) }
            if !built.otherClasses.isEmpty {
                losses.classes.append(number)
                losses.classNames.formUnion(built.otherClasses)
            }
            if cue.vertical == .growingRight { losses.verticalLR.append(number) }
            if cue.endMilliseconds < cue.startMilliseconds { losses.endBeforeStart.append(number) }
            let region = cue.region.map { regions[$0] } ?? WebVTTPlacement.region(for: cue)
            let base = Caption(
                id: cue.identifier.isEmpty ? nil : cue.identifier, runs: built.runs,
                timeRange: TimeRange(
                    start: time(number - 1, cue.startMilliseconds), end: time(number - 1, cue.endMilliseconds)),
                region: region, textAlignment: WebVTTPlacement.textAlignment(cue.textAlignment))
            // Timestamp tags: paint-on, one caption per reveal time inside the cue.
            var reveals = built.reveals.filter {
                $0.milliseconds > cue.startMilliseconds && $0.milliseconds < cue.endMilliseconds
            }
            if reveals.count != built.reveals.count { losses.badTimestamps.append(number) }
            var increasing: [(milliseconds: Int64, runCount: Int)] = []
            for r in reveals where r.milliseconds > (increasing.last?.milliseconds ?? cue.startMilliseconds) {
                increasing.append(r)
            }
            if increasing.count != reveals.count { losses.badTimestamps.append(number) }
            reveals = increasing
            guard !reveals.isEmpty else {
                captions.append(base)
                continue
            }
            var startMs = cue.startMilliseconds
            for r in reveals + [(cue.endMilliseconds, built.runs.count)] {
                var part = base
                part.runs = Array(built.runs.prefix(r.runCount))
                part.timeRange = TimeRange(start: time(number - 1, startMs), end: time(number - 1, r.milliseconds))
                part.animation = .characterReveal
                if startMs != cue.startMilliseconds { part.id = nil }
                captions.append(part)
                startMs = r.milliseconds
            }
        }
        report(losses, into: &notes)
        var document = CaptionDocument(captions: captions)
        document.language = headerValue("Language")
        for (index, sheet) in file.styleSheets.enumerated() {
            document.metadata["webvtt.style.\(index + 1)"] = sheet
        }
        return document
    }

    private func time(_ index: Int, _ ms: Int64) -> MediaTime {
        time?(index, ms) ?? MediaTime(value: ms, timescale: 1000)
    }

    private func location(ofCue index: Int) -> DiagnosticLocation {
        locate?(index) ?? DiagnosticLocation(file: fileName, line: file.cues[index].sourceLine)
    }

    /// A `Name: value` line of the header (a common convention, not part of WebVTT itself).
    private func headerValue(_ name: String) -> String? {
        for line in file.header.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, trimmed(parts[0]).lowercased() == name.lowercased() {
                let value = trimmed(parts[1])
                return value.isEmpty ? nil : value
            }
        }
        return nil
    }

    private func trimmed(_ s: Substring) -> String {
        String(s.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    private func report(_ losses: Losses, into notes: inout [Diagnostic]) {
        func add(_ severity: Diagnostic.Severity, _ rule: String, _ cues: [Int], _ message: String) {
            guard let first = cues.first else { return }
            let numbers = Array(Set(cues)).sorted()
            var list = numbers.prefix(20).map(String.init).joined(separator: ", ")
            if numbers.count > 20 { list += " and \(numbers.count - 20) more" }
            notes.append(
                Diagnostic(
                    severity, rule, "\(message) (\(numbers.count == 1 ? "cue" : "cues") \(list))",
                    at: location(ofCue: first - 1)))
        }
        for cue in losses.endBeforeStart {
            notes.append(
                Diagnostic(
                    .warning, "webvtt.timing",
                    "cue \(cue) ends before it starts; it is kept with no duration",
                    at: location(ofCue: cue - 1)))
        }
        add(.info, "webvtt.voice", losses.voices, "voice spans (<v>) are not kept: the caption model has no speaker")
        add(.info, "webvtt.lang", losses.languages, "language spans (<lang>) are not kept")
        add(
            .info, "webvtt.class", losses.classes,
            "classes other than the colour classes are not kept (\(losses.classNames.sorted().prefix(8).joined(separator: ", ")))"
        )
        add(
            .warning, "webvtt.vertical", losses.verticalLR,
            "vertical:lr (lines growing right) is read as vertical:rl: the model has only right-to-left vertical lines")
        add(
            .warning, "webvtt.timestamp", losses.badTimestamps,
            "timestamp tags outside the cue or out of order are ignored")
    }
}
