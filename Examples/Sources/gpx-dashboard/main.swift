// The DocC article "Reading GPS metadata and drawing a dashboard": the GPS points of a GoPro
// movie (gopro.mp4, the GoPro Max fixture read in place) and of a GPX ride (ride.gpx, bundled
// in Fixtures/examples), the ride placed on clip.mp4's timeline by its creation time and drawn
// over it as the GPS dashboard.
import Composition
import Foundation
import Media
import Metadata
import Render

// A GoPro movie's own GPS track (GPMF GPS5 or GPS9, or a QuickTime mebx track).
let gopro = try MovieMetadata(path: "gopro.mp4")
let goproPoints = try gopro.trackPoints(try gopro.gpsTrack())
if let first = goproPoints.first {
    print(goproPoints.count, "GoPro points from", first.latitude, first.longitude, first.speed ?? 0, "m/s")
}

// A GPX ride, placed on a movie's timeline by the movie's creation time.
let movie = try MovieMetadata(path: "clip.mp4")
let bytes = try Data(contentsOf: URL(fileURLWithPath: "ride.gpx"))
let gpx = try GPXReader(fileName: "ride.gpx").read(Array(bytes))
let (points, _) = try gpx.timedTrackPoints()
let anchor = try MetadataSync.creationTime.anchor(for: movie, points: points)
let (placed, _) = try MetadataSync.place(
    points, anchor: anchor, offset: .zero, duration: movie.duration, timescale: 1000)
let ride = SampleDataTrack(trackID: 100, placedPoints: placed, movieDuration: movie.duration)

// The dashboard drawn over every frame of the movie.
let dashboard = GPSDashboardCompositor(track: ride, units: .metric, fonts: try FontCatalog.system())
let asset = Asset(path: "clip.mp4")
let duration = try await asset.load(.duration)
let session = ExportSession(asset: asset, outputPath: "dashboard.mp4")
try session.apply(
    .singleTrack(compositor: dashboard, duration: duration, videoTrackID: 1, sampleDataTrackIDs: [ride.trackID]),
    sampleDataTracks: [ride])
try await session.export()
print("dashboard drawn on \(dashboard.framesDrawn) frames")

// swift-format-ignore: OrderedImports
import ExampleChecks  // check(_:_:) and the pictures read back

// Checks (not in the article).
check(goproPoints.count > 10, "only \(goproPoints.count) GPS points in gopro.mp4")
check(placed.count == 7, "\(placed.count) of ride.gpx's points placed on clip.mp4, not 7 (gpxpy reads 7)")
check(dashboard.framesDrawn > 170, "the dashboard was drawn on \(dashboard.framesDrawn) frames")
let drawn = differingPixels(try picture(of: "clip.mp4", atSeconds: 3), try picture(of: "dashboard.mp4", atSeconds: 3))
check(drawn > 2000, "only \(drawn) pixels changed by the dashboard")
