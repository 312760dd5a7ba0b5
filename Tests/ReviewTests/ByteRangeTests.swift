import Testing

@testable import Review

/// `Range` headers against RFC 9110 §14.1.2's own examples (a representation of 10000 bytes),
/// and the cases §14.1.1 and §15.5.17 settle.
@Suite struct ByteRangeTests {
    @Test(arguments: [
        ("bytes=0-499", 0, 499), ("bytes=500-999", 500, 999), ("bytes=-500", 9500, 9999),
        ("bytes=9500-", 9500, 9999), ("bytes=0-0", 0, 0), ("bytes=-1", 9999, 9999),
        ("bytes=0-99999", 0, 9999), ("bytes= 10-20 ", 10, 20), ("bytes=10-20, 30-40", 10, 20),
    ])
    func theRFCsExamples(header: String, first: Int, last: Int) {
        #expect(ByteRange.resolve(header, length: 10000) == .partial(ByteRange(first: first, last: last)))
    }

    @Test func invalidOrAbsentRangesServeTheWhole() {
        for header in [nil, "", "items=0-5", "bytes=", "bytes=5", "bytes=9-3", "bytes=a-b", "bytes=--5", "bytes=-"] {
            #expect(ByteRange.resolve(header, length: 10000) == .whole, "\(header ?? "nil")")
        }
    }

    @Test func rangesPastTheEndAreUnsatisfiable() {
        #expect(ByteRange.resolve("bytes=10000-", length: 10000) == .unsatisfiable)
        #expect(ByteRange.resolve("bytes=20000-20010", length: 10000) == .unsatisfiable)
        #expect(ByteRange.resolve("bytes=-0", length: 10000) == .unsatisfiable)
        #expect(ByteRange.resolve("bytes=-5", length: 0) == .unsatisfiable)
        #expect(ByteRange.resolve("bytes=99999999999999999999-", length: 10000) == .whole)
    }
}
