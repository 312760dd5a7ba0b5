extension MediaTime {
    /// Seconds as a JSON number gives them (Specs/json-format.md, `start`/`end`): taken to the
    /// microsecond; nil when not finite or beyond ±100 million seconds (three years), far past
    /// any programme and where the conversion stays exact.
    public init?(jsonSeconds seconds: Double) {
        guard seconds.isFinite, abs(seconds) < 1e8 else { return nil }
        self = MediaTime(value: Int64((seconds * 1_000_000).rounded()), timescale: 1_000_000).reduced
    }
}
