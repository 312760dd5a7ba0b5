import CaptionCore

/// How far an export has come, reported after each video frame.
public struct ExportProgress: Sendable, Hashable {
    /// Video frames written to the encoder so far.
    public var frames: Int
    /// The output time reached (the last frame's time on the output timeline).
    public var outputTime: MediaTime
    /// The output's expected duration, when known.
    public var expectedDuration: MediaTime?
    /// Wall-clock seconds since the export started.
    public var elapsedSeconds: Double

    public init(frames: Int, outputTime: MediaTime, expectedDuration: MediaTime?, elapsedSeconds: Double) {
        self.frames = frames
        self.outputTime = outputTime
        self.expectedDuration = expectedDuration
        self.elapsedSeconds = elapsedSeconds
    }

    /// 0…1, when the duration is known.
    public var fractionCompleted: Double? {
        guard let d = expectedDuration, d.isNumeric, d.seconds > 0 else { return nil }
        return min(1, max(0, outputTime.seconds / d.seconds))
    }

    /// Frames per second of wall-clock time.
    public var framesPerSecond: Double { elapsedSeconds > 0 ? Double(frames) / elapsedSeconds : 0 }

    /// Media seconds per wall-clock second (2.0 means twice real time).
    public var speed: Double { elapsedSeconds > 0 ? outputTime.seconds / elapsedSeconds : 0 }

    /// Seconds left at the current speed, when the duration is known.
    public var estimatedSecondsRemaining: Double? {
        guard let d = expectedDuration, d.isNumeric, speed > 0 else { return nil }
        return max(0, (d.seconds - outputTime.seconds) / speed)
    }
}
