import ArgumentParser
import CaptionKit
import FileSafety

#if canImport(Glibc)
    import Glibc
#endif

/// The one place where errors and findings become messages and exit statuses:
/// 0 clean (warnings allowed), 1 error-level findings, 2 unreadable input or bad arguments.
public enum Exit {
    public static let clean: Int32 = 0
    public static let findings: Int32 = 1
    public static let unusable: Int32 = 2

    /// Thrown by commands that finished but found error-level problems (already printed).
    public struct Findings: Error {
        public init() {}
    }

    /// Thrown to stop with a message and status 2 (unusable input or arguments), where the
    /// command itself finds the fault (a bad option value, an input without what it needs); a
    /// library's error is thrown as it is (``CommandError``).
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public let exitStatus: Int32
        public init(_ message: String, status: Int32 = Exit.unusable) {
            description = message
            exitStatus = status
        }
    }

    /// Parses the command line for `Root`, runs it, prints and exits. `words` are the
    /// executable's own flags for a library's words (``CommandLineWords/executableFlags``).
    public static func run<Root: ParsableCommand>(
        _ root: Root.Type, arguments: [String]? = nil, words: [(library: String, commandLine: String)] = []
    ) -> Never {
        run(root, words: words) {
            var parsed = try Root.parseAsRoot(arguments)
            try parsed.run()
        }
    }

    /// Runs `body`, a command of `Root` parsed some other way, then prints and exits as
    /// ``run(_:arguments:words:)`` does.
    public static func run<Root: ParsableCommand>(
        _ root: Root.Type, words: [(library: String, commandLine: String)] = [], _ body: () throws -> Void
    ) -> Never {
        Interruption.removeOutputsAndExitOnSignal()
        var status: Int32 = CommandLineWords.$executableFlags.withValue(words) {
            do {
                try body()
                return clean
            } catch {
                return handle(error, root: root)
            }
        }
        if let reason = Console.standardOutputFailure {
            Console.error("captions: error: cannot write to standard output: \(reason); the output is incomplete")
            status = unusable
        }
        exit(status)
    }

    /// The message and the status for `error`.
    static func handle<Root: ParsableCommand>(_ error: Error, root: Root.Type) -> Int32 {
        switch error {
        case is Findings:
            return findings
        case let error as CommandError:
            for d in error.findings { Console.error(CommandLineWords.said(d).description) }
            Console.error("captions: error: \(error.commandLineMessage)")
            return error.exitStatus
        default:
            // ArgumentParser's own outcomes: help and version (success), usage mistakes.
            let code = Root.exitCode(for: error)
            let message = Root.fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { Console.out(message) }
                return clean
            }
            if !message.isEmpty { Console.error(message) }
            return unusable
        }
    }

    /// Prints `diagnostics` to standard error and throws ``Findings`` when any is an error. Those
    /// that name no file are printed as findings about `file`, so that every finding says which
    /// file it is about.
    public static func report(_ diagnostics: [Diagnostic], file: String? = nil, quiet: Bool = false) throws {
        if !quiet {
            for d in diagnostics { Console.error(CommandLineWords.said(file.map { d.inFile($0) } ?? d).description) }
        }
        if diagnostics.contains(where: { $0.severity == .error }) { throw Findings() }
    }
}

extension Diagnostic {
    /// This finding, about `path` when it names no file itself.
    public func inFile(_ path: String) -> Diagnostic {
        guard location.file == nil else { return self }
        var named = self
        named.location.file = path
        return named
    }
}

extension Array where Element == Diagnostic {
    /// These findings, each about `path` when it names no file itself.
    public func inFile(_ path: String) -> [Diagnostic] { map { $0.inFile(path) } }
}
