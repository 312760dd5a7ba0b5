extension CaptionNumbers {
    /// "captions 1, 2, 3 and 1,797 more": ``subject(_:)`` with at most `limit` numbers, for
    /// findings that can touch every caption of a feature.
    public static func subject(_ indices: [Int], atMost limit: Int) -> String {
        guard indices.count > limit else { return subject(indices) }
        return subject(Array(indices.prefix(limit))) + " and \(indices.count - limit) more"
    }
}
