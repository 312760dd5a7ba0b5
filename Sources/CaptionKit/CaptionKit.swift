// CaptionKit: the suite as one library. It re-exports the model and lists every file format.
@_exported import CaptionCore
import CaptionTracks
@_exported import Validation

/// The kind of movie a file's first bytes show (`CaptionTracks.MovieContainer`), named here for
/// programs that depend on CaptionKit alone (the `captions` command hands movies on by it).
public typealias MovieContainer = CaptionTracks.MovieContainer
