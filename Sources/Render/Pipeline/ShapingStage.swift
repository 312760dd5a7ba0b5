internal import CHarfBuzz

/// One glyph out of HarfBuzz, in pixels. Offsets and advances use HarfBuzz's axes (y up); in
/// vertical text HarfBuzz has already moved the offsets to the glyph's horizontal origin.
struct ShapedGlyph {
    var glyph: UInt32
    /// Index of the first scalar (in the whole line) of the cluster this glyph belongs to.
    var cluster: Int
    var xAdvance: Double
    var yAdvance: Double
    var xOffset: Double
    var yOffset: Double
}

/// An item after shaping: glyphs in visual order within the item.
struct ShapedItem {
    var item: TextItem
    var glyphs: [ShapedGlyph]
    /// The em size the glyphs were shaped at (smaller than the style's for text-combine).
    var size: Double
    /// Extent along the line: width for horizontal text, height for vertical.
    var advance: Double
    var vertical: Bool
    /// Horizontal text set upright in one em of a vertical line (`tts:textCombine`).
    var combined: Bool
    /// Horizontal text turned 90° clockwise in a vertical line.
    var sideways = false
}

/// Stage 3 — shaping: HarfBuzz turns each item's characters into positioned glyphs (Arabic
/// joining, ligatures, marks, vertical alternates). The only file that calls `hb_shape`.
final class ShapingStage {
    private let buffer: OpaquePointer

    init() throws(RenderError) {
        guard let b = hb_buffer_create(), hb_buffer_allocation_successful(b) != 0 else {
            throw .harfBuzz(operation: "creating a shaping buffer")
        }
        buffer = b
    }

    deinit { hb_buffer_destroy(buffer) }

    /// Shapes `item` of `line` at `size` pixels. In vertical lines, combined items are shaped
    /// horizontally and shrunk to fit one em.
    func shape(_ item: TextItem, of line: StyledLine, size: Double, vertical: Bool, combine: Bool) throws(RenderError)
        -> ShapedItem
    {
        if vertical && combine {
            var shaped = try run(item, line, size: size, direction: HB_DIRECTION_LTR)
            let width = shaped.glyphs.reduce(0) { $0 + $1.xAdvance }
            if width > size * 0.95 {
                shaped = try run(item, line, size: size * size * 0.95 / width, direction: HB_DIRECTION_LTR)
            }
            shaped.vertical = true
            shaped.combined = true
            shaped.advance = size
            return shaped
        }
        if vertical && item.sideways {
            var shaped = try run(
                item, line, size: size, direction: item.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            shaped.vertical = true
            shaped.sideways = true
            shaped.advance = shaped.glyphs.reduce(0) { $0 + $1.xAdvance }
            return shaped
        }
        let direction = vertical ? HB_DIRECTION_TTB : (item.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        var shaped = try run(item, line, size: size, direction: direction)
        shaped.vertical = vertical
        shaped.advance =
            vertical
            ? -shaped.glyphs.reduce(0) { $0 + $1.yAdvance }
            : shaped.glyphs.reduce(0) { $0 + $1.xAdvance }
        return shaped
    }

    private func run(_ item: TextItem, _ line: StyledLine, size: Double, direction: hb_direction_t) throws(RenderError)
        -> ShapedItem
    {
        let face = item.choice.face
        try face.setPixelSize(size)
        hb_buffer_clear_contents(buffer)
        let text = line.scalars.map { $0.value }
        // The whole line goes in as context so joining and marks see their neighbours.
        text.withUnsafeBufferPointer { p in
            hb_buffer_add_utf32(
                buffer, p.baseAddress, Int32(p.count), UInt32(item.range.lowerBound), Int32(item.range.count))
        }
        hb_buffer_set_direction(buffer, direction)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.hbFont, buffer, nil, 0)
        guard hb_buffer_allocation_successful(buffer) != 0 else {
            throw .harfBuzz(operation: "shaping \(item.range.count) characters")
        }
        var count: UInt32 = 0
        var glyphs: [ShapedGlyph] = []
        if let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        {
            glyphs.reserveCapacity(Int(count))
            for i in 0..<Int(count) {
                let p = positions[i]
                glyphs.append(
                    ShapedGlyph(
                        glyph: infos[i].codepoint, cluster: Int(infos[i].cluster),
                        xAdvance: Double(p.x_advance) / 64, yAdvance: Double(p.y_advance) / 64,
                        xOffset: Double(p.x_offset) / 64, yOffset: Double(p.y_offset) / 64))
            }
        }
        return ShapedItem(item: item, glyphs: glyphs, size: size, advance: 0, vertical: false, combined: false)
    }
}
