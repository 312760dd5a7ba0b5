/// How messages name captions: by their 1-based number in the document, as a user counts them.
public enum CaptionNumbers {
    /// "3" or "3, 4" for the 0-based `indices`.
    public static func list(_ indices: [Int]) -> String {
        indices.map { String($0 + 1) }.joined(separator: ", ")
    }

    /// "caption 3" or "captions 3, 4" for the 0-based `indices`.
    public static func subject(_ indices: [Int]) -> String {
        (indices.count == 1 ? "caption " : "captions ") + list(indices)
    }
}
