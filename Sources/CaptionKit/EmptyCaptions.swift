import CaptionCore

/// Never a silent empty result: a read that gives no caption is written, added to a movie or
/// burned only when the user asks for an empty result (`--allow-empty`). Without it the command
/// writes nothing and exits 1 with an error-level finding; the reader's own findings say why the
/// source gave nothing (only padding, only XDS, encrypted, fragments without their init segment…).
public enum EmptyCaptions {
    /// The finding's rule ID.
    public static let rule = "captions.empty"
    /// How the finding names the `allowEmpty` parameter; the CLI's `--allow-empty`.
    public static let allowEmptyWords = "allowEmpty: true"
    /// The finding's suggested fix, in the API's words; the CLI says its flag.
    public static let allowEmptyHint = "pass \(allowEmptyWords) to accept an empty result"

    /// The finding about `result`, read from `input`, when it holds no caption; nil when it holds
    /// at least one. `consequence` says what the command does not do ("out.srt is not written").
    /// An error unless `allowEmpty`, then a warning that the result is empty on purpose.
    public static func finding(
        _ result: CaptionReadResult, input: String, consequence: String, allowEmpty: Bool
    ) -> Diagnostic? {
        guard result.document.captions.isEmpty else { return nil }
        let why =
            result.diagnostics.contains { $0.severity == .error }
            ? " (the findings above say why)" : ""
        if allowEmpty {
            return Diagnostic(
                .warning, rule, "no captions read from \(input)\(why); the result is empty (\(allowEmptyWords))",
                at: DiagnosticLocation(file: input))
        }
        return Diagnostic(
            .error, rule, "no captions read from \(input)\(why): \(consequence)",
            at: DiagnosticLocation(file: input),
            suggestedFix: allowEmptyHint)
    }
}
