/// CTA-708-E (DTVCC) caption interpretation: the code sets of §7, the window and pen commands of
/// §8 and the decoder's memory they act on, over the service blocks that `CaptionData` carries.
/// See Specs/cea708.md.
public enum CEA708 {
    /// Decodes arbitrary bytes as one service's data: parse, act on every command, end any delay.
    /// Never traps, whatever the bytes; work is bounded per byte. The fuzz target's entry point.
    public static func decode<Bytes: Collection<UInt8>>(_ data: Bytes) -> (
        screen: CEA708Screen, items: [CEA708Item], warnings: [CEA708Warning]
    ) {
        var decoder = CEA708Decoder()
        let items = decoder.decode(data)
        decoder.finish()
        return (decoder.screen, items, decoder.warnings)
    }
}
