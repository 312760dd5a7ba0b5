import CaptionCore

extension ITTWriter {
    /// `region` as this writer writes it into `document`'s iTT file, and so as it reads back:
    /// lengths in cells become percent of the frame, to four decimals, unless the document
    /// declares its own cell grid (Specs/itt.md, "Region units"). The same geometry; a round
    /// trip's documented change, not a loss.
    public static func regionAsWritten(_ region: CaptionRegion, in document: CaptionDocument) -> CaptionRegion {
        let table = ITTRegionTable(cellsAsPercent: document.metadata["itt.cellResolution"] == nil)
        var written = region
        if let o = region.origin {
            written.origin = CaptionPoint(
                x: table.dimension(o.x, cells: ITTRegionTable.gridColumns),
                y: table.dimension(o.y, cells: ITTRegionTable.gridRows))
        }
        if let s = region.size {
            written.size = CaptionSize(
                width: table.dimension(s.width, cells: ITTRegionTable.gridColumns),
                height: table.dimension(s.height, cells: ITTRegionTable.gridRows))
        }
        return written
    }
}
