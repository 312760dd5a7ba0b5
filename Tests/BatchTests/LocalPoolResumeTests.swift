import Batch
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The local pool over 200 generated caption files (convert and validate) and 6 clips (burn),
/// with the batch process SIGKILLed in the middle and run again: every job ran exactly once to
/// completion, as the journal and coreutils' checksums of the outputs say, and no partial output
/// is left anywhere.
@Suite(.serialized) struct LocalPoolResumeTests {
    @Test func aKilledBatchResumesAndRunsEveryJobExactlyOnce() throws {
        let fixture = try BatchFixture(captionFiles: 200, clips: 6)
        let jobFile = try fixture.writeJobFile()
        let journalPath = fixture.dir.path("jobs.db")
        let total = 6 + 2 * 200

        // First run (from the fixture's folder: the jobs' paths are relative), killed once a burn
        // runs beside finished jobs of every kind and jobs are still queued. The window used to
        // ask for two finished burns and fewer than 300 finished light jobs; under the whole
        // suite's load the burns ran slowly, the light jobs passed 300 first, and the batch ended
        // unkilled (a clean-clone run, stop 52).
        let batch = try SignalledProcess(
            try PeerDecoders.tool("env"),
            ["-C", fixture.dir.url.path, CLIRunner.executable.path, "batch", jobFile, "--jobs", "2"])
        var atKill: [JobRecord] = []
        let deadline = Date().addingTimeInterval(600)
        while Date() < deadline, batch.statusIfEnded() == nil {
            usleep(20_000)
            guard let records = try? Journal(path: journalPath, create: false).records() else { continue }
            let done = records.filter { $0.state == .done }
            let burnsDone = done.count { $0.kind == "burn" }
            let lightDone = done.count - burnsDone
            if burnsDone >= 1, records.contains(where: { $0.kind == "burn" && $0.state == .running }),
                lightDone >= 20, records.contains(where: { $0.state == .queued })
            {
                batch.signal(SIGKILL)
                #expect(batch.wait() == 128 + SIGKILL)
                atKill = try Journal(path: journalPath, create: false).records()
                break
            }
        }
        try #require(
            !atKill.isEmpty,
            "the batch ended (status \(String(describing: batch.statusIfEnded()))) before it could be killed in the middle"
        )
        let finishedBefore = Dictionary(uniqueKeysWithValues: atKill.filter { $0.state == .done }.map { ($0.id, $0) })
        let interrupted = Set(atKill.filter { $0.state == .running }.map(\.id))
        #expect(!interrupted.isEmpty)
        #expect(atKill.contains { $0.state == .queued })

        // Run again: it resumes.
        let resumed = try CLIRunner.run(
            ["batch", jobFile, "--jobs", "2", "--progress", "json"], currentDirectory: fixture.dir.url)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let lastEvent = resumed.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(lastEvent.contains(#""event":"finished""#) && lastEvent.contains(#""done":\#(total)"#), "\(lastEvent)")

        let journal = try Journal(path: journalPath, create: false)
        let records = try journal.records()
        #expect(records.count == total)
        #expect(records.allSatisfy { $0.state == .done }, "\(records.filter { $0.state != .done })")
        // Exactly once to completion: one done attempt per job; those finished before the kill
        // were not started again; those interrupted have their interrupted attempt and one more.
        let attempts = Dictionary(grouping: try journal.attempts(), by: \.jobID)
        for record in records {
            let tries = attempts[record.id] ?? []
            #expect(tries.count { $0.state == .done } == 1, "\(record.id): \(tries)")
            if let before = finishedBefore[record.id] {
                #expect(record.attempts == 1 && record.endedAt == before.endedAt, "\(record.id) ran again")
                #expect(record.outputSHA256 == before.outputSHA256)
            } else if interrupted.contains(record.id) {
                #expect(record.attempts == 2 && tries.first?.state == .failed, "\(record.id): \(tries)")
            } else {
                #expect(record.attempts == 1, "\(record.id): \(tries)")
            }
        }
        // The outputs are those the journal says, by coreutils' sha256sum.
        let withOutputs = records.filter { $0.output != nil }
        #expect(withOutputs.count == 206)
        let sums = try CLIRunner.runProcess(
            try PeerDecoders.tool("sha256sum"), withOutputs.compactMap(\.output), currentDirectory: fixture.dir.url)
        #expect(sums.status == 0)
        let peer = Dictionary(
            uniqueKeysWithValues: sums.stdout.split(separator: "\n").map {
                (String($0.dropFirst(66)), String($0.prefix(64)))
            })
        for record in withOutputs {
            #expect(peer[record.output ?? ""] == record.outputSHA256, "\(record.id)")
            let size =
                (try? FileManager.default.attributesOfItem(atPath: fixture.dir.path(record.output ?? ""))[.size])
                as? Int
            #expect(size == record.outputSize, "\(record.id)")
        }
        // No partial output anywhere: only the inputs, the outputs and the batch's own files.
        let expected = Set(
            (0..<200).flatMap { ["captions/\($0).scc", "converted/\($0).itt"] }
                + (0..<6).flatMap { ["clips/\($0).mp4", "burned/\($0).mp4"] } + [jobFile, "jobs.db", "jobs.db.lock"])
        let extra = Set(fixture.allFiles()).subtracting(expected).filter { !$0.hasPrefix("jobs.db-") }
        #expect(extra.isEmpty, "\(extra.sorted())")
        // Each burned movie is whole for ffprobe: one video stream, two seconds.
        for i in 0..<6 {
            let probe = try MediaTools.probe(fixture.dir.path("burned/\(i).mp4"))
            let format = probe["format"] as? [String: Any]
            let seconds = Double(format?["duration"] as? String ?? "") ?? 0
            #expect(abs(seconds - 2) < 0.1, "burned/\(i).mp4: \(seconds) s")
        }
        // A batch's output is the one `captions convert` writes alone.
        for i in [0, 57, 199] {
            let alone = try CLIRunner.run(
                ["convert", "captions/\(i).scc", "alone\(i).itt"], currentDirectory: fixture.dir.url)
            #expect(alone.status == 0)
            #expect(
                FileManager.default.contents(atPath: fixture.dir.path("alone\(i).itt"))
                    == FileManager.default.contents(atPath: fixture.dir.path("converted/\(i).itt")))
        }
        // The report counts every job done and sums the validator's findings.
        let report = try CLIRunner.run(["batch", "report", "jobs.db", "--json"], currentDirectory: fixture.dir.url)
        #expect(report.status == 0)
        #expect(report.stdout.contains(#""done" : \#(total)"#) && report.stdout.contains(#""failed" : 0"#))
        #expect(report.stdout.contains(#""unreadableValidationReports" : ["#))
    }
}
