import Batch
import CaptionsCLI
import Foundation

/// Prints a batch's progress: on a terminal, one line on standard error redrawn in place (counts,
/// rate and time left) with failures above it; for programs, one JSON object per event on
/// standard output.
final class ProgressPrinter: Sendable {
    let style: ProgressStyle

    init(style: ProgressStyle) { self.style = style }

    /// A JSON Lines event of `--progress json`.
    struct Line: Encodable {
        var event: String
        var id: String?
        var state: String?
        var exitStatus: Int?
        var error: String?
        var total: Int
        var done: Int
        var failed: Int
        var skipped: Int
        var running: Int
        var elapsed: Double
        var rate: Double?
        var eta: Double?
    }

    func show(_ event: BatchEvent) {
        let p = event.progress
        switch style {
        case .json:
            let line = Line(
                event: event.kind.rawValue, id: event.job?.id, state: event.job?.state.rawValue,
                exitStatus: event.job?.exitStatus, error: event.job?.state == .failed ? event.job?.error : nil,
                total: p.total, done: p.done, failed: p.failed, skipped: p.skipped, running: p.running,
                elapsed: p.elapsed, rate: p.rate, eta: p.estimatedRemaining)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            if let data = try? encoder.encode(line) { Console.out(String(decoding: data, as: UTF8.self)) }
        case .text:
            if event.kind == .ended, let job = event.job, job.state == .failed {
                // Our words (first line) and the child's last line: the report has the rest.
                let lines = (job.error ?? "").split(separator: "\n")
                let said =
                    lines.count > 1 ? "\(lines[0]) … \(lines[lines.count - 1])" : lines.first.map(String.init) ?? ""
                Console.error("\r\u{1B}[K" + "failed: \(job.id): \(said)")
            }
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + Self.line(p)).utf8))
        case .auto, .none:
            break
        }
    }

    /// `[ 37/206] 35 done, 2 failed, 4 running · 4.2 jobs/s · 0:41 left`.
    static func line(_ p: BatchProgress) -> String {
        let width = String(p.total).count
        let ended = String(repeating: " ", count: max(0, width - String(p.ended).count)) + String(p.ended)
        var text = "[\(ended)/\(p.total)] \(p.done) done, \(p.failed) failed"
        if p.skipped > 0 { text += ", \(p.skipped) skipped" }
        text += ", \(p.running) running"
        if let rate = p.rate { text += String(format: " · %.1f jobs/s", rate) }
        if let eta = p.estimatedRemaining, p.ended < p.total { text += " · \(clock(eta)) left" }
        return text
    }

    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 3600
            ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }

    /// The closing words: a summary on standard error (not with `--progress json`, whose
    /// `finished` event says it).
    func finish(_ records: [JobRecord], journal: String) {
        if style == .text { FileHandle.standardError.write(Data("\n".utf8)) }
        guard style != .json else { return }
        var counts: [JobState: Int] = [:]
        for r in records { counts[r.state, default: 0] += 1 }
        let states = JobState.allCases.compactMap { s in counts[s].map { "\($0) \(s.rawValue)" } }
        Console.error("\(records.count) job(s): \(states.joined(separator: ", ")); journal \(journal)")
        if (counts[.failed] ?? 0) > 0 { Console.error("see `captions batch report \(journal)` for the failures") }
    }
}
