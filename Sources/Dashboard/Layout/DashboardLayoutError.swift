/// A layout file that cannot be used: where (file, line, column, JSON path) and what was
/// expected.
public struct DashboardLayoutError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    /// `widgets[2].frame.x`; empty for the whole document.
    public var path: String
    public var message: String

    public var description: String {
        "\(file):\(line):\(column): " + (path.isEmpty ? "" : "\(path): ") + message
    }
}
