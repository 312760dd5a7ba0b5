internal import CFFmpeg
import CaptionCore

/// The pictures of one video track of a ``MediaTimeline`` at the output frame times, in order:
/// for each segment its source track is opened and decoded from the key frame at or before the
/// segment's source start (only the part the segment uses is read), and each output time is
/// mapped to a source time (scaled segments repeat or skip pictures) whose picture in force is
/// conformed to the output format. A picture shown on several output frames is conformed once.
///
/// With `seeksAhead` (sparse times, as an ``ImageGenerator`` of a timeline asks), the reader jumps to
/// the key frame at or before a source time when that key frame lies past everything decoded,
/// as the ``ImageGenerator`` of an asset does, instead of decoding every picture in between.
final class TimelineVideoTrackReader {
    let track: MediaTimelineTrack
    private let output: VideoFrameFormat
    private let seeksAhead: Bool
    /// Jumps made ahead (not counting the seek that opens each segment).
    private(set) var seekCount = 0
    /// Where decoding resumes after the last seek, until a picture has been decoded.
    private var seekedTo: MediaTime = .zero
    private var segmentIndex = 0
    private var openSegment: Int?
    private var reader: VideoTrackReader?
    private var conformer: VideoConformer?
    /// The last conformed picture and the source picture time it came from.
    private var conformed: (frame: Frame, sourceTime: MediaTime)?
    /// The file and track the open reader decodes.
    private var readerSource: (path: String, trackID: Int)?
    /// Pictures decoded by readers already closed.
    private var decodedFramesBefore = 0

    init(track: MediaTimelineTrack, output: VideoFrameFormat, seeksAhead: Bool = false) {
        self.track = track
        self.output = output
        self.seeksAhead = seeksAhead
    }

    /// The conformed picture shown at output time `time`, or nil when the track has no media
    /// there (a gap or an empty segment). Times must increase from call to call.
    func frame(at time: MediaTime) throws -> Frame? {
        while segmentIndex < track.segments.count, track.segments[segmentIndex].targetRange.end <= time {
            segmentIndex += 1
        }
        guard segmentIndex < track.segments.count else {
            close()
            return nil
        }
        let segment = track.segments[segmentIndex]
        guard segment.targetRange.contains(time), let source = segment.source else { return nil }
        let label = "\(track.label), segment \(segmentIndex)"
        let sourceTime: MediaTime
        do {
            guard let t = try segment.sourceTime(at: time) else { return nil }
            sourceTime = t
        } catch {
            throw MediaFileError.invalidSetting("\(label): the time \(time) cannot be mapped to its source (\(error))")
        }
        if openSegment != segmentIndex { try open(segmentIndex, source) }
        guard let reader else { return nil }
        if seeksAhead, let key = reader.keyFrameTime(near: sourceTime, after: false) {
            let decoded = reader.upcomingTime ?? reader.current?.time ?? seekedTo
            if key > decoded {
                try reader.seek(toKeyFrameAtOrBefore: sourceTime)
                seekedTo = key
                seekCount += 1
            }
        }
        guard let inForce = try reader.frame(inForceAt: sourceTime) else {
            throw MediaFileError.invalidSetting(
                "\(label): \(source.path) has no picture in track \(source.trackID) to show at \(SecondsText.format(sourceTime.seconds)) s"
            )
        }
        let picture = inForce.frame
        let pictureTime = inForce.time
        if let conformed, conformed.sourceTime == pictureTime { return conformed.frame }
        let key = VideoConformer.InputKey(
            width: picture.pointer.pointee.width, height: picture.pointer.pointee.height,
            format: picture.pointer.pointee.format,
            sar: picture.pointer.pointee.sample_aspect_ratio.num > 0
                ? picture.pointer.pointee.sample_aspect_ratio : AVRational(num: 1, den: 1))
        if conformer?.inputKey != key {
            conformer = try VideoConformer(
                first: picture, timeBase: reader.timeBase, orientation: reader.orientation, output: output,
                sourceMatrix: reader.colorMatrix, path: source.path, label: label)
        }
        guard let conformer else { return nil }
        let frame = try conformer.conform(picture, output: output)
        conformed = (frame, pictureTime)
        return frame
    }

    /// Opens segment `index`'s source, reusing the open reader when the segment continues the
    /// same track close after where it is (a split clip), else seeking to the key frame at or
    /// before the segment's start.
    private func open(_ index: Int, _ source: MediaSegment.Source) throws {
        openSegment = index
        conformed = nil
        let start = source.timeRange.start
        if let reader, let open = readerSource, open.path == source.path, open.trackID == source.trackID,
            let at = reader.current?.time, at <= start, (start - at).seconds < 1
        {
            return
        }
        let opened = try VideoTrackReader(path: source.path, trackID: source.trackID)
        try opened.seek(toKeyFrameAtOrBefore: start)
        seekedTo = opened.keyFrameTime(near: start, after: false) ?? start
        if let reader { decodedFramesBefore += reader.decodedFrames }
        reader = opened
        readerSource = (source.path, source.trackID)
        conformer = nil
    }

    /// Every source picture decoded so far.
    var totalDecodedFrames: Int { decodedFramesBefore + (reader?.decodedFrames ?? 0) }

    private func close() {
        if let reader { decodedFramesBefore += reader.decodedFrames }
        reader = nil
        readerSource = nil
        conformer = nil
        conformed = nil
        openSegment = nil
    }
}
