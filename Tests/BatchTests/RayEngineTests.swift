import Batch
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `captions batch --engine ray` on a real Ray cluster started by the test on this machine: a
/// head and two worker nodes, each with its own loopback address and resources. The same job
/// file gives the same outputs as the local pool, each attempt is recorded with the node that
/// ran it, and the cluster is stopped afterwards.
@Suite(.serialized) struct RayEngineTests {
    /// One node: `ray start … --block`, a process of ours that ends its node when terminated.
    final class Node {
        let process: SignalledProcess
        init(_ arguments: [String]) throws {
            process = try SignalledProcess(
                try PeerDecoders.tool("ray"), ["start", "--block", "--disable-usage-stats"] + arguments)
        }
        func stop() {
            process.signal(SIGTERM)
            _ = process.wait()
        }
    }

    /// A head (127.0.0.2, no CPUs: it schedules only) and two workers (127.0.0.3 and .4, one CPU
    /// and one `encoder` each), up when made.
    final class Cluster {
        let temp = "/tmp/rb\(UInt32.random(in: 0...UInt32.max))"
        let port = Int.random(in: 20000...29999)
        var address: String { "127.0.0.2:\(port)" }
        private var head: Node?
        private var workers: [String: Node] = [:]

        init() throws {
            // Ray replaces 127.0.0.1 and localhost by the machine's outside address
            // (ray._private.services.resolve_ip_for_localhost), so each node has another loopback
            // address. Ray keeps its sockets under --temp-dir, whose paths must stay short.
            head = try Node([
                "--head", "--node-ip-address=127.0.0.2", "--port=\(port)", "--num-cpus=0", "--include-dashboard=false",
                "--temp-dir=\(temp)",
            ])
            // Each worker joins once the cluster answers, one after the other (a worker that
            // cannot reach the head gives up; two started at once on a loaded machine lost one),
            // each with its own dashboard agent port (the default, 52365, is one per machine).
            try waitFor(live: 1)
            for (index, ip) in ["127.0.0.3", "127.0.0.4"].enumerated() {
                workers[ip] = try Node([
                    "--address=\(address)", "--node-ip-address=\(ip)", "--num-cpus=1", #"--resources={"encoder": 1}"#,
                    "--dashboard-agent-listen-port=\(port + 1 + index)",
                ])
                try waitFor(live: 2 + index)
            }
        }

        /// Waits until Ray counts `count` live nodes (3 minutes at most: a loaded machine is slow).
        private func waitFor(live count: Int) throws {
            let deadline = Date().addingTimeInterval(180)
            var live = 0
            while Date() < deadline {
                live = try RayEngineTests.liveNodes(address)
                if live >= count { return }
                usleep(1_000_000)
            }
            stop()
            throw MediaTools.Failure.failed("the Ray cluster has \(live) live node(s), not \(count), after 3 minutes")
        }

        /// Kills the worker node at `ip` as a crash would: SIGKILL to every process of that node
        /// (its `ray start`, raylet, agents and workers name its address), none of them warned.
        func killWorker(at ip: String) throws {
            guard let node = workers.removeValue(forKey: ip) else { return }
            let found = try CLIRunner.runProcess(
                try PeerDecoders.tool("pgrep"),
                ["-f", "ip[-_]address=\(ip.replacingOccurrences(of: ".", with: "\\."))( |$)"])
            for pid in found.stdout.split(separator: "\n").compactMap({ Int32($0) }) { kill(pid, SIGKILL) }
            node.process.signal(SIGKILL)
            _ = node.process.wait()
        }

        func stop() {
            for worker in workers.values { worker.stop() }
            workers = [:]
            head?.stop()
            head = nil
            try? FileManager.default.removeItem(atPath: temp)
        }
    }

    /// The folder of the `captions_ray` package, for PYTHONPATH.
    static let driverFolder = TestPaths.projectRoot.appendingPathComponent("Sources/Batch/Ray").path

    /// Live nodes of the cluster at `address`, as Ray itself counts them.
    static func liveNodes(_ address: String) throws -> Int {
        let host = address.split(separator: ":")[0]
        let r = try CLIRunner.runProcess(
            try PeerDecoders.tool("python3"),
            [
                "-c",
                "import ray; ray.init(address='\(address)', _node_ip_address='\(host)', logging_level='ERROR', log_to_driver=False); "
                    + "print(sum(1 for n in ray.nodes() if n['Alive']))",
            ])
        return Int(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").last ?? "") ?? 0
    }

    @Test func aRayClusterRunsTheJobFileAsTheLocalPoolDoes() throws {
        guard (try? PeerDecoders.tool("ray")) != nil else {
            Issue.record("ray is not installed: run scripts/install-deps.sh --test (PyPI ray)")
            return
        }
        let fixture = try BatchFixture(captionFiles: 12, clips: 2)
        let jobFile = try fixture.writeJobFile()
        // A copy of the inputs for the local pool, the witness.
        let local = try TemporaryDirectory("batch-ray-local")
        for folder in ["captions", "clips", "converted", "burned"] {
            try FileManager.default.copyItem(
                at: fixture.dir.url.appendingPathComponent(folder), to: local.url.appendingPathComponent(folder))
        }
        try FileManager.default.copyItem(atPath: fixture.dir.path(jobFile), toPath: local.path(jobFile))
        let alone = try CLIRunner.run(["batch", jobFile, "--jobs", "2"], currentDirectory: local.url)
        #expect(alone.status == 0, "\(alone.stderr)")

        let cluster = try Cluster()
        defer { cluster.stop() }
        let address = cluster.address

        let run = try CLIRunner.runProcess(
            try PeerDecoders.tool("env"),
            [
                "PYTHONPATH=\(Self.driverFolder)", CLIRunner.executable.path, "batch", jobFile, "--engine", "ray",
                "--address", address, "--progress", "json",
            ], currentDirectory: fixture.dir.url)
        #expect(run.status == 0, "\(run.stderr)")

        let journal = try Journal(path: fixture.dir.path("jobs.db"), create: false)
        let records = try journal.records()
        #expect(records.count == 2 + 2 * 12)
        #expect(records.allSatisfy { $0.state == .done }, "\(records.filter { $0.state != .done })")
        // The same outputs as the local pool, byte for byte, and the journal's checksums of them.
        let witness = Dictionary(
            uniqueKeysWithValues: try Journal(path: local.path("jobs.db"), create: false).records().map { ($0.id, $0) })
        for record in records where record.output != nil {
            #expect(record.outputSHA256 == witness[record.id]?.outputSHA256, "\(record.id)")
            if record.kind == "convert" {
                #expect(
                    FileManager.default.contents(atPath: fixture.dir.path(record.output ?? ""))
                        == FileManager.default.contents(atPath: local.path(record.output ?? "")))
            }
        }
        // Each attempt names the worker node that ran it; both workers ran some.
        let attempts = try journal.attempts()
        #expect(attempts.count == records.count)
        let hosts = Set(attempts.map(\.host))
        #expect(hosts == ["127.0.0.3", "127.0.0.4"], "\(hosts)")
        // validate's reports came back through Ray: the report reads them all.
        let report = try BatchReport(journal: journal)
        #expect(report.unreadableValidationReports.isEmpty)

        cluster.stop()
        // Nothing of the cluster is left running.
        let left = try CLIRunner.runProcess(try PeerDecoders.tool("pgrep"), ["-f", cluster.temp])
        #expect(left.stdout.isEmpty, "\(left.stdout)")
    }

    /// A node stopped with SIGTERM drains (its running task finishes first), so the node is
    /// killed instead, every process of it at once.
    @Test func aBurnWhoseNodeDiesIsRetriedOnTheOtherNodeAndBothAttemptsAreKept() throws {
        guard (try? PeerDecoders.tool("ray")) != nil else {
            Issue.record("ray is not installed: run scripts/install-deps.sh --test (PyPI ray)")
            return
        }
        let dir = try TemporaryDirectory("batch-ray-kill")
        _ = try CLIRunner.run(["generate", "--minutes", "1", "-o", "c.scc"], currentDirectory: dir.url)
        // Long enough that the node dies while the burn runs.
        try MediaTools.makeClip(dir.path("clip.mp4"), size: "1280x720", seconds: 20, audio: false)
        try #"{"id": "burn", "command": ["burn", "clip.mp4", "c.scc", "-o", "burned.mp4"]}"#.write(
            toFile: dir.path("jobs.jsonl"), atomically: true, encoding: .utf8)
        // What a worker lost with its machine leaves on the shared storage, beside the output.
        let lostCopy = ".burned.mp4.captions-lost-node-99-1.tmp"
        _ = FileManager.default.createFile(atPath: dir.path(lostCopy), contents: Data("partial".utf8))
        let cluster = try Cluster()
        defer { cluster.stop() }
        let batch = try SignalledProcess(
            try PeerDecoders.tool("env"),
            [
                "-C", dir.url.path, "PYTHONPATH=\(Self.driverFolder)", CLIRunner.executable.path, "batch", "jobs.jsonl",
                "--engine", "ray", "--address", cluster.address,
            ])
        // Once the burn runs on a node, that node is killed.
        var killed: String?
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline, batch.statusIfEnded() == nil, killed == nil {
            usleep(100_000)
            guard let attempt = try? Journal(path: dir.path("jobs.db"), create: false).attempts().first,
                attempt.state == .running, attempt.host != "ray"
            else { continue }
            usleep(500_000)
            try cluster.killWorker(at: attempt.host)
            killed = attempt.host
        }
        try #require(killed != nil, "the burn ended before its node could be stopped")
        #expect(batch.wait() == 0)
        let journal = try Journal(path: dir.path("jobs.db"), create: false)
        let record = try #require(try journal.record("burn"))
        #expect(record.state == .done && record.attempts == 2)
        let attempts = try journal.attempts()
        #expect(attempts.count == 2)
        #expect(attempts.first?.host == killed && attempts.first?.state == .failed)
        #expect(attempts.first?.error == "its worker was lost; Ray ran the job again")
        #expect(attempts.last?.state == .done && attempts.last?.host != killed && attempts.last?.host != "ray")
        // The output is whole (ffprobe) and the journal's checksum is its own; nothing partial is left.
        let probe = try MediaTools.probe(dir.path("burned.mp4"))
        let seconds = Double((probe["format"] as? [String: Any])?["duration"] as? String ?? "") ?? 0
        #expect(abs(seconds - 20) < 0.1)
        let sum = try CLIRunner.runProcess(try PeerDecoders.tool("sha256sum"), [dir.path("burned.mp4")])
        #expect(String(sum.stdout.prefix(64)) == record.outputSHA256)
        // The killed attempt's child may be killed with its worker before it can remove its
        // unfinished output; once the job has ended, the batch removes it (a sweep by a later
        // output would not: on shared storage, its host may be another machine).
        let stray = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter {
            $0.contains(".captions-")
        }
        #expect(stray.isEmpty, "\(stray)")
    }
}
