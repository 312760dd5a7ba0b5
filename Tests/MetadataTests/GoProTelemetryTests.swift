import CaptionCore
import Foundation
import ISOBMFF
import Metadata
import TestSupport
import Testing

/// Real GoPro files against GoPro's own parser.
@Suite struct GoProTelemetryTests {
    @Test func maxGPSDumpsLikeGoProsParser() throws {
        let path = TestPaths.sharedFixture("media/gopro-max-heromode.mp4").path
        let metadata = try MovieMetadata(path: path)
        let track = try #require(metadata.firstTrack(.gpmf))
        let telemetry = try metadata.goProTelemetry(track)
        let theirs = try GoProPeers.gpmfParser(path)
        #expect(telemetry.gps.count == theirs.count)
        #expect(theirs.count > 100)
        for (ours, t) in zip(telemetry.gps, theirs) {
            let p = ours.point
            let values = [p.latitude, p.longitude, p.elevation ?? .nan, p.speed ?? .nan, p.speed3D ?? .nan]
            #expect(abs(ours.movieTime.seconds - t[0]) < 1e-6, "time \(ours.movieTime.seconds) vs \(t[0])")
            for (a, b) in zip(values, t.dropFirst()) { #expect(abs(a - b) <= 1e-9 * max(1, abs(b)), "\(a) vs \(b)") }
        }
        #expect(telemetry.gpsSource == "GPS5")
        #expect(telemetry.gps.allSatisfy { $0.point.time != nil && $0.point.fix == 3 })
        // The sensor streams are listed with their rates.
        let keys = Set(telemetry.streams.map(\.key))
        #expect(keys.isSuperset(of: ["ACCL", "GYRO", "GRAV", "CORI", "GPS5"]))
        let gps = try #require(telemetry.streams.first { $0.key == "GPS5" })
        #expect(gps.sampleCount == theirs.count)
        // GoPro writes m/s² and µT in ISO 8859-1.
        #expect(telemetry.streams.first { $0.key == "ACCL" }?.units == "m/s²")
        #expect(telemetry.streams.first { $0.key == "MAGN" }?.units == "µT")
    }

    @Test func karmaHasGPMFButNoGPS() throws {
        let path = TestPaths.sharedFixture("media/gopro-karma.mp4").path
        let metadata = try MovieMetadata(path: path)
        let telemetry = try metadata.goProTelemetry(try #require(metadata.firstTrack(.gpmf)))
        #expect(!telemetry.hasGPS)
        #expect(telemetry.streams.contains { $0.key == "ACCL" })
        #expect(try GoProPeers.gpmfParser(path).isEmpty)
    }

    @Test func truncatedAndWrongSizeGPMFAreClearErrors() throws {
        var w = GPMFWriter()
        w.nest("DEVC") { d in
            d.uint32s("DVID", [1])
            d.nest("STRM") { s in s.int32s("GPS5", [1, 2, 3, 4, 5], perSample: 5) }
        }
        let good = w.bytes
        #expect(try GPMFReader().read(good).first?.children.count == 2)
        // Cut anywhere inside: a located "truncated" error, never a crash.
        for cut in stride(from: 1, to: good.count, by: 3) {
            #expect {
                try GPMFReader().read(Array(good[..<cut]))
            } throws: { ($0 as? MetadataError)?.message.contains("truncated") == true }
        }
        // GPS5 as 32-bit values with a structure size of 7: not a multiple of 4.
        var bad = good
        let at = try #require(Self.find("GPS5", in: bad))
        bad[at + 5] = 7
        #expect {
            try GPMFReader().read(bad)
        } throws: { error in
            let m = (error as? MetadataError)?.message ?? ""
            return m.contains("DEVC/STRM/GPS5") && m.contains("structure size of 7")
        }
    }

    static func find(_ key: String, in bytes: [UInt8]) -> Int? {
        let k = Array(key.utf8)
        return (0...(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual(k) }
    }
}
