import ArgumentParser
import Metadata

/// Which of a movie's clocks places a GPX or FIT on it (``MetadataSync``) and the zone a camera's
/// clock was set to (``CameraTimeZone``): one group for `metadata add` and `export --overlay
/// gps`, so both take the same words. The offset stays each command's own (`--offset`,
/// `--gpx-offset`).
public struct RideSyncOptions: ParsableArguments {
    @Option(
        help:
            "How the GPX or FIT clock maps to the movie: auto (the movie's GPS time when its GPMF has one, else its creation time), creation-time, gps (a GoPro file's own GPSU) or start (the first point at 0)."
    )
    public var sync = "auto"

    @Option(
        name: .customLong("camera-tz"),
        help:
            "The time zone the camera's clock was set to (Europe/Paris, +02:00), for a creation time written without one (Apple's and Sony's cameras record theirs, which is used)."
    )
    public var cameraTZ: String?

    public init() {}

    public func validate() throws { _ = try choice() }

    /// The sync choice and the camera's zone the options ask for.
    public func choice() throws(ValidationError) -> (sync: MetadataSync, cameraTimeZone: CameraTimeZone?) {
        guard let s = MetadataSync(rawValue: sync) else {
            throw ValidationError("--sync \(sync): expected auto, creation-time, gps or start")
        }
        guard let cameraTZ else { return (s, nil) }
        guard let zone = CameraTimeZone(cameraTZ) else {
            throw ValidationError(
                "--camera-tz \(cameraTZ): expected a time zone name such as Europe/Paris, or an offset such as +02:00")
        }
        return (s, zone)
    }
}
