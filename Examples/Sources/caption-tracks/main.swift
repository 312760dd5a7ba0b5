// The DocC article "Putting captions in a movie": show.scc as a c608 closed-caption track of a
// copy of movie.mp4 (no picture decoded), then as A/53 data in each H.264 picture of an export,
// and both read back (movie.mp4 made by scripts/run-examples.sh, show.scc FFmpeg's FATE sample
// read in place).
import CaptionKit
import CaptionTracks
import Media

// A c608 track: the SCC file's own words on line 21's frames, every other track copied.
var options = MovieCaptionWriter.Options()
options.forms = [.c608]
let plan = try MovieCaptionWriter.plan(movie: "movie.mp4", captions: "show.scc", options: options)
try MovieCaptionWriter.write(plan, to: "with-track.mp4", overwrite: true)

// A/53: the same words in each picture's SEI, handed to the encoder frame by frame.
let prepared = try MovieCaptionWriter.prepare(captions: "show.scc", firstTimecode: nil, options: options)
let (schedule, _) = try MovieCaptionWriter.c608Schedule(prepared, options: options)
let asset = Asset(path: "movie.mp4")
let tracks = try await asset.load(.tracks)
let rate = tracks.first { $0.mediaType == .video }?.frameRate ?? .fps29_97
let frames = A53FrameCaptions(schedule: schedule, videoRate: rate, attaches: true)
let session = ExportSession(asset: asset, outputPath: "with-sei.mp4")
session.closedCaptionData = { time in frames.constructs(forFrameAt: time) }
try await session.export()

// Both read back as captions, like any caption file.
let (fromTrack, _) = try CaptionFile.read("with-track.mp4")
let (fromSEI, _) = try CaptionFile.read("with-sei.mp4")
print(fromTrack.document.captions.count, "captions in the c608 track,", fromSEI.document.captions.count, "in the SEI")

// swift-format-ignore: OrderedImports
import ExampleChecks  // check(_:_:) and the pictures read back

// Checks (not in the article): the captions of show.scc that start within the movie's 17 s.
let (scc, _) = try CaptionFile.read("show.scc")
let expected = scc.document.captions.filter { $0.timeRange.start.seconds < 17 }.map(\.text)
check(!expected.isEmpty, "show.scc has no caption in the first 17 s")
check(plan.forms == [.c608], "the plan writes \(plan.forms), not a c608 track")
check(
    fromTrack.document.captions.map(\.text).prefix(expected.count) == expected[...],
    "the c608 track's captions \(fromTrack.document.captions.map(\.text)) are not show.scc's \(expected)")
check(
    fromSEI.document.captions.map(\.text).prefix(expected.count) == expected[...],
    "the SEI captions \(fromSEI.document.captions.map(\.text)) are not show.scc's \(expected)")
