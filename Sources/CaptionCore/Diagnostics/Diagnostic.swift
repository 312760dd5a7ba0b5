/// A finding the user should know about: what a reader tolerated, what a validator flagged.
/// Readers collect these instead of logging them, so the validator and the CLI can show them.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        case info, warning, error

        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
        private var rank: Int {
            switch self {
            case .info: return 0
            case .warning: return 1
            case .error: return 2
            }
        }
    }

    public var severity: Severity
    /// A stable identifier such as `scc.parity` or `608.columns` (see Specs/validation-rules.md).
    public var ruleID: String
    public var location: DiagnosticLocation
    public var message: String
    /// What would fix it, in words; validators may attach a machine-readable adjustment too.
    public var suggestedFix: String?

    public init(
        _ severity: Severity, _ ruleID: String, _ message: String,
        at location: DiagnosticLocation = .init(), suggestedFix: String? = nil
    ) {
        self.severity = severity
        self.ruleID = ruleID
        self.location = location
        self.message = message
        self.suggestedFix = suggestedFix
    }

    /// `file:line:column: severity[rule]: message (at timecode); fix: …`
    public var description: String {
        var s = location.description
        if !s.isEmpty { s += ": " }
        s += "\(severity.rawValue)[\(ruleID)]: \(message)"
        if let fix = suggestedFix { s += " — suggestion: \(fix)" }
        return s
    }
}

/// Where a diagnostic applies: any of file, line, column and media time/timecode.
public struct DiagnosticLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    public var file: String?
    public var line: Int?
    public var column: Int?
    /// The timecode as the source wrote it, or as we format it (e.g. "00:01:02;03").
    public var timecode: String?
    public var time: MediaTime?

    public init(
        file: String? = nil, line: Int? = nil, column: Int? = nil, timecode: String? = nil,
        time: MediaTime? = nil
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.timecode = timecode
        self.time = time
    }

    public var description: String {
        var parts: [String] = []
        if let file { parts.append(file) }
        if let line { parts.append(String(line)) }
        if let column, line != nil { parts.append(String(column)) }
        var s = parts.joined(separator: ":")
        if let timecode { s += s.isEmpty ? timecode : " @ \(timecode)" }
        return s
    }
}
