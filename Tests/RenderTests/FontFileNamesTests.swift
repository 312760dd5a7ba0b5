import CaptionCore
import Foundation
import TestSupport
import Testing

@testable import Render

/// The `name`-table prefilter that decides which files the catalog opens with FreeType: the
/// names it reads from the committed fonts and from fonts built here byte by byte, and how few
/// files a Latin render then describes.
@Suite struct FontFileNamesTests {
    static func fixture(_ name: String) -> String { TestFonts.directory + "/" + name }

    @Test func readsTheFamilyNamesOfTheFixtureFonts() {
        // As `fc-query -f '%{family}'` prints them; the files hold no other family records.
        #expect(FontFileNames.read(Self.fixture("DejaVuSans.ttf"))?.candidates == ["DejaVu Sans"])
        #expect(FontFileNames.read(Self.fixture("DejaVuSans-Bold.ttf"))?.candidates == ["DejaVu Sans"])
        #expect(FontFileNames.read(Self.fixture("DejaVuSans-Oblique.ttf"))?.candidates == ["DejaVu Sans"])
        #expect(FontFileNames.read(Self.fixture("DejaVuSansMono.ttf"))?.candidates == ["DejaVu Sans Mono"])
        let noto = FontFileNames.read(Self.fixture("NotoSansCJKjp-Regular-subset.otf"))
        #expect(noto?.candidates == ["Noto Sans CJK JP"])
        #expect(noto?.mayContain(family: "noto sans cjk jp") == true)
        #expect(noto?.mayContain(family: "DejaVu Sans") == false)
        #expect(FontFileNames.read(Self.fixture("LICENSE-DejaVu.txt")) == nil)
        #expect(FontFileNames.read(Self.fixture("no-such-font.ttf")) == nil)
    }

    // MARK: - Fonts built byte by byte

    /// One `name` record: platform, encoding, name ID and the stored bytes.
    typealias Record = (platform: UInt16, encoding: UInt16, nameID: UInt16, bytes: [UInt8])

    static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v & 0xFFFF) }
    static func utf16(_ s: String) -> [UInt8] { s.utf16.flatMap { be16(Int($0)) } }

    /// An sfnt with a `name` table only (OpenType §5.1.2, §5.2.4 format 0), laid out to start at
    /// `base` in its file (table offsets count from the start of the file).
    static func sfnt(_ records: [Record], at base: Int = 0) -> [UInt8] {
        var storage: [UInt8] = []
        var recordBytes: [UInt8] = []
        for r in records {
            recordBytes += be16(Int(r.platform)) + be16(Int(r.encoding)) + be16(0) + be16(Int(r.nameID))
            recordBytes += be16(r.bytes.count) + be16(storage.count)
            storage += r.bytes
        }
        let name = be16(0) + be16(records.count) + be16(6 + recordBytes.count) + recordBytes + storage
        let directory = be32(0x0001_0000) + be16(1) + be16(16) + be16(0) + be16(0)
        let record = Array("name".utf8) + be32(0) + be32(base + 12 + 16) + be32(name.count)
        return directory + record + name
    }

    static func write(_ bytes: [UInt8], _ name: String, in folder: TemporaryDirectory) throws -> String {
        let path = folder.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func readsEveryPlatformAsFreeTypeConvertsIt() throws {
        let folder = try TemporaryDirectory("captions-font-names")
        let font = Self.sfnt([
            (platform: 0, encoding: 3, nameID: 1, bytes: Self.utf16("Unicode Family")),
            // ISO 10646 (platform 2): FreeType reads it as UTF-16BE, like platform 0.
            (platform: 2, encoding: 1, nameID: 16, bytes: Self.utf16("ISO Family")),
            // Mac Roman 0x8E is "é": one byte, outside ASCII, so "?".
            (platform: 1, encoding: 0, nameID: 1, bytes: Array("Caf".utf8) + [0x8E]),
            (platform: 3, encoding: 1, nameID: 21, bytes: Self.utf16("Caf\u{E9} WWS")),
            // Not family names, or not a platform FreeType reads: left out.
            (platform: 3, encoding: 1, nameID: 2, bytes: Self.utf16("Regular")),
            (platform: 4, encoding: 0, nameID: 1, bytes: Self.utf16("Custom")),
        ])
        let names = FontFileNames.read(try Self.write(font, "names.ttf", in: folder))
        #expect(names?.candidates == ["Unicode Family", "ISO Family", "Caf?", "Caf? WWS"])
    }

    @Test func readsEveryFaceOfACollection() throws {
        let folder = try TemporaryDirectory("captions-font-names")
        // TTC header (OpenType §4.5, version 1.0): tag, version, count, one offset per font.
        let headerSize = 12 + 2 * 4
        let first = Self.sfnt([(platform: 3, encoding: 1, nameID: 1, bytes: Self.utf16("First"))], at: headerSize)
        let second = Self.sfnt(
            [(platform: 3, encoding: 1, nameID: 1, bytes: Self.utf16("Second"))], at: headerSize + first.count)
        let header =
            Array("ttcf".utf8) + Self.be32(0x0001_0000) + Self.be32(2) + Self.be32(headerSize)
            + Self.be32(headerSize + first.count)
        let names = FontFileNames.read(try Self.write(header + first + second, "pair.ttc", in: folder))
        #expect(names?.candidates == ["First", "Second"])
        // A face with no family record cannot be ruled out, so the file is opened whatever the family.
        let nameless = Self.sfnt([(platform: 3, encoding: 1, nameID: 2, bytes: Self.utf16("Regular"))])
        #expect(FontFileNames.read(try Self.write(nameless, "nameless.ttf", in: folder)) == nil)
        // A record that points past the end of its table is damage, not a name.
        var damaged = Self.sfnt([(platform: 3, encoding: 1, nameID: 1, bytes: Self.utf16("Gone"))])
        damaged.removeLast(2)
        #expect(FontFileNames.read(try Self.write(damaged, "damaged.ttf", in: folder)) == nil)
    }

    // MARK: - What a render opens

    @Test func aLatinRenderDescribesOnlyTheDejaVuSansFiles() throws {
        let cache = FontFileCache()
        let catalog = try FontCatalog(
            directories: [TestFonts.directory], files: [], overrideFiles: [], cache: cache)
        let caption = Caption(
            runs: [
                CaptionRun("Latin only, upright and "), CaptionRun("italic", style: CaptionTextStyle(italic: true)),
            ],
            timeRange: TimeRange(start: .zero, end: MediaTime(value: 10, timescale: 1)))
        let renderer = try CaptionRenderer(
            captions: [caption], bounds: RenderSize(width: 640, height: 360), fonts: catalog)
        _ = try renderer.layers(at: MediaTime(value: 1, timescale: 1))
        // The family reached, DejaVu Sans, may be in these three files only by their names; the
        // mono and CJK fonts are never described.
        #expect(
            cache.describedFiles
                == ["DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans.ttf"].map(Self.fixture))
        #expect(renderer.diagnostics.isEmpty)
    }
}
