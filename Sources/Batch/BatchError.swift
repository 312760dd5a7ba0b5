/// What stops a batch before or while it runs: a job file that cannot be read, a job that
/// cannot run as written, a journal that cannot be opened. Each names where the fault is.
public struct BatchError: Error, Sendable, CustomStringConvertible {
    /// One fault: the file and line (1-based) it is on, when it is in a file, and what was expected.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        public var file: String?
        public var line: Int?
        public var column: Int?
        public var message: String

        public init(file: String? = nil, line: Int? = nil, column: Int? = nil, _ message: String) {
            self.file = file
            self.line = line
            self.column = column
            self.message = message
        }

        public var description: String {
            var place = ""
            if let file { place = file + (line.map { ":\($0)" } ?? "") + (column.map { ":\($0)" } ?? "") + ": " }
            return place + message
        }
    }

    /// Every fault found; checks go on after the first so that one run shows them all.
    public var problems: [Problem]

    public init(_ problems: [Problem]) { self.problems = problems }

    public init(_ message: String, file: String? = nil, line: Int? = nil) {
        problems = [Problem(file: file, line: line, message)]
    }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
