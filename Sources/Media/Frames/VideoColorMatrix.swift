/// The matrix between R'G'B' and Y'CbCr that a video uses.
public enum VideoColorMatrix: String, Sendable, Hashable {
    /// ITU-R BT.601 (standard definition; tagged bt470bg or smpte170m).
    case bt601
    /// ITU-R BT.709 (HD).
    case bt709
    /// ITU-R BT.2020 non-constant luminance (UHD).
    case bt2020

    /// The matrix of a stream tagged `tag` (FFmpeg's `color_space` name), else the usual one
    /// for its size: BT.709 for HD (wider than 1024 or taller than 576 lines, the SD limits of
    /// BT.601's 625-line system), BT.601 for SD, as players and FFmpeg's scaler assume.
    public static func resolve(tag: String?, width: Int, height: Int) -> VideoColorMatrix {
        switch tag {
        case "bt709": return .bt709
        case "bt470bg", "smpte170m", "fcc", "smpte240m": return .bt601
        case "bt2020nc", "bt2020c": return .bt2020
        default: return width > 1024 || height > 576 ? .bt709 : .bt601
        }
    }
}
