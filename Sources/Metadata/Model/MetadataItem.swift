/// One metadata value with its identifier and storage type, like AVFoundation's
/// `AVMetadataItem`.
public struct MetadataItem: Sendable, Hashable, CustomStringConvertible {
    public var identifier: MetadataIdentifier
    public var dataType: MetadataDataType
    public var value: MetadataValue

    public init(identifier: MetadataIdentifier, dataType: MetadataDataType, value: MetadataValue) {
        self.identifier = identifier
        self.dataType = dataType
        self.value = value
    }

    /// A float64 item.
    public static func float(_ identifier: MetadataIdentifier, _ value: Double) -> MetadataItem {
        MetadataItem(identifier: identifier, dataType: .float64, value: .float(value))
    }

    /// An int32 item (values outside Int32 are clamped by the caller's choice of type).
    public static func integer(_ identifier: MetadataIdentifier, _ value: Int64) -> MetadataItem {
        MetadataItem(
            identifier: identifier, dataType: value == Int64(Int32(clamping: value)) ? .int32 : .int64,
            value: .integer(value))
    }

    public var description: String { "\(identifier) = \(value)" }
}
