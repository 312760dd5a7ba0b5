import Foundation

/// The family names a font file declares, read from its `name` tables without FreeType: enough
/// to tell which files can hold a family, so that only those are opened.
///
/// Follows the OpenType spec (ISO/IEC 14496-22): the collection header and table directory
/// (§4.5, §5.1.3) and the `name` table (§5.2.4). FreeType takes a face's `family_name` from
/// name ID 21, 16 or 1 (WWS, typographic or font family; `sfnt_load_face` in sfobjs.c), keeping
/// ASCII and writing `?` for any other character (`tt_name_ascii_from_utf16` and
/// `tt_name_ascii_from_other`). ``candidates`` holds every such record of every face, converted
/// the same way, so it contains whatever FreeType will report.
struct FontFileNames: Sendable, Hashable {
    /// FreeType-style (ASCII, `?` for the rest) family names of all faces in the file.
    let candidates: Set<String>

    /// Whether a face of this file may belong to `family` (compared as FontCatalog compares).
    func mayContain(family: String) -> Bool {
        candidates.contains { $0.caseInsensitiveCompare(family) == .orderedSame }
    }

    /// The names in the file at `path`, or nil when they cannot be read this way (not an sfnt
    /// font, a damaged table, or a face with no family name record): such files are opened with
    /// FreeType whatever family is wanted.
    static func read(_ path: String) -> FontFileNames? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        func bytes(at offset: Int, count: Int) -> [UInt8]? {
            guard offset >= 0, count >= 0, (try? file.seek(toOffset: UInt64(offset))) != nil,
                let data = try? file.read(upToCount: count), data.count == count
            else { return nil }
            return [UInt8](data)
        }
        guard let header = bytes(at: 0, count: 12) else { return nil }
        var fonts: [Int] = [0]
        if header[0..<4].elementsEqual("ttcf".utf8) {
            let count = Int(Self.uint32(header, 8))
            guard count > 0, count < 4096, let table = bytes(at: 12, count: count * 4) else { return nil }
            fonts = (0..<count).map { Int(Self.uint32(table, $0 * 4)) }
        }
        var names = Set<String>()
        for offset in fonts {
            guard let directory = bytes(at: offset, count: 12) else { return nil }
            let tables = Int(Self.uint16(directory, 4))
            guard let records = bytes(at: offset + 12, count: tables * 16),
                let name = (0..<tables).first(where: { records[($0 * 16)..<($0 * 16 + 4)].elementsEqual("name".utf8) })
            else { return nil }
            let tableOffset = Int(Self.uint32(records, name * 16 + 8))
            let length = Int(Self.uint32(records, name * 16 + 12))
            guard length >= 6, length < 1 << 24, let table = bytes(at: tableOffset, count: length),
                let found = Self.familyNames(inNameTable: table), !found.isEmpty
            else { return nil }
            names.formUnion(found)
        }
        return FontFileNames(candidates: names)
    }

    /// Name IDs 1, 16 and 21 of the Unicode, Macintosh, ISO and Windows platforms (0 to 3), as
    /// FreeType converts them; nil when a record points outside the table.
    static func familyNames(inNameTable t: [UInt8]) -> Set<String>? {
        let count = Int(uint16(t, 2)), storage = Int(uint16(t, 4))
        guard 6 + count * 12 <= t.count else { return nil }
        var names = Set<String>()
        for r in 0..<count {
            let at = 6 + r * 12
            let platform = uint16(t, at), nameID = uint16(t, at + 6)
            let length = Int(uint16(t, at + 8)), offset = Int(uint16(t, at + 10))
            guard [1, 16, 21].contains(nameID), (0...3).contains(platform) else { continue }
            let start = storage + offset
            guard start + length <= t.count else { return nil }
            var codes: [UInt32] = []
            // FreeType's `tt_face_get_name` reads Macintosh names byte by byte and the others as
            // UTF-16BE: ISO (platform 2, deprecated since OpenType 1.3) with the Unicode platform,
            // whatever its encoding ID says.
            if platform == 1 {
                codes = t[start..<(start + length)].map(UInt32.init)
            } else {
                codes = stride(from: start, to: start + length - 1, by: 2).map { UInt32(uint16(t, $0)) }
            }
            names.insert(ascii(codes))
        }
        return names
    }

    /// FreeType's conversion: stop at NUL, keep 32...127, `?` for everything else.
    static func ascii(_ codes: [UInt32]) -> String {
        var s = ""
        for c in codes {
            if c == 0 { break }
            s.unicodeScalars.append((32...127).contains(c) ? Unicode.Scalar(UInt8(c)) : "?")
        }
        return s
    }

    static func uint16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) << 8 | UInt16(b[i + 1]) }
    static func uint32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }
}
