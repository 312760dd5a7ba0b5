import CaptionCore

/// The volume of one audio track over time, like `AVMutableAudioMixInputParameters`: a
/// volume before the first ramp, then ramps; after a ramp its end volume holds until the next.
public struct AudioMixInputParameters: Sendable, Hashable {
    /// The timeline track (``MediaTimelineTrack/trackID``) these apply to.
    public var trackID: Int
    /// Linear gain before the first ramp (1 unchanged).
    public var volume: Float
    /// Sorted by start, not overlapping.
    public var volumeRamps: [VolumeRamp]

    public init(trackID: Int, volume: Float = 1, volumeRamps: [VolumeRamp] = []) {
        self.trackID = trackID
        self.volume = volume
        self.volumeRamps = volumeRamps
    }

    /// Like `setVolumeRamp(fromStartVolume:toEndVolume:timeRange:)`.
    public mutating func setVolumeRamp(fromStartVolume start: Float, toEndVolume end: Float, timeRange: TimeRange) {
        volumeRamps.append(VolumeRamp(timeRange: timeRange, startVolume: start, endVolume: end))
        volumeRamps.sort { $0.timeRange.start < $1.timeRange.start }
    }

    /// Like `setVolume(_:at:)`: from `time` on, the volume is `volume` (a ramp of no length).
    public mutating func setVolume(_ volume: Float, at time: MediaTime) {
        setVolumeRamp(fromStartVolume: volume, toEndVolume: volume, timeRange: TimeRange(start: time, duration: .zero))
    }

    /// The gain at output time `time`: interpolated linearly inside a ramp.
    public func volume(at time: MediaTime) -> Float {
        var current = volume
        for ramp in volumeRamps {
            let range = ramp.timeRange
            if time < range.start { break }
            if time >= range.end {
                current = ramp.endVolume
                continue
            }
            let d = range.duration.seconds
            let f = d > 0 ? (time - range.start).seconds / d : 1
            return ramp.startVolume + Float(f) * (ramp.endVolume - ramp.startVolume)
        }
        return current
    }

    /// The same volumes with every ramp moved by `offset` (a timeline cut to a range).
    func shifted(by offset: MediaTime) -> AudioMixInputParameters {
        var out = self
        out.volumeRamps = volumeRamps.map {
            VolumeRamp(
                timeRange: TimeRange(start: $0.timeRange.start + offset, duration: $0.timeRange.duration),
                startVolume: $0.startVolume, endVolume: $0.endVolume)
        }
        return out
    }
}
