import CaptionCore

/// A property of an ``Asset`` that can be loaded, like `AVAsyncProperty`: `.duration`,
/// `.tracks`, `.metadata`, `.creationDate`, `.containerFormat`.
public struct AssetProperty<Value>: Sendable {
    /// The property's name, for messages.
    public let name: String
    let value: @Sendable (AssetDescription) -> Value

    init(_ name: String, _ value: @escaping @Sendable (AssetDescription) -> Value) {
        self.name = name
        self.value = value
    }
}

extension AssetProperty where Value == MediaTime {
    /// The container's duration (`.invalid` when the file does not say).
    public static var duration: AssetProperty<MediaTime> { .init("duration") { $0.duration ?? .invalid } }
}

extension AssetProperty where Value == [AssetTrack] {
    public static var tracks: AssetProperty<[AssetTrack]> { .init("tracks") { $0.tracks } }
}

extension AssetProperty where Value == [MediaTag] {
    /// The container's tags.
    public static var metadata: AssetProperty<[MediaTag]> { .init("metadata") { $0.metadata } }
}

extension AssetProperty where Value == String? {
    /// The container's `creation_time` tag.
    public static var creationDate: AssetProperty<String?> { .init("creationDate") { $0.creationDate } }
}

extension AssetProperty where Value == String {
    /// libavformat's name for the container ("mov,mp4,m4a,3gp,3g2,mj2").
    public static var containerFormat: AssetProperty<String> { .init("containerFormat") { $0.containerFormat } }
}

/// Where the loading of a property stands, like `AVAsyncProperty.Status`.
public enum AssetPropertyStatus<Value> {
    case notYetLoaded
    case loading
    case loaded(Value)
    case failed(any Error)
}
