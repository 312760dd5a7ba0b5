/// MacCaption MCC files, V1.0 and V2.0: a header, then one SMPTE ST 334-2 caption distribution
/// packet a frame, each on a line after its time code. See Specs/mcc.md.
public enum MCCFormat {
    /// `File Format=MacCaption_MCC V1.0` or `V2.0`: the first line of every MCC file.
    public static let signature = "File Format=MacCaption_MCC V"

    /// The file versions.
    public enum Version: String, Sendable, Hashable, CaseIterable {
        case v1 = "1.0"
        case v2 = "2.0"
    }

    /// The most data lines a file may hold (Specs/limits.md): 24 hours at 60 fps.
    public static let maximumLines = 24 * 3600 * 60
    /// The longest data line read (a CDP is at most 255 bytes: 3 + 255 + 1 bytes as hex).
    public static let maximumLineLength = 4096
}
