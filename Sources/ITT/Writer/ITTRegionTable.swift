import CaptionCore

/// The regions the writer defines in `<layout>`: Apple's top and bottom regions, which Apple's
/// tools always write, and every region the captions use, each under one id.
struct ITTRegionTable {
    private(set) var used: [(id: String, region: CaptionRegion)] = []
    private var ids: [CaptionRegion: String] = [:]
    private var taken: Set<String> = []

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

    /// Every region to write: Apple's top and bottom first unless a used region took the name,
    /// then the used regions in order of first use.
    var definitions: [[(String, String)]] {
        var result: [[(String, String)]] = []
        let usedIDs = Set(used.map(\.id))
        for standard in [ITTStandardRegions.top, ITTStandardRegions.bottom] {
            guard let id = standard.region.identifier, !usedIDs.contains(id) else { continue }
            var attrs = Self.attributes(of: standard.region, id: id)
            attrs.append(("tts:textAlign", standard.textAlign.rawValue))
            result.append(attrs.sorted { $0.0 < $1.0 })
        }
        for (id, region) in used {
            result.append(Self.attributes(of: region, id: id).sorted { $0.0 < $1.0 })
        }
        return result
    }

    private static func attributes(of region: CaptionRegion, id: String) -> [(String, String)] {
        var a: [(String, String)] = [("xml:id", id)]
        if let o = region.origin { a.append(("tts:origin", "\(o.x.ttmlDescription) \(o.y.ttmlDescription)")) }
        if let s = region.size { a.append(("tts:extent", "\(s.width.ttmlDescription) \(s.height.ttmlDescription)")) }
        if let d = region.displayAlignment { a.append(("tts:displayAlign", d.rawValue)) }
        if region.writingMode == .topToBottomAndRightToLeft { a.append(("tts:writingMode", "tbrl")) }
        return a
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
