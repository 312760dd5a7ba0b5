import CaptionCore
import Metadata

/// The FIT reader on any bytes (Specs/timed-metadata.md, "FIT"):
/// 1. it returns an activity with at least one record, or throws a ``MetadataError``
///    (malformed or no data) that names the file; never a crash, a hang or runaway memory;
/// 2. what it keeps is sound: a record has a position within ±90°/±180° or none (NaN, both),
///    finite numbers, a byte offset inside the input, message indices that grow; every
///    diagnostic names the file, and an error-level one says at which byte;
/// 3. read up to the damage: the input cut just before any record's header reads as the
///    records before it, the same ones (or, cut before the first, no record: an error).
/// 4. `timedTrackPoints` gives timed, placed points or a no-data error.
enum FITCheck {
    static let fileName = "fuzz-input.fit"

    static func check(_ bytes: [UInt8]) throws(FuzzFinding) {
        let activity: FITActivity
        do {
            activity = try FITReader(fileName: fileName).read(bytes)
        } catch {
            try checkError(error)
            return
        }
        guard !activity.records.isEmpty else { throw FuzzFinding("an activity without records was returned") }
        var lastIndex = -1
        for r in activity.records {
            try checkRecord(r, size: bytes.count)
            guard r.messageIndex > lastIndex else {
                throw FuzzFinding("message index \(r.messageIndex) after \(lastIndex)")
            }
            lastIndex = r.messageIndex
        }
        for d in activity.diagnostics {
            guard d.location.file == fileName else { throw FuzzFinding("a diagnostic does not name the file: \(d)") }
            if d.severity == .error, !d.message.contains("byte") {
                throw FuzzFinding("an error-level diagnostic does not say at which byte: \(d)")
            }
        }
        do {
            let points = try activity.timedTrackPoints(file: fileName).points
            guard points.allSatisfy({ $0.time != nil && $0.latitude.isFinite && $0.longitude.isFinite }) else {
                throw FuzzFinding("timedTrackPoints gave a point without a time or a position")
            }
        } catch let error as MetadataError {
            guard error.kind == .noData else { throw FuzzFinding("timedTrackPoints threw \(error)") }
        } catch let finding as FuzzFinding {
            throw finding
        } catch {
            throw FuzzFinding("timedTrackPoints threw \(error)")
        }
        try checkCuts(bytes, activity)
    }

    /// Property 3, at the first, the middle and the last record (each cut is a whole read).
    static func checkCuts(_ bytes: [UInt8], _ activity: FITActivity) throws(FuzzFinding) {
        let records = activity.records
        for k in Set([0, records.count / 2, records.count - 1]).sorted() {
            let cut = Array(bytes.prefix(records[k].byteOffset))
            do {
                let before = try FITReader(fileName: fileName).read(cut).records
                guard before.count == k, zip(before, records).allSatisfy({ same($0, $1) }) else {
                    throw FuzzFinding(
                        "cut before record \(k) (byte \(records[k].byteOffset)): \(before.count) records read, not the \(k) before it"
                    )
                }
            } catch let error as MetadataError {
                guard k == 0 else {
                    throw FuzzFinding("cut before record \(k) (byte \(records[k].byteOffset)): \(error)")
                }
            } catch let finding as FuzzFinding {
                throw finding
            } catch {
                throw FuzzFinding("\(error)")
            }
        }
    }

    /// Equal, NaN positions included (NaN is never equal to itself, so those compare as 0).
    static func same(_ a: FITActivity.Record, _ b: FITActivity.Record) -> Bool {
        func plain(_ r: FITActivity.Record) -> FITActivity.Record {
            var r = r
            if !r.hasPosition { (r.point.latitude, r.point.longitude) = (0, 0) }
            return r
        }
        return a.hasPosition == b.hasPosition && plain(a) == plain(b)
    }

    static func checkRecord(_ r: FITActivity.Record, size: Int) throws(FuzzFinding) {
        let p = r.point
        if r.hasPosition {
            guard abs(p.latitude) <= 90, abs(p.longitude) <= 180 else {
                throw FuzzFinding("a record at \(p.latitude), \(p.longitude) was kept")
            }
        } else if !(p.latitude.isNaN && p.longitude.isNaN) {
            throw FuzzFinding("a record with half a position: \(p.latitude), \(p.longitude)")
        }
        for (name, v) in [
            ("elevation", p.elevation), ("speed", p.speed), ("temperature", p.temperature),
            ("distance", p.distance), ("grade", p.grade),
        ] {
            if let v, !v.isFinite { throw FuzzFinding("a record's \(name) is \(v)") }
        }
        if let v = r.developerValues.values.first(where: { !$0.isFinite }) {
            throw FuzzFinding("a developer value is \(v)")
        }
        guard r.byteOffset >= 12, r.byteOffset < size else {
            throw FuzzFinding("a record at byte \(r.byteOffset) of \(size)")
        }
    }

    static func checkError(_ error: MetadataError) throws(FuzzFinding) {
        guard error.location.file == fileName, !error.message.isEmpty, error.kind == .malformed || error.kind == .noData
        else {
            throw FuzzFinding(
                "the reader's error does not name the file, has no message or is of kind \(error.kind): \(error)")
        }
    }

    /// A shared FIT file as seeds under the target's size (12 KiB: a few hundred records, every
    /// message kind the file has near its start): the file itself when small, else its
    /// first records as a whole FIT file (header, messages up to a record's header, a new size
    /// and CRCs), so that the seed is valid, not cut short.
    static func seeds(path: String, bytes: [UInt8]) -> [[UInt8]] {
        guard FITReader.isFIT(bytes) else { return [] }
        let limit = 12 << 10
        if bytes.count <= limit { return [bytes] }
        guard let activity = try? FITReader().read(bytes), activity.fileCount == 1,
            let end = activity.records.last(where: { $0.byteOffset <= limit - 2 })?.byteOffset
        else { return [Array(bytes.prefix(limit))] }
        let headerSize = Int(bytes[0])
        var file = Array(bytes[0..<end])
        let dataSize = UInt32(end - headerSize)
        for i in 0..<4 { file[4 + i] = UInt8(truncatingIfNeeded: dataSize >> (8 * UInt32(i))) }
        if headerSize >= 14 {
            let crc = FITCRC.checksum(Array(file[0..<12]))
            file[12] = UInt8(crc & 0xFF)
            file[13] = UInt8(crc >> 8)
        }
        let crc = FITCRC.checksum(file)
        return [file + [UInt8(crc & 0xFF), UInt8(crc >> 8)]]
    }
}
