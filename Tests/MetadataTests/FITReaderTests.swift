import CaptionCore
import Foundation
import Metadata
import TestSupport
import Testing

/// FIT files made here, byte by byte from the FIT Protocol (Garmin's FIT SDK documentation),
/// for what the shared files do not hold: big-endian definitions, compressed-timestamp headers,
/// developer fields, timer pauses; each also read by fitdecode and fitparse. And damaged and
/// hostile files: a located finding, never a crash, never a silent empty result.
@Suite struct FITReaderTests {
    /// A FIT file under construction: definition and data messages, then the header and CRCs.
    struct Builder {
        var body: [UInt8] = []

        /// CRC-16/ARC bit by bit (polynomial 0x8005 reflected, 0xA001; initial 0), written from
        /// the FIT Protocol's "CRC" section, not from the reader's table.
        static func crc(_ bytes: some Sequence<UInt8>) -> UInt16 {
            var crc: UInt16 = 0
            for b in bytes {
                crc ^= UInt16(b)
                for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
            }
            return crc
        }

        static func le(_ v: UInt64, _ n: Int) -> [UInt8] { (0..<n).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        static func be(_ v: UInt64, _ n: Int) -> [UInt8] { le(v, n).reversed() }

        /// A definition: fields as (number, size, base type); developer fields as (number, size, index).
        mutating func define(
            local: UInt8, global: UInt16, bigEndian: Bool = false, _ fields: [(UInt8, UInt8, UInt8)],
            developer: [(UInt8, UInt8, UInt8)] = []
        ) {
            body.append(0x40 | (developer.isEmpty ? 0 : 0x20) | local)
            body += [0, bigEndian ? 1 : 0] + (bigEndian ? Self.be(UInt64(global), 2) : Self.le(UInt64(global), 2))
            body.append(UInt8(fields.count))
            for f in fields { body += [f.0, f.1, f.2] }
            if !developer.isEmpty {
                body.append(UInt8(developer.count))
                for f in developer { body += [f.0, f.1, f.2] }
            }
        }

        mutating func data(local: UInt8, _ bytes: [UInt8]) { body += [local] + bytes }
        mutating func compressed(local: UInt8, offset: UInt8, _ bytes: [UInt8]) {
            body += [0x80 | (local << 5) | (offset & 0x1F)] + bytes
        }

        /// The file: a 14-byte header with its CRC, the messages, the file CRC.
        func file() -> [UInt8] {
            var header: [UInt8] = [14, 0x20] + Self.le(2132, 2) + Self.le(UInt64(body.count), 4) + Array(".FIT".utf8)
            header += Self.le(UInt64(Self.crc(header)), 2)
            let all = header + body
            return all + Self.le(UInt64(Self.crc(all)), 2)
        }
    }

    /// 2024-05-01T10:00:00Z in FIT time (seconds since 1989-12-31T00:00:00Z).
    static let start: UInt64 = 1_714_557_600 - 631_065_600

    /// A ride: file_id, a developer field, records in a big-endian definition with compressed
    /// timestamps between full ones, and a timer stop and start.
    static func ride() -> [UInt8] {
        var b = Builder()
        b.define(local: 0, global: 0, [(0, 1, 0x00), (1, 2, 0x84), (4, 4, 0x86)])
        b.data(local: 0, [4] + Builder.le(1, 2) + Builder.le(start, 4))
        // developer_data_id: 3 developer_data_index; field_description: 0 index, 1 number,
        // 2 base type, 3 name (string), 8 units (string).
        b.define(local: 1, global: 207, [(3, 1, 0x02)])
        b.data(local: 1, [0])
        b.define(local: 1, global: 206, [(0, 1, 0x02), (1, 1, 0x02), (2, 1, 0x02), (3, 8, 0x07), (8, 4, 0x07)])
        b.data(local: 1, [0, 0, 0x84] + Array("wind\0\0\0\0".utf8) + Array("km/h".utf8))
        // record, big-endian: timestamp, lat, long, enhanced_altitude, heart_rate, power, temperature + wind.
        let fields: [(UInt8, UInt8, UInt8)] = [
            (253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85), (78, 4, 0x86), (3, 1, 0x02), (7, 2, 0x84), (13, 1, 0x01),
        ]
        b.define(local: 2, global: 20, bigEndian: true, fields, developer: [(0, 2, 0)])
        // The same without the timestamp, for compressed headers (local types 0–3 only).
        b.define(local: 3, global: 20, bigEndian: true, Array(fields.dropFirst()), developer: [(0, 2, 0)])
        func values(_ i: UInt64) -> [UInt8] {
            Builder.be(UInt64(bitPattern: Int64(536_870_912 + Int64(i) * 1000)), 4)  // 45° + a little
                + Builder.be(UInt64(bitPattern: Int64(-11_930_465)), 4)  // −1.0000000° (×2^31/180, rounded)
                + Builder.be((100 + 500) * 5 + i, 4) + [UInt8(120 + i)] + Builder.be(200 + i, 2)
                + [UInt8(bitPattern: -3)] + Builder.be(15, 2)
        }
        b.data(local: 2, Builder.be(start, 4) + values(0))
        // The 5-bit offset is the time's low bits: 20 s on, then 40 s, past a roll-over of
        // them (start is a multiple of 32 s).
        b.compressed(local: 3, offset: UInt8((start + 20) & 0x1F), values(1))
        b.compressed(local: 3, offset: UInt8((start + 40) & 0x1F), values(2))
        // event: timer (0) stop_all (4), then start (0).
        b.define(local: 0, global: 21, [(253, 4, 0x86), (0, 1, 0x00), (1, 1, 0x00)])
        b.data(local: 0, Builder.le(start + 41, 4) + [0, 4])
        b.data(local: 0, Builder.le(start + 60, 4) + [0, 0])
        // A record whose position is invalid (0x7FFFFFFF) and whose heart rate is invalid (0xFF).
        b.data(
            local: 2,
            Builder.be(start + 61, 4) + Builder.be(0x7FFF_FFFF, 4) + Builder.be(0x7FFF_FFFF, 4)
                + Builder.be(3000, 4) + [0xFF] + Builder.be(210, 2) + [4] + Builder.be(0xFFFF, 2))
        return b.file()
    }

    static func read(_ bytes: [UInt8]) throws(MetadataError) -> FITActivity {
        try FITReader(fileName: "ride.fit").read(bytes)
    }

    @Test func aBigEndianRideWithCompressedTimesAndDeveloperFields() throws {
        let activity = try Self.read(Self.ride())
        #expect(activity.diagnostics.isEmpty, "\(activity.diagnostics)")
        let r = activity.records
        try #require(r.count == 4)
        let t0 = 1_714_557_600.0
        #expect(r.map { $0.point.time?.sinceEpoch.seconds } == [t0, t0 + 20, t0 + 40, t0 + 61])
        #expect(abs(r[0].point.latitude - 45) < 1e-7)
        #expect(abs(r[0].point.longitude + 1) < 1e-7)
        #expect(abs((r[1].point.elevation ?? 0) - 100.2) < 1e-9)
        #expect(r.map(\.point.heartRate) == [120, 121, 122, nil])
        #expect(r.map(\.point.power) == [200, 201, 202, 210])
        #expect(r[0].point.temperature == -3)
        #expect(r[0].developerValues == ["wind": 15])
        #expect(r[3].developerValues.isEmpty)
        #expect(!r[3].hasPosition)
        #expect(activity.developerFields.map(\.name) == ["wind"])
        #expect(activity.fileIDs.first?.type == 4)
        #expect(activity.pauses.map { $0.start.sinceEpoch.seconds } == [t0 + 41])
        #expect(activity.pauses.map { $0.end?.sinceEpoch.seconds } == [t0 + 60])
        #expect(activity.streams.map(\.name).contains("wind"))
        let (points, found) = try activity.timedTrackPoints()
        #expect(points.count == 3)
        #expect(found.map(\.ruleID) == ["fit.no-position"])
    }

    /// fitdecode and fitparse read the same values from the hand-made ride: the file is FIT as
    /// they understand it, not only as we do.
    @Test(arguments: FITPeer.allCases) func thePeersReadTheHandMadeRideAlike(peer: FITPeer) throws {
        let dir = try TemporaryDirectory()
        let url = dir.url.appendingPathComponent("ride.fit")
        try Data(Self.ride()).write(to: url)
        let theirs = try peer.read(url.path)
        #expect(theirs.error == nil, "\(peer): \(theirs.error ?? "")")
        let ours = try Self.read(Self.ride()).records
        try #require(theirs.records.count == ours.count)
        for (a, b) in zip(ours, theirs.records) {
            let x = FITReaderWitnessTests.ours(a)
            let y = FITReaderWitnessTests.theirs(b)
            for f in x.indices {
                #expect(
                    FITReaderWitnessTests.same(x[f], y[f], field: f),
                    "\(FITReaderWitnessTests.names[f]): \(x[f] as Any) vs \(peer) \(y[f] as Any)")
            }
        }
    }

    // MARK: - Damage

    /// Cut at every length: never a crash; either an error (no record yet) or the records
    /// before the cut, with an error-level finding that gives a byte offset.
    @Test func cutAtEveryByte() throws {
        let whole = Self.ride()
        let full = try Self.read(whole).records.count
        var last = 0
        for n in 0..<whole.count {
            do {
                let a = try Self.read(Array(whole.prefix(n)))
                #expect(a.records.count >= last && a.records.count <= full)
                last = a.records.count
                let damage = a.diagnostics.filter { $0.severity == .error }
                #expect(!damage.isEmpty, "cut at \(n): no error finding")
                #expect(damage.allSatisfy { $0.message.contains("byte") }, "cut at \(n): \(damage.map(\.message))")
            } catch {
                #expect(error.kind == .noData || error.kind == .malformed, "cut at \(n): \(error)")
                #expect(last == 0, "cut at \(n): records were read before, now \(error)")
            }
        }
        #expect(last == full)
    }

    @Test func aDataMessageOfAnUndefinedLocalTypeStopsWithItsPlace() throws {
        var bytes = Self.ride()
        // Drop the CRC, add a data message of local type 9, a new CRC: read up to it.
        var b = Builder()
        b.body = Array(bytes[14..<(bytes.count - 2)]) + [0x09, 1, 2, 3]
        bytes = b.file()
        let a = try Self.read(bytes)
        #expect(a.records.count == 4)
        let d = a.diagnostics.filter { $0.ruleID == "fit.undefined-local-type" }
        #expect(d.count == 1)
        #expect(d.first?.message.contains("byte \(bytes.count - 6)") == true, "\(d.map(\.message))")
        #expect(d.first?.message.contains("message 15") == true, "\(d.map(\.message))")
    }

    @Test func aWrongCRCIsAnErrorFindingAndFitdecodeAgrees() throws {
        var bytes = Self.ride()
        bytes[bytes.count - 1] ^= 0xFF
        let a = try Self.read(bytes)
        #expect(a.records.count == 4)
        #expect(a.diagnostics.map(\.ruleID) == ["fit.crc"])
        let dir = try TemporaryDirectory()
        let url = dir.url.appendingPathComponent("bad-crc.fit")
        try Data(bytes).write(to: url)
        #expect(try FITPeer.fitdecode.read(url.path).error != nil)
    }

    @Test func aFileWithoutRecordsIsAnError() throws {
        var b = Builder()
        b.define(local: 0, global: 0, [(0, 1, 0x00)])
        b.data(local: 0, [4])
        let e = #expect(throws: MetadataError.self) { try Self.read(b.file()) }
        #expect(e?.kind == .noData)
        #expect(e?.message.contains("file_id ×1") == true, "\(e?.message ?? "")")
        #expect(e?.location.file == "ride.fit")
    }

    /// A record timed before 0x10000000 counts from the device's power-on (FIT profile
    /// `date_time`): no UTC time, and a warning that names the file (the fit fuzz target's
    /// first finding: the warning named none; Fixtures/fuzz/fit/record-in-system-time.fit).
    @Test func aRecordInSystemTimeHasNoTimeAndTheWarningNamesTheFile() throws {
        var b = Builder()
        b.define(local: 0, global: 20, [(253, 4, 0x86), (3, 1, 0x02)])
        b.data(local: 0, Builder.le(168_044_353, 4) + [150])
        let a = try Self.read(b.file())
        #expect(a.records.first?.point.time == nil)
        #expect(a.records.first?.point.heartRate == 150)
        #expect(a.diagnostics.map(\.ruleID) == ["fit.system-time"])
        #expect(a.diagnostics.first?.location.file == "ride.fit")
    }

    @Test func notAFITFileIsAnError() throws {
        #expect(throws: MetadataError.self) { try Self.read(Array("<gpx></gpx>".utf8)) }
        #expect(throws: MetadataError.self) { try Self.read([]) }
    }

    @Test func anUnknownArchitectureStopsWithItsPlace() throws {
        var bytes = Self.ride()
        // The first definition's architecture byte: header 14 + record header 1 + reserved 1.
        bytes[16] = 7
        #expect(throws: MetadataError.self) { try Self.read(bytes) }
    }

    // MARK: - Hostile sizes

    /// A header announcing 4 GiB of records in a file of a few hundred bytes costs nothing:
    /// the reader reads what there is and says the file is cut short.
    @Test func aHugeAnnouncedSizeIsReadAsCutShort() throws {
        var bytes = Self.ride()
        bytes.replaceSubrange(4..<8, with: [0xFF, 0xFF, 0xFF, 0xFF])
        bytes.replaceSubrange(12..<14, with: [0, 0])
        let a = try Self.read(bytes)
        #expect(a.records.count == 4)
        #expect(a.diagnostics.contains { $0.ruleID == "fit.truncated" })
    }

    @Test func chainedFilesAreBounded() throws {
        let one = Self.ride()
        var reader = FITReader(fileName: "chain.fit")
        reader.maximumChainedFiles = 3
        let a = try reader.read(one + one + one + one + one)
        #expect(a.fileCount == 3)
        #expect(a.records.count == 12)
        #expect(a.diagnostics.contains { $0.ruleID == "fit.limit" })
        let all = try FITReader().read(one + one)
        #expect(all.fileCount == 2)
        #expect(all.diagnostics.isEmpty)
    }

    @Test func trailingBytesAfterTheCRCAreSaid() throws {
        let a = try Self.read(Self.ride() + [1, 2, 3])
        #expect(a.diagnostics.map(\.ruleID) == ["fit.trailing"])
    }
}
