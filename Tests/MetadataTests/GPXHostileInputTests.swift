import CaptionCore
import Foundation
import Metadata
import TestSupport
import Testing

/// Hostile GPX, the kinds the iTT reader is tested with (Tests/ITTTests/ITTHostileInputTests):
/// external entities (XXE), an external DTD, elements nested far past the limit, a huge text node,
/// UTF-16. Each is refused with an error located in the file (line and column) that says what
/// was refused; nothing is fetched or expanded. (Billion laughs: GPXReaderTests.)
@Suite struct GPXHostileInputTests {
    static let point = #"<trkpt lat="1" lon="2"><time>2020-01-01T00:00:00Z</time></trkpt>"#

    static func error(_ text: String) -> MetadataError? {
        error(Array(text.utf8))
    }

    static func error(_ bytes: [UInt8]) -> MetadataError? {
        do throws(MetadataError) {
            _ = try GPXReader(fileName: "hostile.gpx").read(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func anExternalEntityNamingALocalFileIsRefusedUnread() throws {
        let dir = try TemporaryDirectory("gpx-xxe")
        let secret = dir.path("secret.txt")
        try "TOP-SECRET-MARKER".write(toFile: secret, atomically: true, encoding: .utf8)
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file://\(secret)">]>
            <gpx version="1.1"><trk><name>&xxe;</name><trkseg>\(Self.point)</trkseg></trk></gpx>
            """
        let error = try #require(Self.error(text))
        #expect(error.location.file == "hostile.gpx" && error.location.line == 2 && error.location.column == 1)
        #expect(error.message.contains("DOCTYPE"), "\(error)")
        #expect(!error.message.contains("TOP-SECRET"))
    }

    @Test func anExternalDTDIsNotFetched() throws {
        let text =
            #"<?xml version="1.0"?><!DOCTYPE gpx SYSTEM "http://127.0.0.1:9/evil.dtd">"#
            + #"<gpx version="1.1"></gpx>"#
        let error = try #require(Self.error(text))
        #expect(error.location.line == 1 && error.message.contains("DOCTYPE"), "\(error)")
    }

    @Test func aParameterEntityInTheInternalSubsetIsRefused() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [<!ENTITY % remote SYSTEM "http://127.0.0.1:9/x.dtd"> %remote;]>
            <gpx version="1.1"/>
            """
        let error = try #require(Self.error(text))
        #expect(error.location.line == 2 && error.message.contains("DOCTYPE"), "\(error)")
    }

    @Test func elementsNestedAHundredThousandDeepStopAtTheDepthLimit() throws {
        // Inside a track point's extensions, where readers look for Garmin's elements.
        let depth = 100_000
        let text =
            #"<gpx version="1.1"><trk><trkseg><trkpt lat="1" lon="2"><extensions>"#
            + String(repeating: "<x>", count: depth) + String(repeating: "</x>", count: depth)
            + "</extensions></trkpt></trkseg></trk></gpx>"
        let error = try #require(Self.error(text))
        #expect(error.location.file == "hostile.gpx" && error.location.line == 1 && error.location.column != nil)
        #expect(error.message.contains("100"), "\(error)")
        #expect(error.message.lowercased().contains("nest"), "\(error)")
    }

    @Test func elementsNestedJustInsideTheLimitRead() throws {
        // gpx, trk, trkseg, trkpt, extensions and 90 more levels: under the 100 allowed.
        let text =
            #"<gpx version="1.1"><trk><trkseg><trkpt lat="1" lon="2"><time>2020-01-01T00:00:00Z</time><extensions>"#
            + String(repeating: "<x>", count: 90) + String(repeating: "</x>", count: 90)
            + "</extensions></trkpt></trkseg></trk></gpx>"
        let document = try GPXReader(fileName: "deep.gpx").read(Array(text.utf8))
        #expect(document.trackPoints.count == 1)
    }

    @Test func aTwoMegabyteNameIsRefusedNamingTheLimit() throws {
        let text =
            #"<gpx version="1.1"><trk><name>"# + String(repeating: "a", count: 2 << 20) + "</name></trk></gpx>"
        let error = try #require(Self.error(text))
        #expect(error.location.line == 1, "\(error)")
        #expect(error.message.contains("1 MiB") || error.message.contains("1048576"), "\(error)")
    }

    @Test func utf16IsRefusedWithAHint() throws {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in #"<gpx version="1.1"/>"#.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let error = try #require(Self.error(bytes))
        #expect(error.message.contains("UTF-16"), "\(error)")
    }
}
