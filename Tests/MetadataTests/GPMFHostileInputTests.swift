import CaptionCore
import Metadata
import Testing

/// Hostile GPMF payloads (GoPro's GPMF format, "KLV Design"): nests far deeper than the limit,
/// repeat counts that announce megabytes the payload does not hold, more entries than the limit,
/// and sample structures that do not fit their types. Each is refused with a message that names
/// the limit or the key path, or decoded without a crash; nothing announced is allocated before
/// it is checked against the bytes present (Specs/limits.md, GPMF).
@Suite struct GPMFHostileInputTests {
    /// An 8-byte GPMF header: key, type, structure size, 16-bit repeat count.
    static func header(_ key: String, type: UInt8, structure: UInt8, repeat count: UInt16) -> [UInt8] {
        Array(key.utf8) + [type, structure, UInt8(count >> 8), UInt8(count & 0xFF)]
    }

    /// `levels` nests, each holding the next, the innermost holding one `TSMP` value.
    static func nested(_ levels: Int) -> [UInt8] {
        let leaf = header("TSMP", type: UInt8(ascii: "L"), structure: 4, repeat: 1) + [0, 0, 0, 1]
        var bytes = leaf
        for _ in 0..<levels {
            // Nests of more than 65,535 bytes count 4-byte structures, as GPMFWriter writes them.
            let count = bytes.count
            bytes =
                count <= 0xFFFF
                ? header("DEVC", type: 0, structure: 1, repeat: UInt16(count)) + bytes
                : header("DEVC", type: 0, structure: 4, repeat: UInt16(count / 4)) + bytes
        }
        return bytes
    }

    static func error(_ bytes: [UInt8]) -> MetadataError? {
        do throws(MetadataError) {
            _ = try GPMFReader().read(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func nestsAsDeepAsTheLimitRead() throws {
        let limit = GPMFReader().maximumDepth
        var entries = try GPMFReader().read(Self.nested(limit - 1))
        for _ in 0..<(limit - 1) { entries = try #require(entries.first?.children) }
        #expect(entries.first?.key == "TSMP")
    }

    @Test func nestsOneLevelPastTheLimitAreRefusedNamingIt() throws {
        let limit = GPMFReader().maximumDepth
        let error = try #require(Self.error(Self.nested(limit)))
        #expect(error.kind == .limit)
        #expect(error.message.contains("nests more than \(limit) levels"), "\(error)")
        #expect(error.message.contains("DEVC/DEVC/DEVC"))
    }

    @Test func tenThousandNestedLevelsStopAtTheLimit() throws {
        // 80 KB of nest headers: the reader stops at the limit, before any deep recursion.
        let error = try #require(Self.error(Self.nested(10_000)))
        #expect(error.kind == .limit, "\(error)")
    }

    @Test func aRepeatCountAnnouncingSixteenMegabytesInATinyPayloadIsTruncated() throws {
        // 255 × 65,535 bytes announced, 8 present.
        let bytes =
            Self.header("ACCL", type: UInt8(ascii: "s"), structure: 254, repeat: 0xFFFF) + Array(repeating: 1, count: 8)
        let error = try #require(Self.error(bytes))
        #expect(error.kind == .malformed)
        #expect(error.message.contains("ACCL") && error.message.contains("65535 × 254"), "\(error)")
        #expect(error.message.contains("only 8 remain"))
    }

    @Test func aNestAnnouncingMoreThanItsParentHoldsIsTruncated() throws {
        let inner = Self.header("STRM", type: 0, structure: 1, repeat: 0xFFFF) + [0, 0, 0, 0]
        let bytes = Self.header("DEVC", type: 0, structure: 1, repeat: UInt16(inner.count)) + inner
        let error = try #require(Self.error(bytes))
        #expect(error.message.contains("DEVC/STRM"), "\(error)")
    }

    @Test func moreEntriesThanTheLimitAreRefused() throws {
        let one = Self.header("TSMP", type: UInt8(ascii: "L"), structure: 4, repeat: 1) + [0, 0, 0, 1]
        let limit = GPMFReader().maximumEntries
        var bytes: [UInt8] = []
        bytes.reserveCapacity((limit + 1) * one.count)
        for _ in 0...limit { bytes += one }
        let error = try #require(Self.error(bytes))
        #expect(error.kind == .limit && error.message.contains("more than \(limit) GPMF entries"), "\(error)")
    }

    /// A nest holding `content`, its length given as the fewest 4-byte multiples the 16-bit
    /// repeat count allows, padded with zeros to that length (GPMF pads with zeros).
    static func nest(_ key: String, _ content: [UInt8]) -> [UInt8] {
        var structure = 4
        while (content.count + structure - 1) / structure > 0xFFFF { structure += 4 }
        let count = (content.count + structure - 1) / structure
        return header(key, type: 0, structure: UInt8(structure), repeat: UInt16(count)) + content
            + Array(repeating: 0, count: count * structure - content.count)
    }

    @Test func gpsStreamsWithTheLargestRepeatCountDecodeInFull() throws {
        // 65,535 GPS5 samples (1.3 MB, the most one entry can hold) and a GPS9 whose TYPE names
        // 255 values that do not match its structure: decoded, or skipped, without a crash.
        var gps5 = GPMFWriter()
        gps5.utc("GPSU", "200101000000.000")
        gps5.int32s("SCAL", [10_000_000, 10_000_000, 1000, 1000, 100], perSample: 1)
        gps5.int32s("GPS5", Array(repeating: 1, count: 5 * 0xFFFF), perSample: 5)
        var gps9 = GPMFWriter()
        gps9.text("TYPE", String(repeating: "l", count: 255))
        gps9.complex("GPS9", structureSize: 32, data: Array(repeating: 0xFF, count: 32 * 10))
        let payload = Self.nest("DEVC", Self.nest("STRM", gps5.bytes) + Self.nest("STRM", gps9.bytes))
        let entries = try GPMFReader().read(payload)
        let range = TimeRange(start: .zero, duration: MediaTime(value: 1, timescale: 1))
        let telemetry = GoProTelemetry(payloads: [.init(timeRange: range, entries: entries)])
        #expect(telemetry.gps.count == 0xFFFF)
        #expect(telemetry.gpsSource == "GPS5")
        #expect(telemetry.gps.allSatisfy { abs($0.point.latitude - 1e-7) < 1e-12 })
    }

    @Test func structureSizesThatDoNotFitTheirTypeAreMalformed() throws {
        // `d` (8-byte doubles) with a structure of 12.
        let bytes =
            Self.header("GYRO", type: UInt8(ascii: "d"), structure: 12, repeat: 1) + Array(repeating: 0, count: 12)
        let error = try #require(Self.error(bytes))
        #expect(error.message.contains("not a multiple of 8"), "\(error)")
    }
}
