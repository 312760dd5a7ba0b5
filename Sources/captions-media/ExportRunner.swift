import CaptionKit
import CaptionsCLI
import Media
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Runs an export session (of one asset, or of a composition's timeline) for a command:
/// progress on the terminal or as JSON, findings and errors through `Exit`.
enum ExportRunner {
    static func run(_ session: ExportSession, style: ExportOptions.ProgressStyle, extra: [Diagnostic] = []) throws {
        try run(
            style: style, extra: extra, progress: { session.progressHandler = $0 },
            export: session.exportSynchronously, diagnostics: { session.diagnostics })
    }

    /// Runs `session`, which writes the hidden temporary file of `output`: its errors name
    /// `output`, the file the user knows.
    static func run(
        _ session: ExportSession, style: ExportOptions.ProgressStyle, extra: [Diagnostic], stagedFor output: String
    ) throws {
        try naming(output, for: session.outputPath) { try run(session, style: style, extra: extra) }
    }

    /// Runs `body`; an error that names `temporaryPath` is said of `output` instead.
    static func naming<T>(_ output: String, for temporaryPath: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CommandError where error.commandLineMessage.contains(temporaryPath) {
            throw Exit.Failure(
                error.commandLineMessage.replacing(temporaryPath, with: output), status: error.exitStatus)
        }
    }

    private static func run(
        style: ExportOptions.ProgressStyle, extra: [Diagnostic],
        progress: (@escaping @Sendable (ExportProgress) -> Void) -> Void,
        export: () throws -> Void, diagnostics: () -> [Diagnostic]
    ) throws {
        let printer = ProgressPrinter(style: style)
        progress { printer.update($0) }
        do {
            try export()
            // The session's last report is the whole file's (fractionCompleted 1).
            printer.finish(final: printer.last)
        } catch {
            printer.finish()
            // What the session noticed before it stopped on the input (a MediaFileError).
            if error is MediaFileError { try Exit.report(extra + diagnostics()) }
            throw error
        }
        try Exit.report(extra + diagnostics())
    }
}

extension ExportSession {
    /// The same export (source, range, compositors, audio mix, caption data) written to `path`
    /// with `settings`: the staging export of a command that adds a track to it afterwards.
    func staged(at path: String, settings: ExportSettings) -> ExportSession {
        let staged = ExportSession(source: source, outputPath: path, settings: settings)
        staged.timeRange = timeRange
        staged.compositors = compositors
        staged.audioMix = audioMix
        staged.closedCaptionData = closedCaptionData
        return staged
    }
}

/// One line of progress on a terminal (rewritten in place), JSON once a second, or nothing.
/// Sendable: a session reports on the thread that runs it; the state is behind a lock.
final class ProgressPrinter: Sendable {
    let style: ExportOptions.ProgressStyle
    private let onTerminal: Bool
    private struct State {
        var lastPrinted = -1.0
        var printedLine = false
        var last: ExportProgress?
    }
    private let state = Mutex(State())

    /// The last report received.
    var last: ExportProgress? { state.withLock { $0.last } }

    init(style: ExportOptions.ProgressStyle) {
        self.style = style
        onTerminal = isatty(2) == 1
    }

    func update(_ p: ExportProgress) {
        state.withLock { state in
            state.last = p
            switch style {
            case .none:
                return
            case .json:
                guard p.elapsedSeconds - state.lastPrinted >= 1 else { return }
                state.lastPrinted = p.elapsedSeconds
                Console.out(json(p))
            case .auto:
                guard onTerminal, p.elapsedSeconds - state.lastPrinted >= 0.25 else { return }
                state.lastPrinted = p.elapsedSeconds
                let percent = p.fractionCompleted.map { "\(Int(($0 * 100).rounded(.down)))%" } ?? "?%"
                let eta = p.estimatedSecondsRemaining.map { "ETA \(clock($0))" } ?? ""
                let line =
                    "\r\(percent)  frame \(p.frames)  \(decimal(p.framesPerSecond, 1)) fps  "
                    + "\(decimal(p.speed, 2))x  \(eta)\u{1B}[K"
                writeError(line)
                state.printedLine = true
            }
        }
    }

    /// Ends the line on a terminal; with JSON, the final state (100%) is always written.
    func finish(final: ExportProgress? = nil) {
        let printed = state.withLock { state in
            defer { state.printedLine = false }
            return state.printedLine
        }
        if printed { writeError("\n") }
        if style == .json, let final { Console.out(json(final)) }
    }

    private func json(_ p: ExportProgress) -> String {
        var fields = [
            "\"frames\":\(p.frames)", "\"time\":\(decimal(p.outputTime.seconds, 3))",
            "\"fps\":\(decimal(p.framesPerSecond, 2))", "\"speed\":\(decimal(p.speed, 3))",
            "\"elapsed\":\(decimal(p.elapsedSeconds, 3))",
        ]
        if let f = p.fractionCompleted { fields.append("\"percent\":\(decimal(f * 100, 1))") }
        if let d = p.expectedDuration { fields.append("\"duration\":\(decimal(d.seconds, 3))") }
        if let eta = p.estimatedSecondsRemaining { fields.append("\"eta\":\(decimal(eta, 1))") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    private func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        let m = s / 60
        return m >= 60 ? "\(m / 60):\(pad(m % 60)):\(pad(s % 60))" : "\(m):\(pad(s % 60))"
    }

    private func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    private func decimal(_ x: Double, _ places: Int) -> String {
        guard x.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let v = Int((x * scale).rounded())
        let whole = v / Int(scale)
        var frac = String(abs(v) % Int(scale))
        while frac.count < places { frac = "0" + frac }
        return places == 0 ? "\(whole)" : "\(v < 0 && whole == 0 ? "-" : "")\(whole).\(frac)"
    }

    private func writeError(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}
