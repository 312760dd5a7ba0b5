import CaptionCore

/// Movies as a caption source in the format registry: `captions convert movie.mov show.scc`,
/// `inspect`, `validate`. Read only. The registry's reader takes the bytes in memory; files go
/// through ``MovieCaptions/init(path:)``, which reads only what it needs (CaptionKit's
/// `CaptionFile.read` does so).
public enum MovieCaptionFormat {
    public static let descriptor = CaptionFormat(
        name: "movie", title: "Captions in an MP4 or QuickTime movie (c608, A/53 SEI, tx3g)",
        extensions: ["mov", "mp4", "m4v", "qt", "3gp", "m4s", "cmfv"],
        probe: { MovieContainer(head: $0) == .isoBMFF ? 60 : 0 },
        reader: { bytes, options in
            do throws(CaptionTracksError) {
                return try MovieCaptions(bytes: bytes, fileName: options.fileName).read(options: options)
            } catch {
                throw error.formatError
            }
        },
        writer: nil)
}
