import CaptionKit
import CaptionsCLI
import Media

/// Runs a timeline export for `compose` as ExportRunner runs an export: progress on the
/// terminal or as JSON, findings and errors through `Exit`.
enum ComposeRunner {
    static func run(_ session: TimelineExportSession, style: ExportOptions.ProgressStyle, extra: [Diagnostic] = [])
        throws
    {
        let printer = ProgressPrinter(style: style)
        session.progressHandler = { printer.update($0) }
        do {
            try session.exportSynchronously()
            var final = printer.last
            if let d = final?.expectedDuration { final?.outputTime = d }
            printer.finish(final: final)
        } catch let error as MediaFileError {
            printer.finish()
            try Exit.report(extra + session.diagnostics)
            throw Exit.Failure(error.description)
        } catch let error as MediaError {
            printer.finish()
            throw Exit.Failure(error.description)
        }
        try Exit.report(extra + session.diagnostics)
    }
}
