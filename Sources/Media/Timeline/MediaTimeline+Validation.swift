import CaptionCore

extension MediaTimeline {
    /// Checks everything an export needs before it starts: the settings, and for each segment
    /// (named by its track and index) that its file is a readable movie with the track named,
    /// of the track's media type, and that its source range lies inside that track; segments
    /// must be sorted and must not overlap. The first problem is thrown.
    public func validate() throws(MediaFileError) {
        do {
            _ = try checkedSources()
        } catch let error as MediaFileError {
            throw error
        } catch {
            throw MediaFileError.invalidSetting("\(error)")
        }
    }

    /// Validates and returns each source file's description (probed once per file).
    func checkedSources() throws -> [String: AssetDescription] {
        guard (2...16384).contains(renderSize.width), (2...16384).contains(renderSize.height) else {
            throw MediaFileError.invalidSetting(
                "the render size must be between 2x2 and 16384x16384, not \(renderSize)")
        }
        guard frameDuration.isNumeric, frameDuration > .zero, frameDuration.seconds <= 10 else {
            throw MediaFileError.invalidSetting(
                "the frame duration must be a positive time of at most 10 s, not \(frameDuration)")
        }
        guard (8000...192_000).contains(audioSampleRate) else {
            throw MediaFileError.invalidSetting("the audio sample rate must be 8000–192000 Hz, not \(audioSampleRate)")
        }
        guard (1...8).contains(audioChannelCount) else {
            throw MediaFileError.invalidSetting("the audio channel count must be 1–8, not \(audioChannelCount)")
        }
        var seenIDs = Set<Int>()
        var sources: [String: AssetDescription] = [:]
        for track in tracks {
            guard seenIDs.insert(track.trackID).inserted else {
                throw MediaFileError.invalidSetting("the timeline has two tracks with the ID \(track.trackID)")
            }
            guard track.mediaType == .video || track.mediaType == .audio else {
                throw MediaFileError.invalidSetting(
                    "\(track.label): a timeline track holds video or audio, not \(track.mediaType.rawValue)")
            }
            var previousEnd: MediaTime?
            for (index, segment) in track.segments.enumerated() {
                let name = "\(track.label), segment \(index)"
                let target = segment.targetRange
                guard target.isValid, target.start.isNumeric, target.duration.isNumeric, target.start >= .zero,
                    target.duration > .zero
                else {
                    throw MediaFileError.invalidSetting(
                        "\(name): the target range \(target) must start at or after 0 and last more than 0")
                }
                if let previousEnd, target.start < previousEnd {
                    throw MediaFileError.invalidSetting(
                        "\(name): starts at \(target.start.seconds) s, before the previous segment ends "
                            + "(\(previousEnd.seconds) s); segments must be sorted and must not overlap")
                }
                previousEnd = target.end
                guard let source = segment.source else { continue }
                let description: AssetDescription
                if let known = sources[source.path] {
                    description = known
                } else {
                    do {
                        description = try AssetProbe.describe(
                            InputFormatContext(path: source.path), findingCaptions: false)
                    } catch let error as MediaFileError {
                        throw MediaFileError.invalidSetting("\(name): \(error.description)")
                    }
                    sources[source.path] = description
                }
                guard let sourceTrack = description.tracks.first(where: { $0.trackID == source.trackID }) else {
                    let ids = description.tracks.map { "\($0.trackID) (\($0.mediaType.rawValue))" }
                    throw MediaFileError.invalidSetting(
                        "\(name): \(source.path) has no track \(source.trackID); its tracks are "
                            + (ids.isEmpty ? "none" : ids.joined(separator: ", ")))
                }
                guard sourceTrack.mediaType == track.mediaType else {
                    throw MediaFileError.invalidSetting(
                        "\(name): track \(source.trackID) of \(source.path) is \(sourceTrack.mediaType.rawValue), "
                            + "not \(track.mediaType.rawValue)")
                }
                let range = source.timeRange
                let length = Self.length(of: sourceTrack, in: description)
                guard range.isValid, range.start.isNumeric, range.duration.isNumeric, range.start >= .zero,
                    range.duration > .zero
                else {
                    throw MediaFileError.invalidSetting(
                        "\(name): the source range \(range) must start at or after 0 and last more than 0")
                }
                if let length, range.end > length {
                    throw MediaFileError.invalidSetting(
                        "\(name): the source range \(SecondsText.format(range.start.seconds))–"
                            + "\(SecondsText.format(range.end.seconds)) s lies outside track \(source.trackID) of "
                            + "\(source.path), which is \(SecondsText.format(length.seconds)) s long")
                }
            }
        }
        return sources
    }

    /// How long `track` lasts on its asset's timeline: its own end (start + duration, the
    /// container's start taken off) when the file says, else the container's duration.
    static func length(of track: AssetTrack, in description: AssetDescription) -> MediaTime? {
        if let duration = track.duration, duration.isNumeric {
            let start = (track.startTime ?? .zero) - (description.startTime ?? .zero)
            let end = start + duration
            if end.isNumeric { return end }
        }
        return description.duration
    }
}
