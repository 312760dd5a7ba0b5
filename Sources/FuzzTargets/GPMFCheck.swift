import CaptionCore
import ISOBMFF
import Metadata

/// The GPMF reader (GoPro's GPMF format, "KLV Design") on any bytes, as one payload of a `gpmd`
/// track:
/// 1. it returns a tree of entries or throws a ``MetadataError`` with a message (never a crash:
///    libFuzzer catches those, hangs and runaway memory);
/// 2. every entry's data is its structure size × repeat count bytes, and nests hold no data;
/// 3. the tree written back with ``GPMFWriter`` reads back as the same tree: keys, types,
///    structure sizes, repeat counts, data and children (a nest's own structure size and repeat
///    count are the writer's choice: only its children are compared);
/// 4. ``GoProTelemetry`` decodes the tree without a crash, and the GPS samples it finds, written
///    by ``GPMFTrackBuilder`` as a GoPro camera would write them, read back as the same points:
///    UTC to the millisecond, positions to GPMF's 10⁻⁷ degree, altitude and speed to the
///    millimetre, DOP to 1/100, the fix. Points outside what GPMF's 32-bit scaled values hold
///    (the writer clamps those) are left out of this comparison.
enum GPMFCheck {
    static let payloadTime = TimeRange(start: .zero, duration: MediaTime(value: 1, timescale: 1))

    static func check(_ bytes: [UInt8]) throws(FuzzFinding) {
        let entries: [GPMFEntry]
        do {
            entries = try GPMFReader().read(bytes)
        } catch {
            guard !error.message.isEmpty else { throw FuzzFinding("the reader's error has no message: \(error)") }
            return
        }
        try checkShape(entries)
        let written = write(entries)
        let reread: [GPMFEntry]
        do {
            reread = try GPMFReader().read(written)
        } catch {
            throw FuzzFinding("the writer's bytes cannot be read back: \(error)")
        }
        let (a, b) = (Canonical(entries), Canonical(reread))
        guard a == b else { throw FuzzFinding("write → read changed the entries\nread:   \(a)\nreread: \(b)") }
        let telemetry = GoProTelemetry(payloads: [.init(timeRange: payloadTime, entries: entries)])
        try checkGPSRoundTrip(telemetry.gps)
    }

    static func checkShape(_ entries: [GPMFEntry]) throws(FuzzFinding) {
        var stack = entries[...]
        while let e = stack.popLast() {
            if e.isNest {
                guard e.data.isEmpty else { throw FuzzFinding("the nest \(e.key) holds data") }
                stack.append(contentsOf: e.children)
            } else {
                guard e.children.isEmpty, e.data.count == e.structureSize * e.repeatCount else {
                    throw FuzzFinding(
                        "\(e.key): \(e.data.count) bytes of data for \(e.repeatCount) × \(e.structureSize), "
                            + "\(e.children.count) children")
                }
            }
        }
    }

    /// The entries as ``GPMFWriter`` writes them.
    static func write(_ entries: [GPMFEntry]) -> [UInt8] {
        func add(_ e: GPMFEntry, to w: inout GPMFWriter) {
            if e.isNest {
                w.nest(e.key) { inner in for child in e.children { add(child, to: &inner) } }
            } else {
                w.entry(e.key, type: e.type, structureSize: e.structureSize, repeatCount: e.repeatCount, data: e.data)
            }
        }
        var w = GPMFWriter()
        for e in entries { add(e, to: &w) }
        return w.bytes
    }

    /// A tree without offsets and without the nests' own sizes, one line per entry.
    struct Canonical: Equatable, CustomStringConvertible {
        var lines: [String] = []

        init(_ entries: [GPMFEntry]) {
            var stack: [(GPMFEntry, Int)] = entries.reversed().map { ($0, 0) }
            while let (e, depth) = stack.popLast() {
                if e.isNest {
                    lines.append("\(depth) \(e.key) nest \(e.children.count)")
                    stack.append(contentsOf: e.children.reversed().map { ($0, depth + 1) })
                } else {
                    lines.append("\(depth) \(e.key) \(e.type) \(e.structureSize)×\(e.repeatCount) \(e.data)")
                }
            }
        }

        var description: String { lines.prefix(50).joined(separator: " | ") }
    }

    // MARK: - GPS written by GPMFTrackBuilder and read back

    static func checkGPSRoundTrip(_ samples: [PlacedPoint]) throws(FuzzFinding) {
        // One payload a second from movie time zero: the points' own times decide nothing but
        // the payload they go in, so give them one millisecond each.
        var placed: [PlacedPoint] = []
        for s in samples.prefix(1000) {
            guard let p = point(s.point) else { continue }
            placed.append(PlacedPoint(movieTime: MediaTime(value: Int64(placed.count), timescale: 1000), point: p))
        }
        guard !placed.isEmpty else { return }
        let duration = MediaTime(value: Int64(placed.count) + 1, timescale: 1000)
        let payloads: [(range: TimeRange, bytes: [UInt8])]
        do {
            payloads = try GPMFTrackBuilder.payloads(placed, movieDuration: duration)
        } catch {
            throw FuzzFinding("GPMFTrackBuilder refused points that all have a time: \(error)")
        }
        var accumulator = GoProTelemetry.Accumulator()
        for (range, bytes) in payloads {
            do {
                accumulator.add(.init(timeRange: range, entries: try GPMFReader().read(bytes)))
            } catch {
                throw FuzzFinding("a payload GPMFTrackBuilder wrote cannot be read: \(error)")
            }
        }
        let reread = accumulator.telemetry(diagnostics: []).gps.map(\.point)
        guard reread.count == placed.count else {
            throw FuzzFinding("\(placed.count) GPS points written, \(reread.count) read back")
        }
        for (index, (p, r)) in zip(placed.map(\.point), reread).enumerated() {
            let expectedFix = min(max(p.fix ?? 3, 0), Int(UInt16.max))
            let expectedDOP = Double(UInt16(clamping: ((p.dilutionOfPrecision ?? 1) * 100).rounded().safe ?? 100)) / 100
            let same =
                r.time == p.time.map(millisecond) && close(r.latitude, p.latitude, 1e-7)
                && close(r.longitude, p.longitude, 1e-7) && close(r.elevation ?? .nan, p.elevation ?? 0, 1e-3)
                && close(r.speed ?? .nan, p.speed ?? 0, 1e-3) && r.fix == expectedFix
                && r.dilutionOfPrecision.map({ close($0, expectedDOP, 1e-9) }) == true
            guard same else {
                throw FuzzFinding(
                    "GPS point \(index + 1) changed in GPMFTrackBuilder → read\nwritten: \(p)\nread:    \(r)")
            }
        }
    }

    /// The sample as a point GPMF can hold: with a UTC time, finite, a position on the globe,
    /// every scaled value within 32 bits (GPMFTrackBuilder's scales: 10⁷ for degrees, 1000 for
    /// metres and m/s, 100 for the 3D speed).
    static func point(_ s: TrackPoint) -> TrackPoint? {
        guard let utc = s.time, abs(s.latitude) <= 90, abs(s.longitude) <= 180, let altitude = s.elevation,
            abs(altitude) < 2e6, let speed = s.speed, abs(speed) < 2e6, utc.sinceEpoch.isNumeric,
            abs(utc.sinceEpoch.seconds) < 2e9
        else { return nil }
        var p = TrackPoint(time: utc, latitude: s.latitude, longitude: s.longitude, elevation: altitude)
        p.speed = speed
        p.fix = s.fix
        if let d = s.dilutionOfPrecision, d.isFinite, abs(d) < 600 { p.dilutionOfPrecision = d }
        return p
    }

    static func millisecond(_ t: UTCTime) -> UTCTime {
        UTCTime(
            sinceEpoch: (try? t.sinceEpoch.converted(toTimescale: 1000, rounding: .nearestOrAwayFromZero))
                ?? t.sinceEpoch)
    }

    /// Equal within half a step of the format's resolution, and the rounding of the scale.
    static func close(_ a: Double, _ b: Double, _ step: Double) -> Bool { abs(a - b) <= step * 0.5 + abs(b) * 1e-12 }
}

extension Double {
    fileprivate var safe: Int64? { isFinite && abs(self) < 9e15 ? Int64(self) : nil }
}
