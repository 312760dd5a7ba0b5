import CaptionCore

extension ITTWriter {
    /// `region` as this writer writes it into `document`'s iTT file, and so as it reads back:
    /// lengths in cells become percent of the frame, to four decimals, unless the document
    /// declares its own cell grid (Specs/itt.md, "Region units"). The same geometry; a round
    /// trip's documented change, not a loss.
    public static func regionAsWritten(_ region: CaptionRegion, in document: CaptionDocument) -> CaptionRegion {
        TTMLWriter(profile: .itt).regionAsWritten(region, in: document)
    }
}

extension TTMLWriter {
    /// `region` as this writer writes it into `document`, and so as it reads back: lengths in
    /// cells in percent of the cell grid (the document's `ttp:cellResolution`, else 32 × 15), to
    /// four decimals; iTT keeps cells when the document declares its grid. A region without an
    /// origin or an extent (as iTT reads one that gives none) is written, in every profile but
    /// iTT, with TTML's `auto` ones: the root container's, 0 % 0 % and 100 % 100 % (TTML1
    /// §8.2.14, §8.2.7). Specs/ttml.md, "What each profile writes".
    public func regionAsWritten(_ region: CaptionRegion, in document: CaptionDocument) -> CaptionRegion {
        let table = regionTable(for: document)
        var written = region
        if profile != .itt {
            written.origin = region.origin ?? CaptionPoint(x: .percent(0), y: .percent(0))
            written.size = region.size ?? CaptionSize(width: .percent(100), height: .percent(100))
        }
        if let o = written.origin {
            written.origin = CaptionPoint(
                x: table.dimension(o.x, cells: table.grid.columns), y: table.dimension(o.y, cells: table.grid.rows))
        }
        if let s = written.size {
            written.size = CaptionSize(
                width: table.dimension(s.width, cells: table.grid.columns),
                height: table.dimension(s.height, cells: table.grid.rows))
        }
        return written
    }

    /// Each caption's region as a write of `document` gives it back (nil stays nil):
    /// ``regionAsWritten(_:in:)`` under the id the writer defines it with. Every region of a
    /// layout has an `xml:id` (TTML1 §9.1.2), so a region without an identifier (TTML1 §9.3.1's
    /// default region, a 608 cell region), or whose identifier is no XML name or is taken by
    /// another region, is written as `region1`, `region2`… in order of first use, the
    /// document's backdrops' regions first (they are defined before any caption's).
    public func regionsAsWritten(in document: CaptionDocument) -> [CaptionRegion?] {
        var table = regionTable(for: document)
        _ = backdropRegionsAsWritten(in: document, table: &table)
        return document.captions.map { caption in
            guard let region = caption.region else { return nil }
            var written = regionAsWritten(region, in: document)
            written.identifier = table.id(for: region)
            return written
        }
    }

    /// Each of the document's region backdrops' regions as a write that keeps them all gives
    /// them back: ``regionAsWritten(_:in:)`` under the id the writer defines it with.
    public func backdropRegionsAsWritten(in document: CaptionDocument) -> [CaptionRegion] {
        var table = regionTable(for: document)
        return backdropRegionsAsWritten(in: document, table: &table)
    }

    private func backdropRegionsAsWritten(in document: CaptionDocument, table: inout ITTRegionTable)
        -> [CaptionRegion]
    {
        guard profile.holdsRegionBackground else { return [] }
        return document.regionBackdrops.map { backdrop in
            var written = regionAsWritten(backdrop.region, in: document)
            written.identifier = table.id(for: backdrop.region)
            return written
        }
    }

    /// The table of regions a write of `document` defines: cells as percent (IMSC
    /// `#extent-region`, EBU Tech 3380 §4.4 take percent), except in iTT with a declared cell
    /// grid, which keeps cells as Apple's documents give them.
    func regionTable(for document: CaptionDocument) -> ITTRegionTable {
        let cellResolution = document.metadata["itt.cellResolution"]
        var table = ITTRegionTable(
            cellsAsPercent: profile != .itt || cellResolution == nil, writesAppleRegions: profile == .itt)
        if let grid = ITTRegionTable.grid(cellResolution: cellResolution) { table.grid = grid }
        table.writesAutoGeometry = profile != .itt
        table.profile = profile
        return table
    }
}
