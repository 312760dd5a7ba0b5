import Foundation
import GRDB
import LocatedJSON

/// The batch journal: one SQLite file (through GRDB) that holds every job's state, times and
/// outputs, and every attempt, written before and after each job so that a batch stopped by
/// Ctrl-C, a crash or a power cut resumes where it stopped (Specs/batch-jobs.md, "The journal").
///
/// Commits are durable (`synchronous = FULL` in WAL mode): a job recorded as done stays done
/// after a power cut. One batch at a time writes a journal: a second one is refused.
public final class Journal: Sendable {
    public let path: String
    let database: DatabaseQueue

    /// The longest standard output kept per job (a `validate --json` report of a bad file is a
    /// few hundred KB); more is cut and the cut said.
    public static let maximumStandardOutput = 4 << 20

    /// Opens the journal at `path`, creating it when `create` and it does not exist.
    public init(path: String, create: Bool = true) throws(BatchError) {
        self.path = path
        if !create && !FileManager.default.fileExists(atPath: path) {
            throw BatchError("no such journal", file: path)
        }
        var configuration = Configuration()
        configuration.journalMode = .wal
        configuration.busyMode = .timeout(30)
        configuration.label = "captions batch journal"
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        do {
            database = try DatabaseQueue(path: path, configuration: configuration)
            try Self.migrator.migrate(database)
        } catch {
            throw BatchError("cannot open the journal: \(error)", file: path)
        }
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE job (
                        id TEXT PRIMARY KEY NOT NULL,
                        kind TEXT NOT NULL,
                        command TEXT NOT NULL,
                        priority INTEGER NOT NULL,
                        sequence INTEGER NOT NULL,
                        state TEXT NOT NULL,
                        attempts INTEGER NOT NULL DEFAULT 0,
                        startedAt REAL, endedAt REAL, exitStatus INTEGER, signal INTEGER, error TEXT,
                        output TEXT, outputSize INTEGER, outputSHA256 TEXT, standardOutput TEXT,
                        outputExisted INTEGER NOT NULL DEFAULT 0,
                        pid INTEGER, pidStart TEXT);
                    CREATE TABLE attempt (
                        jobID TEXT NOT NULL REFERENCES job(id),
                        number INTEGER NOT NULL,
                        startedAt REAL NOT NULL, endedAt REAL,
                        state TEXT NOT NULL, exitStatus INTEGER, error TEXT,
                        host TEXT NOT NULL,
                        PRIMARY KEY (jobID, number));
                    """)
        }
        return migrator
    }

    // MARK: - Writing

    /// Adds the jobs the journal does not hold yet as queued; a job it holds must have the same
    /// command (an id names one piece of work for the journal's whole life).
    public func register(_ jobs: [BatchJob]) throws(BatchError) {
        try write { db in
            var problems: [BatchError.Problem] = []
            for (sequence, job) in jobs.enumerated() {
                let command = Self.encode(job.command)
                if let row = try Row.fetchOne(db, sql: "SELECT command FROM job WHERE id = ?", arguments: [job.id]) {
                    let known: String = row["command"]
                    if known != command {
                        problems.append(
                            job.problem(
                                "job \"\(job.id)\" is \(known) in the journal \(self.path); give the changed job a new id or use a new journal"
                            ))
                    }
                    try db.execute(
                        sql: "UPDATE job SET priority = ?, sequence = ? WHERE id = ?",
                        arguments: [job.priority, sequence, job.id])
                    continue
                }
                try db.execute(
                    sql: """
                        INSERT INTO job (id, kind, command, priority, sequence, state, output)
                        VALUES (?, ?, ?, ?, ?, 'queued', ?)
                        """,
                    arguments: [job.id, job.kind.description, command, job.priority, sequence, job.output])
            }
            if !problems.isEmpty { throw BatchError(problems) }
        }
    }

    /// Records that `id` starts now as child `pid` (whose `/proc` start time is `pidStart`);
    /// returns the attempt's number.
    @discardableResult
    func markRunning(_ id: String, at time: Double, pid: Int32?, pidStart: String?, outputExisted: Bool, host: String)
        throws(BatchError) -> Int
    {
        try write { db in
            try db.execute(
                sql: """
                    UPDATE job SET state = 'running', attempts = attempts + 1, startedAt = ?, endedAt = NULL,
                    exitStatus = NULL, signal = NULL, error = NULL, outputSize = NULL, outputSHA256 = NULL,
                    standardOutput = NULL, pid = ?, pidStart = ?,
                    outputExisted = CASE WHEN attempts = 0 THEN ? ELSE outputExisted END
                    WHERE id = ?
                    """,
                arguments: [time, pid.map { Int($0) }, pidStart, outputExisted, id])
            let number = try Int.fetchOne(db, sql: "SELECT attempts FROM job WHERE id = ?", arguments: [id]) ?? 1
            try db.execute(
                sql:
                    "INSERT OR REPLACE INTO attempt (jobID, number, startedAt, state, host) VALUES (?, ?, ?, 'running', ?)",
                arguments: [id, number, time, host])
            return number
        }
    }

    /// Records the child of a running job, once spawned.
    func recordChild(_ id: String, pid: Int32, pidStart: String?) throws(BatchError) {
        try write { db in
            try db.execute(
                sql: "UPDATE job SET pid = ?, pidStart = ? WHERE id = ?", arguments: [Int(pid), pidStart, id])
        }
    }

    /// Records that a worker started attempt `number` (the journal's numbering) of a running job
    /// on `host` (a Ray node): the attempt begun by ``markRunning`` gets its node; a later one (Ray
    /// ran the job again after losing its worker) closes the attempt before as failed and opens
    /// another.
    func recordAttempt(_ id: String, number: Int, host: String, time: Double) throws(BatchError) {
        try write { db in
            guard let current = try Int.fetchOne(db, sql: "SELECT attempts FROM job WHERE id = ?", arguments: [id])
            else { return }
            let wanted = number
            if wanted <= current {
                try db.execute(
                    sql: "UPDATE attempt SET host = ?, startedAt = ? WHERE jobID = ? AND number = ?",
                    arguments: [host, time, id, wanted])
                return
            }
            try db.execute(
                sql: """
                    UPDATE attempt SET state = 'failed', endedAt = ?,
                    error = 'its worker was lost; Ray ran the job again' WHERE jobID = ? AND number = ?
                    """,
                arguments: [time, id, current])
            try db.execute(
                sql: "INSERT INTO attempt (jobID, number, startedAt, state, host) VALUES (?, ?, ?, 'running', ?)",
                arguments: [id, wanted, time, host])
            try db.execute(sql: "UPDATE job SET attempts = ? WHERE id = ?", arguments: [wanted, id])
        }
    }

    /// What ended a job's attempt.
    struct Ending {
        var state: JobState
        var time: Double
        var exitStatus: Int?
        var signal: Int?
        var error: String?
        var outputSize: Int?
        var outputSHA256: String?
        var standardOutput: String?
    }

    func markEnded(_ id: String, _ ending: Ending) throws(BatchError) {
        try write { db in
            try db.execute(
                sql: """
                    UPDATE job SET state = ?, endedAt = ?, exitStatus = ?, signal = ?, error = ?, outputSize = ?,
                    outputSHA256 = ?, standardOutput = ?, pid = NULL, pidStart = NULL WHERE id = ?
                    """,
                arguments: [
                    ending.state.rawValue, ending.time, ending.exitStatus, ending.signal, ending.error,
                    ending.outputSize, ending.outputSHA256, ending.standardOutput, id,
                ])
            try db.execute(
                sql: """
                    UPDATE attempt SET endedAt = ?, state = ?, exitStatus = ?, error = ?
                    WHERE jobID = ? AND number = (SELECT attempts FROM job WHERE id = ?)
                    """,
                arguments: [ending.time, ending.state.rawValue, ending.exitStatus, ending.error, id, id])
        }
    }

    /// Puts a job back in the queue (a rerun), keeping its attempts.
    func requeue(_ id: String, note: String?) throws(BatchError) {
        try write { db in
            try db.execute(
                sql: "UPDATE attempt SET state = 'failed', error = ? WHERE jobID = ? AND state = 'running'",
                arguments: [note, id])
            try db.execute(
                sql: "UPDATE job SET state = 'queued', pid = NULL, pidStart = NULL WHERE id = ?", arguments: [id])
        }
    }

    // MARK: - Reading

    /// Every job, in the order they run: priority first, then the job file's order.
    public func records() throws(BatchError) -> [JobRecord] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM job ORDER BY priority DESC, sequence").map(Self.record)
        }
    }

    /// The job `id`, if the journal holds it.
    public func record(_ id: String) throws(BatchError) -> JobRecord? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM job WHERE id = ?", arguments: [id]).map(Self.record)
        }
    }

    /// Every attempt of every job, by job and number.
    public func attempts() throws(BatchError) -> [JobAttempt] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM attempt ORDER BY jobID, number").map { row in
                JobAttempt(
                    jobID: row["jobID"], number: row["number"], startedAt: row["startedAt"], endedAt: row["endedAt"],
                    state: JobState(rawValue: row["state"]) ?? .failed, exitStatus: row["exitStatus"],
                    error: row["error"], host: row["host"])
            }
        }
    }

    /// The child process a running job was last given, and whether its output was there before
    /// its first start.
    func leftovers(of id: String) throws(BatchError) -> (pid: Int32?, pidStart: String?, outputExisted: Bool) {
        try read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT pid, pidStart, outputExisted FROM job WHERE id = ?", arguments: [id])
            else { return (nil, nil, false) }
            let pid: Int? = row["pid"]
            return (pid.map { Int32($0) }, row["pidStart"], row["outputExisted"] as Bool)
        }
    }

    private static func record(_ row: Row) -> JobRecord {
        JobRecord(
            id: row["id"], kind: row["kind"], command: decode(row["command"]), priority: row["priority"],
            sequence: row["sequence"], state: JobState(rawValue: row["state"]) ?? .queued, attempts: row["attempts"],
            startedAt: row["startedAt"], endedAt: row["endedAt"], exitStatus: row["exitStatus"], signal: row["signal"],
            error: row["error"], output: row["output"], outputSize: row["outputSize"],
            outputSHA256: row["outputSHA256"], standardOutput: row["standardOutput"])
    }

    static func encode(_ words: [String]) -> String {
        (try? JSONEncoder().encode(words)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    /// The words of ``encode(_:)``'s text, read by the suite's one JSON reader.
    static func decode(_ text: String) -> [String] {
        guard case .array(let items, _)? = try? LocatedJSON.parse(Array(text.utf8)) else { return [] }
        return items.compactMap { if case .string(let word, _) = $0 { word } else { nil } }
    }

    private func write<T>(_ body: (Database) throws -> T) throws(BatchError) -> T {
        do {
            return try database.write(body)
        } catch let error as BatchError {
            throw error
        } catch {
            throw BatchError("cannot write the journal: \(error)", file: path)
        }
    }

    private func read<T>(_ body: (Database) throws -> T) throws(BatchError) -> T {
        do {
            return try database.read(body)
        } catch {
            throw BatchError("cannot read the journal: \(error)", file: path)
        }
    }
}
