/// One metadata tag of a container or a track, as libavformat reads it (`creation_time`,
/// `language`, `handler_name`, `timecode`, `encoder`…): the names ffprobe prints after `TAG:`.
public struct MediaTag: Sendable, Hashable, Codable {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

extension Array where Element == MediaTag {
    /// The value of the first tag named `key`.
    public subscript(key: String) -> String? { first { $0.key == key }?.value }
}
