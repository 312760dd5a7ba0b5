// README "As a library" and the DocC article "Burning captions into a movie": the captions of
// show.scc drawn into movie.mp4's pictures from 10 s to the end (scripts/run-examples.sh makes
// a 17-second movie.mp4).
import CaptionKit
import Composition
import Media
import Render

let (result, _) = try CaptionFile.read("show.scc")
let asset = Asset(path: "movie.mp4")
let (duration, tracks) = try await asset.load(.duration, .tracks)
let session = ExportSession(asset: asset, outputPath: "burned.mp4", settings: ExportSettings(crf: 20))
session.timeRange = TimeRange(start: MediaTime(value: 10, timescale: 1), end: duration)
session.compositors = [CaptionCompositor(renderer: try CaptionRenderer(captions: result.document.captions))]
try await session.export()

// swift-format-ignore: OrderedImports
import ExampleChecks  // check(_:_:) and the pictures read back

// Checks (not in the README): seven seconds written, and a caption drawn where show.scc
// shows "A WITCH" (14:02 to 16:05) but not where it shows nothing (11:09 to 14:02).
check(tracks.contains { $0.mediaType == .video }, "movie.mp4 has no video track")
let written = try await Asset(path: "burned.mp4").load(.duration)
check(abs(written.seconds - 7) < 0.1, "burned.mp4 lasts \(written.seconds) s, not 7")
// movie.mp4 is one colour: only a caption changes pixels.
let blank = try picture(of: "burned.mp4", atSeconds: 2)
let captioned = try picture(of: "burned.mp4", atSeconds: 5)
let plain = try picture(of: "movie.mp4", atSeconds: 12)
check(differingPixels(plain, blank) == 0, "pixels changed at 12 s, where show.scc shows no caption")
check(differingPixels(plain, captioned) > 200, "no caption drawn at 15 s, where show.scc shows A WITCH")
