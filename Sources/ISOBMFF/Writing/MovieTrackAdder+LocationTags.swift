// Location tags that a privacy zone must not leave in a copied moov: QuickTime user data `©xyz`
// (ISO 6709 text; QuickTime File Format, "User data atoms"), 3GPP `loci` (3GPP TS 26.244
// §8.12), and the `mdta` items whose key is `com.apple.quicktime.location.*` (QuickTime File
// Format, "Metadata atoms and types") or an iTunes-style `©xyz` item, in `moov/udta`,
// `moov/meta` and `moov/udta/meta`. Found on the GoPro Max fixture, whose `moov/udta/©xyz`
// names where the ride began (Specs/timed-metadata.md, "Privacy zones").

extension MovieTrackAdder {
    /// `©xyz`, whose first byte is 0xA9 (the copyright sign in Mac Roman).
    static let userDataLocation = FourCC(rawValue: 0xA978_797A)
    static let userDataLocationTypes: [FourCC] = [userDataLocation, "loci"]

    /// The box paths of the location tags in `moov` (empty when there are none), for the
    /// warning that says they are left out.
    public func locationTags() -> [String] {
        var found: [String] = []
        for box in movie.movieBox.children where box.type == "udta" || box.type == "meta" {
            collectLocationTags(box, into: &found)
        }
        return found
    }

    private func collectLocationTags(_ box: Box, into found: inout [String]) {
        switch box.type {
        case "udta":
            for child in box.children {
                if Self.userDataLocationTypes.contains(child.type) { found.append(child.path) }
                if child.type == "meta" { collectLocationTags(child, into: &found) }
            }
        case "meta":
            let indices = locationKeyIndices(box)
            for item in box.child("ilst")?.children ?? [] where isLocationItem(item, indices) {
                found.append(item.path)
            }
        default: break
        }
    }

    /// `box` (a `udta` or `meta` child of moov) written without its location tags.
    func writeWithoutLocationTags(_ box: Box, into w: inout BoxWriter) throws(ISOBMFFError) {
        let bytes = movie.movieBytes
        switch box.type {
        case "udta":
            try w.box("udta") { (w: inout BoxWriter) throws(ISOBMFFError) in
                for child in box.children where !Self.userDataLocationTypes.contains(child.type) {
                    if child.type == "meta" {
                        try writeWithoutLocationTags(child, into: &w)
                    } else {
                        Self.copy(child, from: bytes, into: &w)
                    }
                }
            }
        case "meta":
            let indices = locationKeyIndices(box)
            try w.box("meta") { (w: inout BoxWriter) throws(ISOBMFFError) in
                // ISO's meta is a full box: its version and flags come before the first child.
                let firstChild = box.children.first?.offset ?? box.payloadRange.upperBound
                w.append(bytes[box.payloadRange.lowerBound..<firstChild])
                for child in box.children {
                    guard child.type == "ilst" else {
                        Self.copy(child, from: bytes, into: &w)
                        continue
                    }
                    try w.box("ilst") { (w: inout BoxWriter) in
                        for item in child.children where !isLocationItem(item, indices) {
                            Self.copy(item, from: bytes, into: &w)
                        }
                    }
                }
            }
        default:
            Self.copy(box, from: bytes, into: &w)
        }
    }

    /// The 1-based `keys` indices whose `mdta` key names a location.
    private func locationKeyIndices(_ meta: Box) -> Set<UInt32> {
        guard let keys = meta.child("keys") else { return [] }
        let names = QuickTimeMetadataKeys.keyNames(keys, movie.movieBytes)
        return Set(names.filter { $0.value.hasPrefix("com.apple.quicktime.location.") }.keys)
    }

    private func isLocationItem(_ item: Box, _ indices: Set<UInt32>) -> Bool {
        indices.contains(item.type.rawValue) || item.type == Self.userDataLocation
    }
}
