internal import CFFmpeg
import CaptionCore

/// Puts A/53 closed-caption data on a frame for the encoder to write into the picture.
enum A53Captions {
    /// Replaces the frame's A/53 caption side data with `constructs` (none when empty), which
    /// the encoder writes into the picture (libx264: one GA94 SEI a frame, ANSI/SCTE 128-1;
    /// mpeg2video: picture user data, A/53 Part 4).
    static func attach(_ constructs: [UInt8], to frame: Frame, encoderWritesCaptions: Bool, path: String) throws {
        let f = frame.pointer
        av_frame_remove_side_data(f, AV_FRAME_DATA_A53_CC)
        guard !constructs.isEmpty else { return }
        guard encoderWritesCaptions else {
            throw MediaFileError.invalidSetting(
                "the encoder does not write A/53 closed captions (it has no a53cc option); use libx264 or mpeg2video")
        }
        // cc_count is 5 bits (CTA-708-E §4.4).
        guard constructs.count % 3 == 0, constructs.count / 3 <= 31 else {
            throw MediaFileError.invalidSetting(
                "caption data of \(constructs.count) bytes for one frame: expected up to 31 three-byte cc_data constructs"
            )
        }
        guard let side = av_frame_new_side_data(f, AV_FRAME_DATA_A53_CC, constructs.count), let data = side.pointee.data
        else {
            throw MediaFileError.ffmpeg(
                path: path,
                MediaError(
                    code: captions_averror(ENOMEM), operation: "attaching caption data", call: "av_frame_new_side_data")
            )
        }
        data.update(from: constructs, count: constructs.count)
    }
}
