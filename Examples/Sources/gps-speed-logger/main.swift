// README "As a library" and the DocC article "Reading GPS metadata and drawing a dashboard":
// a custom compositor that reads the GPS group in force at each frame of a GoPro movie
// (gopro.mp4, the GoPro Max fixture read in place), stacked with the GPS dashboard.
import Composition
import Media
import Metadata
import Render

final class SpeedLogger: VideoCompositing {
    let trackID: CompositionTrackID
    init(trackID: CompositionTrackID) { self.trackID = trackID }

    func compose(_ request: VideoCompositionRequest) throws {
        let group = request.sourceTimedMetadata(byTrackID: trackID)  // the group whose range holds this frame
        print(request.compositionTime.seconds, group?.item(.speed)?.value ?? "no GPS")
    }
}
let movie = try MovieMetadata(path: "gopro.mp4")
let gps = try SampleDataTrack(movie: movie, track: try movie.gpsTrack())
let asset = Asset(path: "gopro.mp4")
let duration = try await asset.load(.duration)
let session = ExportSession(asset: asset, outputPath: "out.mp4")
let logger = SpeedLogger(trackID: gps.trackID)
let stack = CompositorStack([logger, GPSDashboardCompositor(track: gps, fonts: try FontCatalog.system())])
try session.apply(
    .singleTrack(compositor: stack, duration: duration, videoTrackID: 1, sampleDataTrackIDs: [gps.trackID]),
    sampleDataTracks: [gps])
try await session.export()

// swift-format-ignore: OrderedImports
import ExampleChecks  // check(_:_:) and the pictures read back

// Checks (not in the README).
let written = try await Asset(path: "out.mp4").load(.duration)
check(abs(written.seconds - duration.seconds) < 0.1, "out.mp4 lasts \(written.seconds) s, not \(duration.seconds)")
