/// A metadata track of a movie as `captions inspect` lists it: its ID, format and keys (the
/// `mebx` key table, or the GPMF streams a GoPro track carries).
public struct MetadataTrackInfo: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// QuickTime timed metadata (`mebx`).
        case quickTimeMetadata = "mebx"
        /// GoPro GPMF (`gpmd`).
        case gpmf = "gpmd"
        /// Another metadata format, listed but not decoded.
        case other
    }

    public var trackID: UInt32
    public var kind: Kind
    /// The sample entry's format code (`mebx`, `gpmd`, `camm`…).
    public var format: String
    public var handlerName: String
    public var sampleCount: Int
    /// `mebx`: the identifiers (`mdta/com.apple.quicktime.location.ISO6709`); `gpmd`: the stream
    /// keys with their names and rates (`GPS5 GPS (Lat., Long., Alt., 2D speed, 3D speed) 18.2 Hz`).
    public var keys: [String]
    /// Track IDs this track describes (`tref cdsc`).
    public var describes: [UInt32]

    public var description: String {
        "track \(trackID) \(format) (\(sampleCount) samples)"
            + (keys.isEmpty ? "" : ": " + keys.joined(separator: ", "))
    }
}
