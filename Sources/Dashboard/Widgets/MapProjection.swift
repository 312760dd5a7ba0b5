#if canImport(Glibc)
    import Glibc
#endif

/// Places positions in a map widget's box: an equirectangular projection about the track's
/// middle latitude (x = longitude × cos φ₀, y = −latitude, which keeps shapes true over the few
/// kilometres of a ride), scaled to fit the track's bounding box inside the box with a margin,
/// and centred. No tiles and no network: the map is the track itself.
public struct MapProjection: Sendable, Hashable {
    public let boxWidth: Int
    public let boxHeight: Int
    private let originLatitude: Double
    private let originLongitude: Double
    private let cosLatitude: Double
    /// Pixels per degree of latitude.
    private let scale: Double

    /// A projection fitting `positions` (latitude, longitude) in a box of the given size with
    /// `margin` pixels free on each side; nil when no position is finite.
    public init?(positions: [(latitude: Double, longitude: Double)], boxWidth: Int, boxHeight: Int, margin: Double) {
        let finite = positions.filter { $0.latitude.isFinite && $0.longitude.isFinite }
        guard let minLat = finite.map(\.latitude).min(), let maxLat = finite.map(\.latitude).max(),
            let minLon = finite.map(\.longitude).min(), let maxLon = finite.map(\.longitude).max()
        else { return nil }
        self.boxWidth = boxWidth
        self.boxHeight = boxHeight
        let midLat = (minLat + maxLat) / 2
        cosLatitude = max(0.01, cos(midLat * Double.pi / 180))
        originLatitude = midLat
        originLongitude = (minLon + maxLon) / 2
        let spanX = max(1e-9, (maxLon - minLon) * cosLatitude)
        let spanY = max(1e-9, maxLat - minLat)
        let availableX = max(1, Double(boxWidth) - 2 * margin)
        let availableY = max(1, Double(boxHeight) - 2 * margin)
        scale = min(availableX / spanX, availableY / spanY)
    }

    /// The point in box pixels (from the box's top-left corner) of a position.
    public func point(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        (
            Double(boxWidth) / 2 + (longitude - originLongitude) * cosLatitude * scale,
            Double(boxHeight) / 2 - (latitude - originLatitude) * scale
        )
    }
}
