/// Where a value of a composition file is: its JSON path (`$.clips[2].source`) and its line
/// and column, so that a problem found later (a missing file, a gap between instructions) is
/// reported at the value that caused it.
public struct JSONLocation: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    public func child(_ key: String) -> JSONLocation {
        JSONLocation(path: path + "." + key, line: line, column: column)
    }

    public var description: String { path }
}
