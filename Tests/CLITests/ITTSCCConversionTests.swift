import CaptionKit
import Foundation
import TestSupport
import Testing

/// iTT ↔ SCC through the registry (the SCC writer conforms documents to CEA-608 first).
@Suite struct ITTSCCConversionTests {
    let rate = FrameRate.fps29_97
    let registry = CaptionFormatRegistry.standard

    /// iTT documents within the 608 limits: 1–2 lines of ≤ 32 characters, Apple's top and bottom
    /// regions or none, 608 colours, italics, underline; on the frame grid, 4 s apart.
    func document(seed: UInt64, count: Int) -> CaptionDocument {
        var rng = SplitMix64(seed: seed)
        let words = [
            "caption", "line", "the", "quick", "fox", "¿qué?", "café", "naïve", "über", "♪ music ♪", "(door)", "50%",
            "\"quoted\"",
        ]
        let colors: [CaptionColor?] = [nil, .yellow, .cyan, .green]
        var captions: [Caption] = []
        for i in 0..<count {
            var runs: [CaptionRun] = []
            let lines = 1 + Int(rng.next(below: 2))
            for l in 0..<lines {
                var line = ""
                while line.count < 12 {
                    let w = words[Int(rng.next(below: UInt64(words.count)))]
                    if line.count + w.count + 1 > 32 { break }
                    line += line.isEmpty ? w : " " + w
                }
                var style = CaptionTextStyle(textColor: colors[Int(rng.next(below: 4))])
                style.italic = rng.next(below: 3) == 0
                style.underline = rng.next(below: 5) == 0
                runs.append(CaptionRun(line + (l + 1 < lines ? "\n" : ""), style: style))
            }
            let start = Int64(60 + i * 120) + Int64(rng.next(below: 10))
            let region: CaptionRegion? = [nil, CaptionRegion(identifier: "bottom"), CaptionRegion(identifier: "top")][
                Int(rng.next(below: 3))]
            captions.append(
                Caption(
                    runs: runs,
                    timeRange: TimeRange(
                        start: rate.time(ofFrame: start),
                        end: rate.time(ofFrame: start + 45 + Int64(rng.next(below: 40)))),
                    region: region, textAlignment: .center))
        }
        return CaptionDocument(captions: captions, language: "en-US", frameRate: rate, dropFrame: true)
    }

    func write(_ d: CaptionDocument, _ name: String) throws -> [UInt8] {
        guard let writer = try registry.format(named: name).writer else { throw Exit.missing }
        return try writer(d, CaptionFormatOptions(frameRate: rate, dropFrame: true)).bytes
    }

    func read(_ b: [UInt8], _ name: String) throws -> CaptionReadResult {
        guard let reader = try registry.format(named: name).reader else { throw Exit.missing }
        return try reader(b, CaptionFormatOptions(frameRate: rate))
    }

    enum Exit: Error { case missing }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func ittToSCCToITTKeepsTextAndTimingToTheFrame(seed: UInt64) throws {
        let source = try read(try write(document(seed: seed, count: 40), "itt"), "itt").document
        let scc = try write(source, "scc")
        let back = try read(try write(try read(scc, "scc").document, "itt"), "itt").document
        #expect(back.captions.count == source.captions.count)
        for (a, b) in zip(source.captions, back.captions) {
            #expect(b.text == a.text)
            #expect(rate.frame(at: b.timeRange.start) == rate.frame(at: a.timeRange.start), "\(a.text)")
            #expect(rate.frame(at: b.timeRange.end) == rate.frame(at: a.timeRange.end), "\(a.text)")
            #expect(b.runs.map(\.style.italic) == a.runs.map(\.style.italic))
        }
    }

    @Test func sharedITTFixturesConvertToSCCAndBack() throws {
        let dir = try TemporaryDirectory()
        let urls = TestPaths.files(in: TestPaths.sharedFixture("itt"), withExtension: "itt")
        // ../shared/fixtures/itt holds three; none found would check nothing.
        try #require(urls.count == 3, "\(urls)")
        for url in urls {
            let scc = dir.path(url.deletingPathExtension().lastPathComponent + ".scc")
            let toSCC = try CLIRunner.run(["convert", url.path, scc])
            #expect(toSCC.status == 0, "\(url.lastPathComponent): \(toSCC.stderr)")
            let itt = dir.path(url.deletingPathExtension().lastPathComponent + ".back.itt")
            #expect(try CLIRunner.run(["convert", scc, itt]).status == 0)
            let original = try CaptionFile.read(url.path).0.document
            let result = try CaptionFile.read(itt).0.document
            // Every caption's words survive (608 wraps long lines at spaces: compare words).
            #expect(
                result.captions.map { $0.text.split(whereSeparator: \.isWhitespace) }
                    == original.captions.map { $0.text.split(whereSeparator: \.isWhitespace) })
        }
    }
}
