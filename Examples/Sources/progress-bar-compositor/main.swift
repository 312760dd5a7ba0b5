// The DocC article "Writing a custom compositor": two compositors written outside the package,
// one drawing a progress bar into each frame's planes, one replacing the last seconds with
// black frames, run by an export of movie.mp4 (17 s of one colour, made by
// scripts/run-examples.sh with ffmpeg); the example reads the result back and checks pixels.
import Media

let asset = Asset(path: "movie.mp4")
let duration = try await asset.load(.duration)
let session = ExportSession(asset: asset, outputPath: "progress.mp4")
session.compositors = [
    FadeToBlack(startSeconds: duration.seconds - 2),
    ProgressBar(durationInSeconds: duration.seconds),
]
session.progressHandler = { progress in
    if progress.fractionCompleted == 1 { print("exported \(progress.frames) frames") }
}
try await session.export()

// swift-format-ignore: OrderedImports
import ExampleChecks  // check(_:_:) and the pictures read back

// Checks (not in the article): read the export back and look at its pixels.
let early = try picture(of: "progress.mp4", atSeconds: 3)
let late = try picture(of: "progress.mp4", atSeconds: 16)
let bar = early.height - 3
check(early.width == 320 && early.height == 180, "progress.mp4 is \(early.width)x\(early.height), not 320x180")
// At 3 s of 17, the bar is white up to x = 56 and black after it.
let played = rgb(early, x: 20, y: bar)
let toCome = rgb(early, x: 300, y: bar)
check(played.r > 200 && played.g > 200 && played.b > 200, "the played part at (20, \(bar)) is \(played), not white")
check(toCome.r < 40 && toCome.g < 40 && toCome.b < 40, "the part to come at (300, \(bar)) is \(toCome), not black")
// The picture above the bar is the movie's own colour at 3 s, black at 16 s.
let middle = rgb(early, x: 160, y: 90)
check(middle.r + middle.g + middle.b > 150, "the movie's picture at 3 s is \(middle): drawn over")
let faded = rgb(late, x: 160, y: 90)
check(faded.r < 30 && faded.g < 30 && faded.b < 30, "the picture at 16 s is \(faded), not black")
let lateBar = rgb(late, x: 280, y: bar)
check(lateBar.r > 200, "the bar at 16 s is \(lateBar) at x = 280, not white: not drawn over the black frame")
print("progress bar and black frames read back as drawn")
