import Foundation

/// How much slower than an ordinary debug build this test process runs: 1 unless the
/// environment variable CAPTIONS_TEST_TIME_SCALE says otherwise (`make test-sanitize` sets it,
/// since AddressSanitizer slows the code several times). Tests that bound how long hostile input
/// may take multiply their bound by it.
public enum TestTiming {
    public static let scale: Double = {
        guard let text = ProcessInfo.processInfo.environment["CAPTIONS_TEST_TIME_SCALE"], let value = Double(text),
            value >= 1
        else { return 1 }
        return value
    }()
}
