extension Caption {
    /// The parts of TTML's layout this caption carries (TTML1 §8.2: line height, no-wrap lines, a
    /// paragraph's fill and direction, a region's padding, opacity and clipping, line-through
    /// text, an outline's thickness; TTML2 §10.2.43 shadows, §10.2.35 ruby reserve, §10.2.38 shear and §10.2.44 emphasis marks, IMSC
    /// 1.1's filled line gaps, EBU-TT-D's line padding and multi-row alignment, §8.2.21's
    /// embeddings and overrides), named
    /// for the loss report of a writer whose format holds none of them.
    public var ttmlLayoutLosses: [String] {
        var names: [String] = []
        if lineHeight != nil { names.append("line height") }
        if !wrapsLines { names.append("lines that do not wrap") }
        if blockBackground != nil { names.append("paragraph backgrounds") }
        if direction != nil { names.append("a paragraph direction") }
        if region?.padding != nil { names.append("region padding") }
        if region?.opacity != nil { names.append("region opacity") }
        if region?.overflow == .hidden { names.append("text clipped to its region") }
        if runs.contains(where: { $0.style.lineThrough }) { names.append("line-through text") }
        if runs.contains(where: { $0.style.edge?.width != nil }) { names.append("outline thickness") }
        if runs.contains(where: { !$0.style.shadows.isEmpty }) { names.append("text shadows") }
        if rubyReserve != nil { names.append("ruby reserve") }
        if fillsLineGap { names.append("filled line gaps") }
        if linePadding != nil { names.append("line padding") }
        if multiRowAlign != nil { names.append("multi-row alignment") }
        if shear != nil { names.append("sheared text") }
        if runs.contains(where: { $0.style.emphasis != nil }) { names.append("emphasis marks") }
        if runs.contains(where: { $0.style.bidi != nil }) { names.append("bidirectional embeddings") }
        return names
    }
}
