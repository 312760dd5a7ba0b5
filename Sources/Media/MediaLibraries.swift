internal import CFFmpeg

/// The FFmpeg libraries the suite is linked against. Media is the only module that imports
/// CFFmpeg; everything else asks it.
public enum MediaLibraries {
    /// "libavformat 59.27.100, libavcodec 59.37.100, libavutil 57.28.100, libswscale 6.7.100"
    public static var versionSummary: String {
        func text(_ v: UInt32) -> String { "\(v >> 16).\((v >> 8) & 0xFF).\(v & 0xFF)" }
        return [
            "libavformat \(text(avformat_version()))",
            "libavcodec \(text(avcodec_version()))",
            "libavutil \(text(avutil_version()))",
            "libswscale \(text(swscale_version()))",
        ].joined(separator: ", ")
    }
}
