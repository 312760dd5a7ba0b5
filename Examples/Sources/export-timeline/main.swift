// The DocC articles "Exporting a composition" and "Taking frames and thumbnails": two movies
// edited one after the other, faded in from black, exported, and pictures taken of the
// composition and of the exported movie (clip.mp4 from Fixtures/examples, movie.mp4 made by
// scripts/run-examples.sh).
import CaptionCore
import Composition
import Foundation
import Media

let seconds = { (value: Int64) in MediaTime(value: value, timescale: 1) }

// Two seconds of each movie, one after the other, on one video track.
var composition = MutableComposition()
let video = composition.addMutableTrack(withMediaType: .video)
let first = SourceTrack(
    path: "clip.mp4", trackID: 1, mediaType: .video, timeRange: TimeRange(start: .zero, duration: seconds(6)))
let second = SourceTrack(
    path: "movie.mp4", trackID: 1, mediaType: .video, timeRange: TimeRange(start: .zero, duration: seconds(17)))
try composition.insertTimeRange(TimeRange(start: seconds(1), duration: seconds(2)), of: first, at: .zero, into: video)
try composition.insertTimeRange(TimeRange(start: .zero, duration: seconds(2)), of: second, at: seconds(2), into: video)

// One instruction over the whole movie: the track, faded in from black over the first second.
var layer = VideoCompositionLayerInstruction(trackID: CompositionTrackID(video))
layer.setOpacityRamp(from: 0, to: 1, timeRange: TimeRange(start: .zero, duration: seconds(1)))
let instruction = VideoCompositionInstruction(
    timeRange: TimeRange(start: .zero, duration: composition.duration), layerInstructions: [layer])

let asset = try CompositionAsset(
    composition: composition, instructions: [instruction], renderSize: VideoSize(width: 320, height: 180),
    frameDuration: MediaTime(value: 1, timescale: 25))
let session = try asset.makeExportSession(outputPath: "edit.mp4", fonts: nil)
try await session.export()

// Taking frames and thumbnails: the composition's frames, composed as the export composes them.
let generator = try asset.makeImageGenerator(fonts: nil)
let frames = try generator.images(at: [seconds(0), seconds(1), seconds(3)])
for frame in frames {
    print(frame.requestedTime, "→ frame at", frame.actualTime, "\(frame.width)x\(frame.height)")
}

// A contact sheet of the exported movie: a picture every second, each at most 160x90, as PNG.
let thumbnails = ImageGenerator(asset: Asset(path: "edit.mp4"))
thumbnails.maximumSize = VideoSize(width: 160, height: 90)
try thumbnails.generateImages(at: (0..<4).map { seconds($0) }) { index, image in
    let png = try PNGCodec.encode(width: image.width, height: image.height, rgba: image.rgba)
    try Data(png).write(to: URL(fileURLWithPath: "thumbnail-\(index).png"))
}

// swift-format-ignore: OrderedImports
import ExampleChecks  // check(_:_:) and the pictures read back

// Checks (not in the articles).
check(abs(asset.duration.seconds - 4) < 0.001, "the composition lasts \(asset.duration.seconds) s, not 4")
let exported = try await Asset(path: "edit.mp4").load(.duration)
check(abs(exported.seconds - 4) < 0.1, "edit.mp4 lasts \(exported.seconds) s, not 4")
check(frames.map(\.width) == [320, 320, 320], "frames of \(frames.map(\.width)) pixels, not 320")
let black = rgb(frames[0], x: 160, y: 90)
check(black.r + black.g + black.b < 30, "the first frame is \(black), not black (the fade starts at 0)")
let fromMovie = rgb(frames[2], x: 160, y: 90)
let inMovie = rgb(try picture(of: "movie.mp4", atSeconds: 1), x: 160, y: 90)
check(
    abs(fromMovie.r - inMovie.r) + abs(fromMovie.g - inMovie.g) + abs(fromMovie.b - inMovie.b) < 30,
    "the frame at 3 s is \(fromMovie), not movie.mp4's \(inMovie)")
for index in 0..<4 {
    let png = try Data(contentsOf: URL(fileURLWithPath: "thumbnail-\(index).png"))
    let (width, height, _) = try PNGCodec.decode(Array(png))
    check(width == 160 && height == 90, "thumbnail-\(index).png is \(width)x\(height), not 160x90")
}
