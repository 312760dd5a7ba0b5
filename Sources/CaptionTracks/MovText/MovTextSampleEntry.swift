import ISOBMFF

/// The `tx3g` sample description of a timed-text track (3GPP TS 26.245 §5.16; QuickTime File
/// Format, "Subtitle sample description", the same layout): display flags, justification,
/// background colour, default text box, default style and the font table.
public enum MovTextSampleEntry {
    /// The one font of the table, by ID.
    static let fontID: UInt16 = 1
    /// The default font size in pixels of the text box's coordinate space (TS 26.245 leaves it
    /// to the writer; 18 on a 480-line frame is the usual subtitle size).
    static let fontSize: UInt8 = 18
    /// "Sans-Serif": one of the generic names TS 26.245 §5.16 lets a font table use.
    static let fontName = "Sans-Serif"

    /// The whole `tx3g` box: text centred at the bottom (horizontal justification 1, vertical
    /// −1), a transparent background, the player's default text box (all zero), white text.
    public static func bytes() -> [UInt8] {
        var w = BoxWriter()
        try? w.box("tx3g") { (w: inout BoxWriter) throws(ISOBMFFError) in
            w.zeros(6)
            w.u16(1)  // data_reference_index
            w.u32(0)  // displayFlags
            w.u8(1)  // horizontal-justification: centre
            w.u8(0xFF)  // vertical-justification: −1, bottom
            w.append([0, 0, 0, 0])  // background-color-rgba
            w.zeros(8)  // default-text-box: top, left, bottom, right
            // default-style: startChar, endChar, font-ID, face-style-flags, font-size, colour.
            w.u16(0)
            w.u16(0)
            w.u16(fontID)
            w.u8(0)
            w.u8(fontSize)
            w.append([0xFF, 0xFF, 0xFF, 0xFF])
            try w.box("ftab") { (w: inout BoxWriter) in
                w.u16(1)
                w.u16(fontID)
                let name = Array(fontName.utf8)
                w.u8(UInt8(name.count))
                w.append(name)
            }
        }
        return w.bytes
    }
}
