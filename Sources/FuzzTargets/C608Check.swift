import CaptionTracks

/// One sample of a QuickTime `c608` closed-caption track (`C608Sample.read`), on any bytes:
/// 1. reading never fails: it gives the pairs and a sentence for each problem (none empty);
/// 2. every pair comes from whole byte pairs of a `cdat` or `cdt2` atom: at most half the bytes;
/// 3. the sample written back (`C608Sample.bytes`) reads back with no problem and the same pairs,
///    but for what QTFF requires (Specs/caption-tracks.md): a sample with field 2 data and
///    none in field 1 gets a `cdat` of filler pairs, one per field 2 pair.
enum C608Check {
    static func check(_ bytes: [UInt8]) throws(FuzzFinding) {
        let reading = C608Sample.read(bytes)
        if reading.problems.contains(where: \.isEmpty) { throw FuzzFinding("a problem without a sentence") }
        let sample = reading.sample
        guard (sample.field1.count + sample.field2.count) * 2 <= bytes.count else {
            throw FuzzFinding("\(sample.field1.count) + \(sample.field2.count) pairs from \(bytes.count) bytes")
        }
        var expected = sample
        if expected.field1.isEmpty && !expected.field2.isEmpty {
            expected.field1 = Array(repeating: .padding, count: expected.field2.count)
        }
        let written = sample.bytes
        let reread = C608Sample.read(written)
        guard reread.problems.isEmpty || (sample.field1.isEmpty && sample.field2.isEmpty) else {
            throw FuzzFinding("the written sample has problems: \(reread.problems)")
        }
        guard reread.sample == expected else {
            throw FuzzFinding(
                "write → read changed the pairs: field 1 \(sample.field1.count) → \(reread.sample.field1.count), "
                    + "field 2 \(sample.field2.count) → \(reread.sample.field2.count)")
        }
    }
}
