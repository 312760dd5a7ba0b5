/// An error that stops the work: what kind of fault, where, and a message a user can act on.
///
/// The one error type of the modules that read and write files and the data in them: each says
/// its own kinds and its own way of naming a place (``FileSafetyError``: the file as the user
/// named it; `ISOBMFFError`: the box path and byte offset; `MetadataError`: file and line, or
/// byte offset and key path). It lives here, in the lowest of those modules, so that it is
/// written once.
public struct LocatedError<Kind, Location>: Error, Sendable, Hashable, CustomStringConvertible
where Kind: Sendable & Hashable, Location: Sendable & Hashable & CustomStringConvertible {
    public var kind: Kind
    public var message: String
    /// Where, said as the message's prefix; its description is empty when the place is unknown.
    public var location: Location

    public init(_ kind: Kind, _ message: String, location: Location) {
        self.kind = kind
        self.message = message
        self.location = location
    }

    /// `location: message`, or the message alone when the location says nothing.
    public var description: String {
        let at = location.description
        return at.isEmpty ? message : at + ": " + message
    }
}
