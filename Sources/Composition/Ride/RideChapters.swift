import CaptionCore
import ISOBMFF
import Media
import Metadata

/// A ride recorded as several movies played as one: a GoPro splits a long recording into
/// chapters of about 4 GB (GoPro's file naming, Specs/timed-metadata.md "Chapters": HERO6 and
/// later `GHccnnnn.MP4` (AVC), `GXccnnnn.MP4` (HEVC), `GSccnnnn` (MAX), `cc` the chapter from 01,
/// `nnnn` the recording; HERO5 and earlier `GOPRnnnn.MP4`, then `GPccnnnn.MP4` from 01 for the
/// second chapter). Chapters named so are put in recording and chapter order whatever order they
/// are given in; other movies keep theirs. A missing chapter or a second recording is said.
public struct RideChapters: Sendable {
    /// The movies in the order they play.
    public let paths: [String]
    /// What the order tells: a chapter missing between two given, several recordings.
    public let diagnostics: [Diagnostic]

    /// A chapter's place by its name.
    struct ChapterName: Hashable {
        /// `GH`, `GX`, `GS`, `GL`, `GP` or `GOPR`.
        var prefix: String
        var recording: Int
        /// 1 for the first chapter (`GOPRnnnn` and `G?01nnnn`).
        var chapter: Int
    }

    public init(_ given: [String]) {
        let named = given.map { path in Self.chapterName(path).map { (path, $0) } }
        guard given.count > 1, named.allSatisfy({ $0 != nil }) else {
            paths = given
            diagnostics = []
            return
        }
        let chapters = named.compactMap { $0 }.sorted {
            ($0.1.recording, $0.1.chapter) < ($1.1.recording, $1.1.chapter)
        }
        paths = chapters.map(\.0)
        var found: [Diagnostic] = []
        let recordings = Set(chapters.map(\.1.recording)).sorted()
        if recordings.count > 1 {
            found.append(
                Diagnostic(
                    .warning, "ride.recordings",
                    "the chapters are of \(recordings.count) recordings (\(recordings.map(Self.number).joined(separator: ", "))): "
                        + "they play one recording after another, with whatever happened between them left out"))
        }
        for (a, b) in zip(chapters, chapters.dropFirst()) where a.1.recording == b.1.recording {
            if b.1.chapter == a.1.chapter {
                found.append(
                    Diagnostic(
                        .warning, "ride.chapterTwice",
                        "\(b.0) is chapter \(b.1.chapter) of recording \(Self.number(b.1.recording)) again (\(a.0) is too)",
                        at: DiagnosticLocation(file: b.0)))
            } else if b.1.chapter > a.1.chapter + 1 {
                found.append(
                    Diagnostic(
                        .warning, "ride.chapterMissing",
                        "recording \(Self.number(b.1.recording)) has no chapter "
                            + "\((a.1.chapter + 1..<b.1.chapter).map { String($0) }.joined(separator: ", ")) between "
                            + "\(a.0) and \(b.0): the ride jumps over it", at: DiagnosticLocation(file: b.0)))
            }
        }
        if let first = chapters.first, first.1.chapter > 1 {
            found.append(
                Diagnostic(
                    .warning, "ride.chapterMissing",
                    "the ride starts at chapter \(first.1.chapter) of recording \(Self.number(first.1.recording)) "
                        + "(\(first.0)): the chapters before it are not given", at: DiagnosticLocation(file: first.0)))
        }
        diagnostics = found
    }

    private static func number(_ recording: Int) -> String {
        let digits = String(recording)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The chapter name of `path`'s file name, or nil for a movie named otherwise.
    static func chapterName(_ path: String) -> ChapterName? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let stem = name[..<dot].uppercased()
        let chars = Array(stem)
        func digits(_ s: ArraySlice<Character>) -> Int? {
            s.allSatisfy { $0.isASCII && $0.isNumber } && !s.isEmpty ? Int(String(s)) : nil
        }
        if stem.hasPrefix("GOPR"), chars.count == 8, let n = digits(chars[4...]) {
            return ChapterName(prefix: "GOPR", recording: n, chapter: 1)
        }
        guard chars.count == 8, chars[0] == "G", let c = digits(chars[2..<4]), let n = digits(chars[4...]) else {
            return nil
        }
        switch chars[1] {
        // HERO5 and earlier: GP01nnnn is the second chapter (GOPRnnnn the first).
        case "P": return ChapterName(prefix: "GP", recording: n, chapter: c + 1)
        case "H", "X", "S", "L": return ChapterName(prefix: "G" + String(chars[1]), recording: n, chapter: c)
        default: return nil
        }
    }

    /// The composition file that plays the chapters one after another from their starts to
    /// their ends, each with its own GPS (`"metadata": "embedded"`).
    public func compositionFile() -> CompositionFile {
        var file = CompositionFile()
        for (i, path) in paths.enumerated() {
            var clip = CompositionFile.Clip(
                source: path, location: JSONLocation(path: "movie \(i + 1) (\(path))", line: 1, column: 1))
            clip.metadata = true
            file.clips.append(.clip(clip))
        }
        file.baseDirectory = ""
        return file
    }

    /// The chapters' GoPro GPMF joined (`gps`'s raw payloads, on the ride's timeline) as one
    /// `gpmd` track of the ride's movie, in the first chapter's sample entry: every payload of
    /// every chapter, each lasting until the next begins. Nil when no chapter has GPMF.
    public static func gpmfTrack(
        _ gps: SampleDataTrack, sampleEntry: [UInt8], videoTrackID: UInt32, timescale: Int32 = 1000
    ) throws -> NewTrack? {
        guard let first = gps.samples.first else { return nil }
        func ticks(_ t: MediaTime) throws -> Int64 {
            do { return try t.converted(toTimescale: timescale, rounding: .nearestOrAwayFromZero).value } catch {
                throw CompositionError.timeOverflow("the ride's GPMF at \(t.seconds) s")
            }
        }
        var samples: [NewTrack.Sample] = []
        let starts = try gps.samples.map { try ticks($0.timeRange.start) }
        for (k, sample) in gps.samples.enumerated() {
            let end = k + 1 < starts.count ? starts[k + 1] : try ticks(sample.timeRange.end)
            let duration = end - starts[k]
            guard duration > 0, let d = UInt32(exactly: duration) else {
                throw CompositionError.invalidTimeRange(
                    sample.timeRange, "of the ride's GPMF payload \(k + 1) leaves it no duration of its own")
            }
            samples.append(NewTrack.Sample(data: sample.bytes, duration: d))
        }
        // QuickTime's base media header with the `gpmd` box GoPro writes there.
        var gmhdExtra = BoxWriter()
        try gmhdExtra.box("gpmd") { (w: inout BoxWriter) in w.u32(0) }
        var track = NewTrack(
            handlerType: "meta", handlerName: "GoPro MET", mediaHeader: .generic(extra: gmhdExtra.bytes),
            sampleEntry: sampleEntry, timescale: UInt32(timescale), samples: samples,
            references: ["cdsc": [videoTrackID]])
        track.startOffset = UInt64(max(0, try ticks(first.timeRange.start)))
        return track
    }
}
