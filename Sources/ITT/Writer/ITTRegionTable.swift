import CaptionCore

/// The regions the writer defines in `<layout>`: Apple's top and bottom regions, which Apple's
/// tools always write, and every region the captions use, each under one id.
struct ITTRegionTable {
    private(set) var used: [(id: String, region: CaptionRegion)] = []
    private var ids: [CaptionRegion: String] = [:]
    private var taken: Set<String> = []
    /// The regions shown whether or not a caption is in them (``defineBackdrop(_:begin:end:)``),
    /// by id, with the `begin` and `end` written on them (nil: the document's).
    private var backdrops: [String: (begin: String?, end: String?)] = [:]
    /// Whether lengths in cells are written as percentages of the frame (Specs/itt.md
    /// "Regions").
    var cellsAsPercent = true

    /// Whether Apple's top and bottom regions are written even when unused (iTT, as Apple's
    /// tools do).
    var writesAppleRegions = true

    /// Whether a region without an origin or an extent is written with TTML's `auto` ones, the
    /// root container's (TTML1 §8.2.14, §8.2.7), as every profile but iTT reads it back.
    var writesAutoGeometry = false

    /// The profile written, for the form of a region's `tts:backgroundColor`.
    var profile = TTMLProfile.itt

    init(cellsAsPercent: Bool = true, writesAppleRegions: Bool = true) {
        self.cellsAsPercent = cellsAsPercent
        self.writesAppleRegions = writesAppleRegions
        // The id of the region for captions without one is kept for it.
        taken.insert(Self.reservedID)
    }

    static let reservedID = ITTStandardRegions.unplaced.region.identifier ?? "default"

    /// The id of the region a caption without a region is written in, defining it on first use.
    mutating func unplacedID() -> String {
        let region = ITTStandardRegions.unplaced.region
        if ids[region] == nil {
            ids[region] = Self.reservedID
            used.append((Self.reservedID, region))
        }
        return Self.reservedID
    }

    /// The id of `region`, assigning one on first use: its own identifier when that is a valid
    /// name not already given to a different region, else `region1`, `region2`…
    mutating func id(for region: CaptionRegion) -> String {
        if let id = ids[region] { return id }
        var id = region.identifier ?? ""
        if !Self.isName(id) || taken.contains(id) {
            var n = 1
            repeat {
                id = "region\(n)"
                n += 1
            } while taken.contains(id)
        }
        taken.insert(id)
        ids[region] = id
        used.append((id, region))
        return id
    }

    /// Defines `region` as shown whether or not a caption is in it, from `begin` to `end` (TTML1
    /// §8.2.17); false when it already is, in another interval, which is not written.
    mutating func defineBackdrop(_ region: CaptionRegion, begin: String?, end: String?) -> Bool {
        let id = id(for: region)
        guard backdrops[id] == nil else { return false }
        backdrops[id] = (begin, end)
        return true
    }

    /// Every region to write: Apple's top and bottom first unless a used region took the name,
    /// then the used regions in order of first use.
    var definitions: [[(String, String)]] {
        var result: [[(String, String)]] = []
        let usedIDs = Set(used.map(\.id))
        for standard in [ITTStandardRegions.top, ITTStandardRegions.bottom] where writesAppleRegions {
            guard let id = standard.region.identifier, !usedIDs.contains(id) else { continue }
            var attrs = attributes(of: standard.region, id: id)
            attrs.append(("tts:textAlign", standard.textAlign.rawValue))
            result.append(attrs.sorted { $0.0 < $1.0 })
        }
        for (id, region) in used {
            var attrs = attributes(of: region, id: id)
            if id == Self.reservedID { attrs.append(("tts:textAlign", ITTStandardRegions.unplaced.textAlign.rawValue)) }
            result.append(attrs.sorted { $0.0 < $1.0 })
        }
        return result
    }

    private func attributes(of region: CaptionRegion, id: String) -> [(String, String)] {
        var a: [(String, String)] = [("xml:id", id)]
        var region = region
        if writesAutoGeometry {
            region.origin = region.origin ?? CaptionPoint(x: .percent(0), y: .percent(0))
            region.size = region.size ?? CaptionSize(width: .percent(100), height: .percent(100))
        }
        if let o = region.origin {
            a.append(("tts:origin", "\(length(o.x, cells: grid.columns)) \(length(o.y, cells: grid.rows))"))
        }
        if let s = region.size {
            a.append(
                ("tts:extent", "\(length(s.width, cells: grid.columns)) \(length(s.height, cells: grid.rows))"))
        }
        if let d = region.displayAlignment { a.append(("tts:displayAlign", d.rawValue)) }
        if region.writingMode == .topToBottomAndRightToLeft { a.append(("tts:writingMode", "tbrl")) }
        // TTML1 §8.2.2: a region's background colour fills its area.
        if let c = region.background {
            a.append(("tts:backgroundColor", ITTStyleTable.colorText(c, profile: profile)))
            // §8.2.17: the fill shows with no content in the region too unless whenActive; only
            // the document's backdrops are shown so.
            if let timing = backdrops[id] {
                if let b = timing.begin { a.append(("begin", b)) }
                if let e = timing.end { a.append(("end", e)) }
            } else {
                a.append(("tts:showBackground", "whenActive"))
            }
        }
        // The paragraph writer has taken out what the profile cannot hold.
        if let p = region.padding { a.append(("tts:padding", Self.paddingText(p, writingMode: region.writingMode))) }
        if let o = region.opacity { a.append(("tts:opacity", CaptionDimension.positional(o.description))) }
        if let o = region.overflow { a.append(("tts:overflow", o.rawValue)) }
        return a
    }

    /// `tts:padding` (TTML1 §8.2.16): before, end, after, start for the region's writing mode,
    /// one value when all four are the same.
    static func paddingText(_ p: CaptionPadding, writingMode: CaptionRegion.WritingMode) -> String {
        let edges: [CaptionDimension]
        switch writingMode {
        case .leftToRightAndTopToBottom: edges = [p.top, p.right, p.bottom, p.left]
        case .topToBottomAndRightToLeft: edges = [p.right, p.bottom, p.left, p.top]
        }
        if edges.allSatisfy({ $0 == edges[0] }) { return edges[0].ttmlDescription }
        return edges.map(\.ttmlDescription).joined(separator: " ")
    }

    /// The 608 grid a cell length counts in: TTML's default cell resolution, 32 × 15 over the
    /// root container (TTML1 §6.2.1), which is also 47 CFR 15.119(d)'s 32 columns and 15 rows.
    static let gridColumns = 32.0
    static let gridRows = 15.0

    /// The cell grid cell lengths count in: TTML's default, or the `ttp:cellResolution` the
    /// document declares (TTML1 §6.2.1) when lengths in cells are written in percent of it.
    var grid = (columns: gridColumns, rows: gridRows)

    /// The grid a `ttp:cellResolution` value ("columns rows") declares; nil when malformed.
    static func grid(cellResolution: String?) -> (columns: Double, rows: Double)? {
        guard let parts = cellResolution?.split(separator: " ").compactMap({ Double($0) }), parts.count == 2,
            parts.allSatisfy({ $0 >= 1 && $0 <= 10_000 })
        else { return nil }
        return (parts[0], parts[1])
    }

    /// `length` as written: a cell length in percent of the frame (`cells` to the whole), to
    /// four decimals, when ``cellsAsPercent``; anything else as it is.
    func length(_ length: CaptionDimension, cells: Double) -> String {
        dimension(length, cells: cells).ttmlDescription
    }

    /// `length` converted as ``length(_:cells:)`` writes it.
    func dimension(_ length: CaptionDimension, cells: Double) -> CaptionDimension {
        guard cellsAsPercent, length.unit == .cells else { return length }
        return .percent((length.value / cells * 100 * 10_000).rounded() / 10_000)
    }

    /// An XML NCName of the simple kind ids use: a letter or `_`, then letters, digits, `-`,
    /// `_` and `.`.
    static func isName(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return s.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == "."
        }
    }
}
