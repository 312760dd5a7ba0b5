/// How an ``ExportSession`` writes its output.
public struct ExportSettings: Sendable, Hashable {
    /// What happens to the video track.
    public enum VideoCodec: Sendable, Hashable {
        /// Decode, run the compositors, encode with this FFmpeg encoder ("libx264", "libx265"…).
        case encode(String)
        /// Copy the compressed video as it is (only when nothing is drawn and the size is kept).
        case copy
    }

    public var videoCodec: VideoCodec
    /// Constant rate factor (libx264/libx265 `crf`); nil leaves the encoder's default (23).
    public var crf: Double?
    /// Encoder speed preset (`preset`: ultrafast … veryslow); nil leaves the encoder's default.
    public var preset: String?
    /// Output picture size; nil keeps the source's.
    public var size: VideoSize?
    /// Drop the data tracks (GoPro GPMF, fdsc…) instead of copying them.
    public var dropDataTracks: Bool
    /// Replace an existing output (`--force`).
    public var overwrite: Bool
    /// libavformat's muxer name ("mp4", "mov", "matroska"); nil chooses by the output's extension.
    public var containerFormat: String?
    /// Leave out the container's location tags (QuickTime `©xyz`, `com.apple.quicktime.location.*`:
    /// every tag whose key names a location), as a privacy zone asks.
    public var dropsLocationMetadata = false
    /// The most frames between two key frames (FFmpeg's `g`, the GOP size); nil leaves the
    /// encoder's default (libx264: 250). A preview that seeks well wants about one a second.
    public var keyframeInterval: Int?
    /// Write only what the compositors draw, on a transparent picture with alpha, at the
    /// source's frame times (`--overlay-only`; a timeline's output frame times): for an editor to
    /// lay over any cut. The encoder must keep alpha (prores_ks, qtrle, png, libvpx-vp9); the
    /// source's other tracks are left out, its timecode kept (a timeline has no sound either).
    public var overlayOnly = false

    public init(
        videoCodec: VideoCodec = .encode("libx264"), crf: Double? = nil, preset: String? = nil,
        size: VideoSize? = nil, dropDataTracks: Bool = false, overwrite: Bool = false,
        containerFormat: String? = nil, overlayOnly: Bool = false
    ) {
        self.overlayOnly = overlayOnly
        self.videoCodec = videoCodec
        self.crf = crf
        self.preset = preset
        self.dropDataTracks = dropDataTracks
        self.overwrite = overwrite
        self.containerFormat = containerFormat
        self.size = size
    }
}

extension ExportSettings {
    /// The encoder options these settings give (libx264's `preset` and `crf`; `g` for any
    /// encoder), each of which the encoder must use.
    var encoderOptions: [(String, String)] {
        var options: [(String, String)] = []
        if let preset { options.append(("preset", preset)) }
        if let crf { options.append(("crf", String(crf))) }
        if let keyframeInterval { options.append(("g", String(keyframeInterval))) }
        return options
    }
}

/// A picture size in pixels.
public struct VideoSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses `1280x720`.
    public init?(_ text: String) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        self.init(width: w, height: h)
    }

    public var description: String { "\(width)x\(height)" }
}
