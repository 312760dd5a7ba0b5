import FoundationEssentials

/// The file-URL overloads of the types AVFoundation opens by `URL` (``Asset``, the export
/// sessions): Media reads and writes local files only, so a URL of another scheme is an error
/// that says so, never a path made of its parts.
enum FileURL {
    static func path(_ url: URL) throws(MediaFileError) -> String {
        guard url.isFileURL else {
            throw MediaFileError.unreadable(
                path: url.absoluteString,
                reason: "only file URLs are read and written (a local file), not \(url.scheme ?? "this") URLs")
        }
        return url.path
    }
}

extension Asset {
    /// The movie at the file URL `url` (`AVURLAsset(url:)`).
    public convenience init(url: URL) throws(MediaFileError) {
        self.init(path: try FileURL.path(url))
    }
}

extension ExportSession {
    /// An export of `asset` to the file URL `outputURL` (`AVAssetExportSession.outputURL`).
    public convenience init(asset: Asset, outputURL: URL, settings: ExportSettings = ExportSettings())
        throws(MediaFileError)
    {
        self.init(asset: asset, outputPath: try FileURL.path(outputURL), settings: settings)
    }

    /// An export of `timeline` to the file URL `outputURL`.
    public convenience init(timeline: MediaTimeline, outputURL: URL, settings: ExportSettings = ExportSettings())
        throws(MediaFileError)
    {
        self.init(timeline: timeline, outputPath: try FileURL.path(outputURL), settings: settings)
    }
}
