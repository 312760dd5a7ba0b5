/// A composition file that cannot be used: the file, the line and column, the JSON path of the
/// value at fault and what was expected. `captions compose` prints it and exits with status 2,
/// writing nothing.
public struct CompositionFileError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var location: JSONLocation
    public var message: String

    public init(file: String, location: JSONLocation, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    public var description: String {
        "\(file):\(location.line):\(location.column): \(location.path): \(message)"
    }
}
