import ArgumentParser
import CaptionKit
import Foundation

/// The one place where errors and findings become messages and exit statuses:
/// 0 clean (warnings allowed), 1 error-level findings, 2 unreadable input or bad arguments.
enum Exit {
    static let clean: Int32 = 0
    static let findings: Int32 = 1
    static let unusable: Int32 = 2

    /// Thrown by commands that finished but found error-level problems (already printed).
    struct Findings: Error {}

    static func run(_ command: CaptionsCommand.Type) {
        let status: Int32
        do {
            var parsed = try CaptionsCommand.parseAsRoot()
            try parsed.run()
            status = clean
        } catch is Findings {
            status = findings
        } catch let error as CaptionFormatError {
            for d in error.diagnostics { Console.error(d.description) }
            Console.error("captions: error: \(error.description)")
            status = unusable
        } catch let error as MediaTimeError {
            Console.error("captions: error: \(error)")
            status = unusable
        } catch let error as TimecodeError {
            Console.error("captions: error: \(error)")
            status = unusable
        } catch {
            // ArgumentParser's own errors: help, version, usage mistakes.
            let code = CaptionsCommand.exitCode(for: error)
            let message = CaptionsCommand.fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
                status = clean
            } else {
                if !message.isEmpty { Console.error(message) }
                status = unusable
            }
        }
        exit(status)
    }

    /// Prints `diagnostics` to standard error and throws ``Findings`` when any is an error.
    static func report(_ diagnostics: [Diagnostic], quiet: Bool = false) throws {
        if !quiet { for d in diagnostics { Console.error(d.description) } }
        if diagnostics.contains(where: { $0.severity == .error }) { throw Findings() }
    }
}
