import Foundation
import LocatedJSON

/// What a journal says of its batch: jobs by state, each failure, the validator's findings summed
/// by rule, and time per job kind; as text, JSON and an HTML page (`captions batch report`).
public struct BatchReport: Sendable, Codable {
    /// One failed job.
    public struct Failure: Sendable, Codable, Hashable {
        public var id: String
        public var kind: String
        public var command: [String]
        public var exitStatus: Int?
        public var signal: Int?
        public var error: String?
        public var attempts: Int
    }

    /// The findings of one validator rule over every validate job.
    public struct RuleCount: Sendable, Codable, Hashable {
        public var ruleID: String
        public var severity: String
        /// Findings in all files.
        public var findings: Int
        /// Files with at least one.
        public var files: Int
    }

    /// The time the jobs of one kind took (their last attempts).
    public struct KindTime: Sendable, Codable, Hashable {
        public var kind: String
        public var jobs: Int
        public var totalSeconds: Double
        public var meanSeconds: Double
        public var maximumSeconds: Double
    }

    public var journal: String
    /// Jobs in each state, every state named (0 included): `done`, `failed`, `queued`, `running`, `skipped`.
    public var counts: [String: Int]
    public var total: Int
    /// Jobs that ended done with status 1: error-level findings, the output written.
    public var doneWithFindings: Int
    public var failures: [Failure]
    public var findingsByRule: [RuleCount]
    /// validate jobs whose report could not be read (cut at the journal's bound, or not JSON).
    public var unreadableValidationReports: [String]
    public var timeByKind: [KindTime]
    /// Attempts in all (more than the jobs when some ran again).
    public var attempts: Int

    public init(journal: Journal) throws(BatchError) {
        let records = try journal.records()
        self.journal = journal.path
        total = records.count
        var counts = Dictionary(uniqueKeysWithValues: JobState.allCases.map { ($0.rawValue, 0) })
        for record in records { counts[record.state.rawValue, default: 0] += 1 }
        self.counts = counts
        doneWithFindings = records.count { $0.state == .done && $0.exitStatus == 1 }
        failures = records.filter { $0.state == .failed }.map {
            Failure(
                id: $0.id, kind: $0.kind, command: $0.command, exitStatus: $0.exitStatus, signal: $0.signal,
                error: $0.error, attempts: $0.attempts)
        }
        (findingsByRule, unreadableValidationReports) = Self.findings(records)
        timeByKind = Dictionary(grouping: records.filter { $0.duration != nil }, by: \.kind).map { kind, jobs in
            let times = jobs.compactMap(\.duration)
            let sum = times.reduce(0, +)
            return KindTime(
                kind: kind, jobs: times.count, totalSeconds: sum, meanSeconds: sum / Double(times.count),
                maximumSeconds: times.max() ?? 0)
        }.sorted { $0.kind < $1.kind }
        attempts = try journal.attempts().count
    }

    /// The findings of every done validate job's `--json` report, summed by rule.
    private static func findings(_ records: [JobRecord]) -> ([RuleCount], [String]) {
        var byRule: [String: RuleCount] = [:]
        var unreadable: [String] = []
        for record in records where record.kind == "validate" && record.state == .done {
            guard let text = record.standardOutput,
                case .object(let members, _)? = try? LocatedJSON.parse(Array(text.utf8)),
                case .array(let findings, _)? = members.first(where: { $0.key == "findings" })?.value
            else {
                unreadable.append(record.id)
                continue
            }
            var seen: Set<String> = []
            for finding in findings {
                guard case .object(let fields, _) = finding,
                    case .string(let rule, _)? = fields.first(where: { $0.key == "ruleID" })?.value
                else { continue }
                var severity = "?"
                if case .string(let s, _)? = fields.first(where: { $0.key == "severity" })?.value { severity = s }
                var count = byRule[rule] ?? RuleCount(ruleID: rule, severity: severity, findings: 0, files: 0)
                count.findings += 1
                if seen.insert(rule).inserted { count.files += 1 }
                byRule[rule] = count
            }
        }
        return (byRule.values.sorted { ($0.findings, $1.ruleID) > ($1.findings, $0.ruleID) }, unreadable)
    }

    // MARK: - Text

    public var text: String {
        var lines = ["\(journal): \(total) job(s), \(attempts) attempt(s)"]
        lines.append(
            JobState.allCases.map { "\(counts[$0.rawValue] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
                + (doneWithFindings > 0 ? " (\(doneWithFindings) done with error-level findings)" : ""))
        if !failures.isEmpty {
            lines.append("")
            lines.append("Failures:")
            for f in failures {
                let status = f.signal.map { "signal \($0)" } ?? f.exitStatus.map { "exit \($0)" } ?? "no status"
                let error = (f.error ?? "").split(separator: "\n").joined(separator: "\n    ")
                lines.append("  \(f.id) (\(f.kind), \(status)): \(error)")
            }
        }
        if !findingsByRule.isEmpty {
            lines.append("")
            lines.append("Validator findings by rule:")
            for r in findingsByRule {
                lines.append("  \(r.ruleID) (\(r.severity)): \(r.findings) in \(r.files) file(s)")
            }
        }
        if !timeByKind.isEmpty {
            lines.append("")
            lines.append("Time per job kind:")
            for k in timeByKind {
                lines.append(
                    "  \(k.kind): \(k.jobs) job(s), \(Self.seconds(k.totalSeconds)) in all, "
                        + "\(Self.seconds(k.meanSeconds)) each on average, \(Self.seconds(k.maximumSeconds)) at most")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func seconds(_ s: Double) -> String {
        String(format: "%.2f s", s)
    }

    // MARK: - JSON

    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    // MARK: - HTML

    /// A page of its own (no script, no outside resource): the counts, a table of failures, the
    /// findings by rule and the time per kind.
    public var html: String {
        func e(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        func table(_ caption: String, _ head: [String], _ rows: [[String]]) -> String {
            guard !rows.isEmpty else { return "<h2>\(e(caption))</h2>\n<p>None.</p>\n" }
            let header = head.map { "<th>\(e($0))</th>" }.joined()
            let body = rows.map { "<tr>" + $0.map { "<td>\(e($0))</td>" }.joined() + "</tr>" }.joined(separator: "\n")
            return
                "<h2>\(e(caption))</h2>\n<table>\n<thead><tr>\(header)</tr></thead>\n<tbody>\n\(body)\n</tbody>\n</table>\n"
        }
        let states = JobState.allCases.map { "\($0.rawValue): \(counts[$0.rawValue] ?? 0)" }.joined(separator: " · ")
        var page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Batch report: \(e(journal))</title>
            <style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}
            td,th{border:1px solid #999;padding:.2em .5em;text-align:left;vertical-align:top}
            td:nth-child(n+2){font-variant-numeric:tabular-nums}</style></head><body>
            <h1>Batch report</h1>
            <p>\(e(journal)): \(total) job(s), \(attempts) attempt(s). \(e(states))</p>

            """
        page += table(
            "Failures", ["Job", "Kind", "Status", "Attempts", "Error", "Command"],
            failures.map {
                [
                    $0.id, $0.kind, $0.signal.map { "signal \($0)" } ?? $0.exitStatus.map { "exit \($0)" } ?? "",
                    String($0.attempts), $0.error ?? "", $0.command.joined(separator: " "),
                ]
            })
        page += table(
            "Validator findings by rule", ["Rule", "Severity", "Findings", "Files"],
            findingsByRule.map { [$0.ruleID, $0.severity, String($0.findings), String($0.files)] })
        page += table(
            "Time per job kind", ["Kind", "Jobs", "Total", "Mean", "Longest"],
            timeByKind.map {
                [
                    $0.kind, String($0.jobs), Self.seconds($0.totalSeconds), Self.seconds($0.meanSeconds),
                    Self.seconds($0.maximumSeconds),
                ]
            })
        return page + "</body></html>\n"
    }
}
