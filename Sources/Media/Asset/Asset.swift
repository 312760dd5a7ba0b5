import CaptionCore
import Synchronization

/// A movie file, like `AVAsset`: its properties are loaded on demand, asynchronously, and
/// kept. `try await asset.load(.duration, .tracks)`; `asset.status(of: .tracks)` tells whether
/// a property is loaded without loading it.
///
/// One pass of libavformat reads the container and every track description (and decodes a few
/// video frames to find A/53 captions), so loading any property loads them all.
public final class Asset: Sendable {
    /// The file, as the user named it.
    public let path: String

    private let state = Mutex<State>(.notLoaded)
    /// Held while a load runs, so that one pass serves every caller.
    private let loading = Mutex(())

    private enum State {
        case notLoaded
        case loading
        case loaded(AssetDescription)
        case failed(any Error)
    }

    public init(path: String) {
        self.path = path
    }

    /// Loads one property.
    public func load<Value>(_ property: AssetProperty<Value>) async throws -> Value {
        property.value(try await description())
    }

    /// Loads two properties at once.
    public func load<A, B>(_ a: AssetProperty<A>, _ b: AssetProperty<B>) async throws -> (A, B) {
        let d = try await description()
        return (a.value(d), b.value(d))
    }

    /// Loads three properties at once.
    public func load<A, B, C>(_ a: AssetProperty<A>, _ b: AssetProperty<B>, _ c: AssetProperty<C>) async throws
        -> (A, B, C)
    {
        let d = try await description()
        return (a.value(d), b.value(d), c.value(d))
    }

    /// Whether `property` is loaded, loading, failed, or not yet asked for; never loads it.
    public func status<Value>(of property: AssetProperty<Value>) -> AssetPropertyStatus<Value> {
        state.withLock { state in
            switch state {
            case .notLoaded: return .notYetLoaded
            case .loading: return .loading
            case .loaded(let d): return .loaded(property.value(d))
            case .failed(let error): return .failed(error)
            }
        }
    }

    /// Every property, loaded now on the calling thread (for commands and the export session,
    /// which already run off the main actor). Concurrent callers wait for one load.
    public func loadDescription() throws -> AssetDescription {
        try loading.withLock { _ throws -> AssetDescription in
            let current: AssetDescription? = state.withLock { state in
                if case .loaded(let d) = state { return d }
                state = .loading
                return nil
            }
            if let current { return current }
            do {
                let d = try AssetProbe.describe(path: path)
                state.withLock { $0 = .loaded(d) }
                return d
            } catch {
                state.withLock { $0 = .failed(error) }
                throw error
            }
        }
    }

    /// The description of an initialization segment and its media segments read as one movie
    /// (HLS, DASH and CMAF deliver fragmented MP4 so), as libavformat reads their bytes joined.
    public static func describe(initialization: String, segments: [String]) throws -> AssetDescription {
        try AssetProbe.describe(segments: [initialization] + segments)
    }

    private func description() async throws -> AssetDescription {
        try await Task.detached { [self] in try self.loadDescription() }.value
    }
}
