import Metadata

extension MetadataIdentifier {
    /// GPS fix: 0 none, 2 2D, 3 3D (GoPro `GPSF`, GPX `fix`); this project's key space
    /// (Specs/dashboard-layout.md), as for the other keys without an Apple equivalent.
    public static let gpsFix = MetadataIdentifier(key: "org.captions.gps.fix")
    /// Dilution of precision (GoPro `GPSP` ÷ 100, GPX `hdop`).
    public static let dilutionOfPrecision = MetadataIdentifier(key: "org.captions.gps.dilution-of-precision")
}
