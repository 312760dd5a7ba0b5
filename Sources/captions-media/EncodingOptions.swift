import ArgumentParser
import Media

/// The video encoder's options of the commands that encode a movie (`export`, `burn`, `compose`).
struct EncodingOptions: ParsableArguments {
    @Option(
        name: .long,
        help:
            "Video encoder: libx264 (default), libx265, … or copy (only when nothing is drawn); with --overlay-only prores_ks (default), qtrle, png or libvpx-vp9."
    )
    var codec: String?

    @Option(name: .long, help: "Constant rate factor for libx264/libx265 (0–51; default 23).")
    var crf: Double?

    @Option(name: .long, help: "Encoder preset: ultrafast … veryslow (libx264 default: medium).")
    var preset: String?

    func validate() throws {
        if let crf, !(0...51).contains(crf) { throw ValidationError("--crf must be between 0 and 51") }
    }

    /// The video codec setting: the encoder named, or the compressed video copied as it is; by
    /// default libx264, or ProRes 4444 (prores_ks) for a picture with alpha.
    func videoCodec(alpha: Bool = false) -> ExportSettings.VideoCodec {
        let name = codec ?? (alpha ? "prores_ks" : "libx264")
        return name == "copy" ? .copy : .encode(name)
    }
}
