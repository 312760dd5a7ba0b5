import CaptionCore
import Metadata
import Testing

/// FIT records without a position (an indoor ride, a trainer session, the records before the
/// GPS fix) are kept for the dashboard when they carry a sensor value; a ride with no usable
/// record is an error naming the file and what was looked for (issue 40).
@Suite struct FITPositionlessTests {
    typealias Builder = FITReaderTests.Builder

    /// An indoor ride: records with a timestamp, then heart rate (field 3), cadence (4), power
    /// (7); no position.
    static func indoorRide() -> [UInt8] {
        var b = Builder()
        b.define(local: 0, global: 20, [(253, 4, 0x86), (3, 1, 0x02), (4, 1, 0x02), (7, 2, 0x84)])
        for i in 0..<5 as Range<UInt64> {
            b.data(local: 0, Builder.le(FITReaderTests.start + i, 4) + [UInt8(130 + i), 85] + Builder.le(200 + i, 2))
        }
        return b.file()
    }

    @Test func anIndoorRidesRecordsAreKeptForTheDashboard() throws {
        let a = try FITReaderTests.read(Self.indoorRide())
        let (points, diagnostics) = try a.timedTrackPoints(file: "ride.fit", keepingPositionless: true)
        #expect(points.map(\.heartRate) == [130, 131, 132, 133, 134])
        #expect(points.map(\.power) == [200, 201, 202, 203, 204])
        #expect(points.allSatisfy { !$0.hasPosition && $0.speed == nil && $0.course == nil })
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        // Placed on a movie: groups without a location that the dashboard reads back.
        let groups = TimedMetadataTrackBuilder.groups(
            points.enumerated().map { PlacedPoint(movieTime: MediaTime(value: Int64($0), timescale: 1), point: $1) },
            movieDuration: MediaTime(value: 10, timescale: 1))
        #expect(groups.allSatisfy { $0.item(.location) == nil })
        #expect(groups.map { TrackPoint($0) == nil } == Array(repeating: true, count: 5))
        #expect(groups.compactMap { TrackPoint($0, allowingNoPosition: true)?.power } == [200, 201, 202, 203, 204])
        // Without keepingPositionless (a track written into a movie): none, said as such.
        let e = #expect(throws: MetadataError.self) { try a.timedTrackPoints(file: "ride.fit") }
        #expect(e?.message.contains("has both a UTC time and a position") == true, "\(e?.message ?? "")")
    }

    @Test func aRideWithNoUsableRecordIsAnErrorNamingTheFile() throws {
        // Records with a time and an altitude (field 2, scale 5, offset 500) only.
        var b = Builder()
        b.define(local: 0, global: 20, [(253, 4, 0x86), (2, 2, 0x84)])
        b.data(local: 0, Builder.le(FITReaderTests.start, 4) + Builder.le(3000, 2))
        let a = try FITReaderTests.read(b.file())
        #expect(a.records.count == 1)
        let e = #expect(throws: MetadataError.self) {
            try a.timedTrackPoints(file: "ride.fit", keepingPositionless: true)
        }
        #expect(e?.kind == .noData)
        #expect(e?.location.file == "ride.fit")
        #expect(e?.message.contains("a position or a sensor value") == true, "\(e?.message ?? "")")
    }
}
