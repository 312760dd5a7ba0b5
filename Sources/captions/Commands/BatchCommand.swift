import ArgumentParser
import Batch
import CaptionsCLI
import FileSafety
import Foundation

/// `captions batch`: many `captions` commands from a job file or a template, run by a bounded
/// pool with a journal that lets a stopped batch resume (Specs/batch-jobs.md); `captions batch
/// report` reads the journal back.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Run many captions commands from a job file or a template, resumably, with a journal.",
        subcommands: [BatchRunCommand.self, BatchReportCommand.self],
        defaultSubcommand: BatchRunCommand.self)
}

/// `captions batch [run] jobs.jsonl` and `captions batch --each TEMPLATE FILES…`.
struct BatchRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a job file (one JSON object per line) or one job per file with --each.",
        discussion: """
            A job file's line: {"id": "c1", "command": ["convert", "in.scc", "out.itt"], "priority": 0}. \
            With --each, FILES (quoted patterns such as 'archive/**/*.scc' are expanded here) each make one job: \
            {} is the file, {stem} the file without its extension, {name}, {base}, {dir} and {ext} its parts. \
            Every job is checked before any runs. A batch run again resumes: done jobs are not run again, \
            interrupted ones are rerun from scratch. Exit status: 0 when every job is done and clean, \
            1 when a job failed or found error-level problems, 2 when the jobs cannot run as written.
            """)

    @Argument(help: "The job file (JSON Lines); with --each, the files (or quoted patterns) to make jobs of.")
    var files: [String] = []

    @Option(name: .long, help: "Make one job per file from this command template, e.g. 'convert {} {stem}.itt'.")
    var each: String?

    @Option(name: .long, help: "Jobs at once (default: the number of cores).")
    var jobs: Int?

    @Option(name: .long, help: "Encodes (burn, export, compose) at once, within --jobs (default: half the cores).")
    var encodes: Int?

    @Option(
        name: .long,
        help: "The journal (SQLite). Default: beside the job file, its extension .db; with --each, captions-batch.db.")
    var journal: String?

    @Flag(name: .customLong("retry-failed"), help: "Run again the jobs that failed in an earlier run.")
    var retryFailed = false

    @Option(name: .long, help: "Progress: auto (a line on a terminal), text, json (one event per line), none.")
    var progress: ProgressStyle = .auto

    @Option(name: .long, help: "Where jobs run: local (child processes here, the default) or ray (--address).")
    var engine: EngineName = .local

    @Option(name: .long, help: "With --engine ray: the cluster's head, HOST:PORT.")
    var address: String?

    @Option(name: .long, help: "With --engine ray: the Python that imports ray and captions_ray (default python3).")
    var python = "python3"

    func validate() throws {
        if files.isEmpty { throw ValidationError(each == nil ? "name a job file" : "name the files for --each") }
        if each == nil && files.count > 1 {
            throw ValidationError("one job file at a time (or --each TEMPLATE FILES…)")
        }
        if let jobs, jobs < 1 || jobs > 1024 { throw ValidationError("--jobs must be 1…1024") }
        if let encodes, encodes < 1 || encodes > 1024 { throw ValidationError("--encodes must be 1…1024") }
        if engine == .ray && address == nil { throw ValidationError("--engine ray needs --address HOST:PORT") }
        if engine == .local && address != nil { throw ValidationError("--address goes with --engine ray") }
    }

    /// The engine and its limits: on Ray, up to --jobs tasks (default 64) in flight, whose
    /// resources the cluster grants.
    var poolEngine: (LocalPool.Engine, LocalPool.Limits) {
        guard engine == .ray, let address else { return (.local, .init(jobs: jobs, encodes: encodes)) }
        let inFlight = jobs ?? 64
        return (.ray(address: address, python: python), .init(jobs: inFlight, encodes: encodes ?? inFlight))
    }

    func run() throws {
        let folder = FileManager.default.currentDirectoryPath
        let batchJobs: [BatchJob]
        let journalPath: String
        do throws(BatchError) {
            if let each {
                batchJobs = try Self.jobs(each: each, files: files, folder: folder)
                journalPath = journal ?? "captions-batch.db"
            } else {
                batchJobs = try JobFile.read(files[0])
                journalPath = journal ?? Self.journalBeside(files[0])
            }
            try BatchPlan.check(batchJobs, workingDirectory: folder)
        } catch {
            throw Self.stop(error, "nothing was run")
        }
        let executable = MediaCommandForwarder.siblingPath(named: "captions", of: CommandLine.arguments[0])
        let pool: LocalPool
        let records: [JobRecord]
        let printer = ProgressPrinter(style: progress.resolved)
        do throws(BatchError) {
            pool = LocalPool(
                journal: try Journal(path: journalPath),
                options: .init(
                    executable: executable, workingDirectory: folder, limits: poolEngine.1, retryFailed: retryFailed,
                    engine: poolEngine.0))
            records = try pool.run(batchJobs) { printer.show($0) }
        } catch {
            throw Self.stop(error, "see `captions batch report \(journalPath)`")
        }
        printer.finish(records, journal: journalPath)
        if records.contains(where: { $0.state == .failed || $0.exitStatus == 1 }) { throw Exit.Findings() }
    }

    /// Every problem printed on its own line, then the status-2 stop.
    static func stop(_ error: BatchError, _ consequence: String) -> Exit.Failure {
        for problem in error.problems.dropLast() { Console.error("captions: error: \(problem)") }
        return Exit.Failure("\(error.problems.last?.description ?? "batch failed"); \(consequence)")
    }

    /// The jobs of `--each`: each file, a pattern expanded in `folder`, makes one job.
    static func jobs(each template: String, files: [String], folder: String) throws(BatchError) -> [BatchJob] {
        let template = try JobTemplate(template)
        var jobs: [BatchJob] = []
        var problems: [BatchError.Problem] = []
        for word in files {
            let matches = Glob.isPattern(word) ? Glob.expand(word, workingDirectory: folder) : [word]
            if matches.isEmpty { problems.append(.init("\(word): the pattern matches no file")) }
            for file in matches {
                do throws(BatchError) { jobs.append(try template.job(for: file)) } catch { problems += error.problems }
            }
        }
        guard problems.isEmpty else { throw BatchError(problems) }
        return jobs
    }

    /// `jobs.jsonl` → `jobs.db`, in the job file's folder.
    static func journalBeside(_ jobFile: String) -> String {
        let slash = jobFile.lastIndex(of: "/")
        let nameStart = slash.map { jobFile.index(after: $0) } ?? jobFile.startIndex
        if let dot = jobFile[nameStart...].lastIndex(of: "."), dot > nameStart {
            return jobFile[..<dot] + ".db"
        }
        return jobFile + ".db"
    }
}

/// `captions batch report journal.db`.
struct BatchReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Summarize a batch journal: jobs by state, failures, validator findings by rule, time per kind.")

    @Argument(help: "The journal (SQLite) a batch wrote.")
    var journal: String

    @Flag(name: .long, help: "Print the report as JSON.")
    var json = false

    @Option(name: .long, help: "Also write the report as an HTML page to this file.")
    var html: String?

    @Flag(name: .long, help: "Replace the --html file if it exists.")
    var force = false

    func run() throws {
        let report: BatchReport
        do throws(BatchError) {
            report = try BatchReport(journal: Journal(path: journal, create: false))
        } catch {
            throw BatchRunCommand.stop(error, "no report")
        }
        Console.out(json ? try JSONText.encode(report) : report.text)
        if let html {
            let file = try OutputFile(html, overwrite: force)
            try file.write(Array(report.html.utf8))
            try file.commit()
            Console.error("wrote \(html)")
        }
    }
}

/// `--engine`.
enum EngineName: String, ExpressibleByArgument, CaseIterable {
    case local, ray
}

/// How `captions batch` shows its progress.
enum ProgressStyle: String, ExpressibleByArgument, CaseIterable {
    case auto, text, json, none

    /// `auto`: a line kept up to date on a terminal, nothing otherwise.
    var resolved: ProgressStyle {
        guard self == .auto else { return self }
        return isatty(2) == 1 ? .text : .none
    }
}
