internal import CFFmpeg

/// FFmpeg's constants for a matrix, in one table, so that a frame's tags, the scaler's
/// coefficients and an encoder's colour description always name the same colours.
extension VideoColorMatrix {
    /// libswscale's `SWS_CS_*` and libavutil's `AVColorSpace` for the matrix, and the primaries
    /// and transfer characteristic usually paired with it (ITU-T H.273's code points: BT.601 is
    /// SMPTE 170M, BT.2020 the 10-bit transfer).
    private var ffmpeg:
        (sws: Int32, space: AVColorSpace, primaries: AVColorPrimaries, transfer: AVColorTransferCharacteristic)
    {
        switch self {
        case .bt601: (SWS_CS_ITU601, AVCOL_SPC_SMPTE170M, AVCOL_PRI_SMPTE170M, AVCOL_TRC_SMPTE170M)
        case .bt709: (SWS_CS_ITU709, AVCOL_SPC_BT709, AVCOL_PRI_BT709, AVCOL_TRC_BT709)
        case .bt2020: (SWS_CS_BT2020, AVCOL_SPC_BT2020_NCL, AVCOL_PRI_BT2020, AVCOL_TRC_BT2020_10)
        }
    }

    /// libswscale's `SWS_CS_*` constant for the matrix.
    var swsColorSpace: Int32 { ffmpeg.sws }
    /// libavutil's `AVColorSpace` for the matrix.
    var avColorSpace: AVColorSpace { ffmpeg.space }
    /// The primaries usually paired with the matrix.
    var avPrimaries: AVColorPrimaries { ffmpeg.primaries }
    /// The transfer characteristic usually paired with the matrix.
    var avTransfer: AVColorTransferCharacteristic { ffmpeg.transfer }
}
