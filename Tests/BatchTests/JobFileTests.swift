import Batch
import Testing

/// The job file's lines and the rule that finds each command's inputs and outputs
/// (Specs/batch-jobs.md), with the located errors of a bad line.
@Suite struct JobFileTests {
    static func parse(_ text: String) throws(BatchError) -> [BatchJob] {
        try JobFile.parse(Array(text.utf8), file: "jobs.jsonl")
    }

    @Test func readsIdCommandAndPriority() throws {
        let jobs = try Self.parse(
            """
            {"id": "c1", "command": ["convert", "in.scc", "out.itt"], "priority": 3}

            {"id": "v1", "command": ["validate", "in.scc", "--target", "itt"]}
            """)
        #expect(jobs.map(\.id) == ["c1", "v1"])
        #expect(jobs[0].priority == 3 && jobs[1].priority == 0)
        #expect(jobs[0].inputs == ["in.scc"] && jobs[0].outputs == ["out.itt"])
        #expect(jobs[1].inputs == ["in.scc"] && jobs[1].outputs.isEmpty)
        #expect(jobs[1].line == 3)
    }

    @Test func findsTheOutputOfEachCommandForm() throws {
        func files(_ command: [String]) throws -> ([String], [String]) {
            let job = try BatchJob(id: "j", command: command)
            return (job.inputs, job.outputs)
        }
        #expect(try files(["convert", "a.scc", "b.itt", "--frame-rate", "25"]) == (["a.scc"], ["b.itt"]))
        #expect(try files(["convert", "a.scc", "-o", "b.itt"]) == (["a.scc"], ["b.itt"]))
        #expect(try files(["convert", "a.scc", "--output=b.itt"]) == (["a.scc"], ["b.itt"]))
        #expect(
            try files(["burn", "m.mp4", "c.scc", "-o", "o.mp4", "--crf", "30"]) == (["m.mp4", "c.scc"], ["o.mp4"]))
        #expect(try files(["metadata", "add", "m.mp4", "r.gpx", "-o", "o.mp4"]) == (["m.mp4", "r.gpx"], ["o.mp4"]))
        #expect(
            try files(["compose", "a.mp4", "b.mp4", "-o", "o.mp4", "--captions-out", "o.scc"])
                == (["a.mp4", "b.mp4"], ["o.mp4", "o.scc"]))
        #expect(try files(["validate", "a.scc", "--fix", "-o", "f.scc"]) == (["a.scc"], ["f.scc"]))
        #expect(try BatchJob(id: "b", command: ["burn", "m.mp4", "c.scc", "-o", "o.mp4"]).kind.isEncode)
        #expect(try !BatchJob(id: "c", command: ["convert", "a.scc", "b.itt"]).kind.isEncode)
    }

    @Test func aCommandWithoutItsFilesIsRefused() {
        #expect(throws: BatchError.self) { try BatchJob(id: "c", command: ["convert", "a.scc"]) }
        #expect(throws: BatchError.self) { try BatchJob(id: "b", command: ["burn", "m.mp4", "c.scc"]) }
        #expect(throws: BatchError.self) { try BatchJob(id: "b", command: ["convert", "-", "out.itt"]) }
        #expect(throws: BatchError.self) { try BatchJob(id: "b", command: ["export", "m.mp4", "-o"]) }
    }

    @Test func aMalformedLineIsLocated() {
        let error = #expect(throws: BatchError.self) {
            try Self.parse(
                """
                {"id": "c1", "command": ["convert", "in.scc", "out.itt"]}
                {"id": "c2", "command": ["convert", "in.scc" "out2.itt"]}
                """)
        }
        #expect(error?.problems.count == 1)
        #expect(error?.description.hasPrefix("jobs.jsonl:2:46: expected") == true, "\(String(describing: error))")
    }

    @Test func everyBadLineIsReportedAtOnce() {
        let error = #expect(throws: BatchError.self) {
            try Self.parse(
                """
                {"id": "a", "command": ["frobnicate", "x"]}
                {"id": "b", "command": "convert a b"}
                {"id": "c", "comand": ["convert", "a", "b"]}
                {"id": "d", "command": ["convert", "a", "b"], "priority": 1.5}
                [1, 2]
                """)
        }
        let lines = error?.problems.map(\.description) ?? []
        #expect(lines.count == 5)
        #expect(lines.first?.hasPrefix("jobs.jsonl:1:24: unknown command \"frobnicate\"; a job runs one of") == true)
        #expect(lines.dropFirst().first == "jobs.jsonl:2:24: command: expected an array, found a string")
        #expect(lines.dropFirst(2).first?.hasPrefix("jobs.jsonl:3:13: comand: unknown member \"comand\"") == true)
        #expect(lines.dropFirst(3).first == "jobs.jsonl:4:59: priority: expected a whole number, not 1.5")
        #expect(lines.last == "jobs.jsonl:5:1: expected an object, found an array")
    }

    @Test func anEmptyFileIsAnError() {
        #expect(throws: BatchError.self) { try Self.parse("\n\n") }
    }

    @Test func aTemplateFillsEachFilesParts() throws {
        let template = try JobTemplate("convert {} '{dir}/out {base}.{ext}.itt' --language en")
        let job = try template.job(for: "archive/a/b.scc")
        #expect(job.command == ["convert", "archive/a/b.scc", "archive/a/out b.scc.itt", "--language", "en"])
        #expect(job.id == "archive/a/b.scc")
        #expect(try JobTemplate("convert {} {stem}.itt").job(for: "x.y/{stem}.scc").outputs == ["x.y/{stem}.itt"])
        #expect(throws: BatchError.self) { try JobTemplate("convert a.scc b.itt") }
    }
}
