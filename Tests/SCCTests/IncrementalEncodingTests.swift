import CEA608
import CaptionCore
import Foundation
import SCC
import TestSupport
import Testing

/// Encoding with a ``CEA608EncodingCache`` (the validator's fixer plans a document again and
/// again with a few captions moved) gives exactly what encoding the whole document gives: the
/// same plans and findings, in order. The witness is the encoder without a cache, on every
/// shared SCC fixture, the regression fixtures of the scc fuzz target and the writer's generated
/// document, each changed in turn as the fixer changes documents (captions moved later alone or
/// with all after them, lengthened, retexted, removed), each change made to the previous one
/// with the same cache.
@Suite struct IncrementalEncodingTests {
    static let rate = FrameRate.fps29_97

    /// Documents to change: name and captions.
    static func documents() throws -> [(name: String, captions: [Caption])] {
        var documents: [(String, [Caption])] = []
        // Either folder empty would leave only the generated document.
        let shared = try TestPaths.fixtures(in: TestPaths.sharedFixture("scc"), withExtension: "scc")
        let fuzz = try TestPaths.fixtures(in: TestPaths.fixture("fuzz/scc"), withExtension: "scc")
        for url in shared + fuzz {
            let bytes = [UInt8](try Data(contentsOf: url))
            guard let read = try? SCCReader(options: CaptionFormatOptions(fileName: url.lastPathComponent)).read(bytes)
            else { continue }
            documents.append((url.lastPathComponent, read.document.captions))
        }
        documents.append(("generated", WriterTestDocuments.everything().captions))
        return documents
    }

    /// A caption's times moved by `startFrames` and `endFrames`.
    static func moved(_ caption: Caption, start startFrames: Int64, end endFrames: Int64) -> Caption {
        var caption = caption
        let range = caption.timeRange
        caption.timeRange = TimeRange(
            start: range.start + rate.time(ofFrame: startFrames), end: range.end + rate.time(ofFrame: endFrames))
        return caption
    }

    /// The changes made to a document in turn, chosen by a fixed-seed generator: each is a
    /// name and what it does to the captions before it.
    static func changes(count: Int, seed: UInt64) -> [(String, ([Caption]) -> [Caption])] {
        var state = seed
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
        var changes: [(String, ([Caption]) -> [Caption])] = [("nothing", { $0 })]
        for _ in 0..<6 {
            let index = random(count)
            let frames = Int64(1 + random(40))
            changes.append(
                (
                    "caption \(index + 1) later by \(frames)",
                    { captions in
                        var captions = captions
                        if captions.indices.contains(index) {
                            captions[index] = moved(captions[index], start: frames, end: frames)
                        }
                        return captions
                    }
                ))
            let other = random(count)
            changes.append(
                (
                    "caption \(other + 1) longer by \(frames)",
                    { captions in
                        var captions = captions
                        if captions.indices.contains(other) {
                            captions[other] = moved(captions[other], start: 0, end: frames)
                        }
                        return captions
                    }
                ))
            let from = random(count)
            changes.append(
                (
                    "captions from \(from + 1) later by \(frames)",
                    { captions in
                        captions.enumerated().map {
                            $0.offset >= from ? moved($0.element, start: frames, end: frames) : $0.element
                        }
                    }
                ))
            let retexted = random(count)
            changes.append(
                (
                    "caption \(retexted + 1) retexted",
                    { captions in
                        var captions = captions
                        if captions.indices.contains(retexted), !captions[retexted].runs.isEmpty {
                            captions[retexted].runs[0].text += "x"
                        }
                        return captions
                    }
                ))
        }
        let removed = random(count)
        changes.append(
            (
                "caption \(removed + 1) removed",
                { captions in
                    var captions = captions
                    if captions.indices.contains(removed) { captions.remove(at: removed) }
                    return captions
                }
            ))
        changes.append(("back to nothing moved", { $0 }))
        return changes
    }

    @Test func encodingWithACacheGivesWhatEncodingTheWholeDocumentGives() throws {
        let documents = try Self.documents()
        #expect(documents.count > 100)
        let encoder = CEA608Encoder()
        // Changes encoded in part (from a checkpoint, to a checkpoint or the end), not whole.
        var inPart = 0
        for (number, document) in documents.enumerated() where !document.captions.isEmpty {
            let cache = CEA608EncodingCache()
            var captions = document.captions
            #expect(
                encoder.transmissionPlans(for: captions, rate: Self.rate, reusing: cache)
                    == encoder.transmissionPlans(for: captions, rate: Self.rate), "\(document.name)")
            for (change, apply) in Self.changes(count: captions.count, seed: UInt64(number + 1)) {
                captions = apply(captions)
                let cached = encoder.transmissionPlans(for: captions, rate: Self.rate, reusing: cache)
                let whole = encoder.transmissionPlans(for: captions, rate: Self.rate)
                #expect(cached.plans == whole.plans, "\(document.name): \(change)")
                #expect(cached.diagnostics == whole.diagnostics, "\(document.name): \(change)")
                if cache.unitsEncoded < whole.plans.count { inPart += 1 }
            }
        }
        #expect(inPart > 200, "\(inPart)")
    }

    /// Captions 40 frames apart, painted on one row, `count` of them.
    static func paintedRow(count: Int) -> [Caption] {
        (0..<count).map { index in
            Caption(
                runs: [CaptionRun(String(String(repeating: "AB", count: 16).dropLast(index % 32)))],
                timeRange: TimeRange(
                    start: Self.rate.time(ofFrame: 30 + 40 * Int64(index)),
                    end: Self.rate.time(ofFrame: 70 + 40 * Int64(index))),
                region: .cells(row: 14, column: 0, rows: 1, columns: 32), animation: .characterReveal)
        }
    }

    /// A change that adds a finding (a caption lengthened past the start of the next, which
    /// paints over it: 608.overlap) is encoded up to a checkpoint and the rest taken from the
    /// cache; the cached checkpoints after it count one finding fewer before them than this
    /// encoding made. A later change resumed from one of them took the findings before it by
    /// that count and lost the new one (before: found when the writer's generated document
    /// changed, caption 117 moved 21 frames after a lengthening).
    @Test func findingsBeforeACheckpointAreCountedAfterAChangeAddsOne() {
        let encoder = CEA608Encoder()
        let cache = CEA608EncodingCache()
        var captions = Self.paintedRow(count: 1_500)
        _ = encoder.transmissionPlans(for: captions, rate: Self.rate, reusing: cache)
        captions[100] = Self.moved(captions[100], start: 0, end: 10)
        let lengthened = encoder.transmissionPlans(for: captions, rate: Self.rate, reusing: cache)
        #expect(lengthened == encoder.transmissionPlans(for: captions, rate: Self.rate))
        #expect(lengthened.diagnostics.contains { $0.ruleID == "608.overlap" })
        #expect(cache.unitsEncoded < 200)
        captions[1_000] = Self.moved(captions[1_000], start: 0, end: 5)
        let moved = encoder.transmissionPlans(for: captions, rate: Self.rate, reusing: cache)
        #expect(moved.diagnostics == encoder.transmissionPlans(for: captions, rate: Self.rate).diagnostics)
        #expect(cache.unitsEncoded < 200)
    }

    /// A dense paint-on document like the hostile benchmark's (a caption every second frame,
    /// Benchmarks/suites/hostile.py): a change to one caption is encoded again from a checkpoint
    /// before it to one after it, not to the end.
    @Test func aChangeToOneCaptionIsEncodedAgainOnlyAroundIt() {
        let count = 2_000
        let captions = Self.paintedRow(count: count)
        let encoder = CEA608Encoder()
        let cache = CEA608EncodingCache()
        _ = encoder.transmissionPlans(for: captions, rate: Self.rate, reusing: cache)
        #expect(cache.unitsEncoded == count)
        var changed = captions
        changed[1_000] = Self.moved(changed[1_000], start: 0, end: 5)
        let cached = encoder.transmissionPlans(for: changed, rate: Self.rate, reusing: cache)
        #expect(cached == encoder.transmissionPlans(for: changed, rate: Self.rate))
        #expect(cache.unitsEncoded > 0 && cache.unitsEncoded <= 2 * CEA608EncodingCache.checkpointInterval)
        _ = encoder.transmissionPlans(for: changed, rate: Self.rate, reusing: cache)
        #expect(cache.unitsEncoded == 0)
    }
}
