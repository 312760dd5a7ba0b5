/// One box of a parsed box tree (ISO/IEC 14496-12 §4.2). Offsets are into the byte array the
/// tree was parsed from; ``Movie`` keeps where that array starts in the file.
public struct Box: Sendable {
    public let type: FourCC
    /// Where the box starts (its size field).
    public let offset: Int
    /// The whole box, header included.
    public let size: Int
    /// 8, 16 with a 64-bit size, plus 16 for `uuid`.
    public let headerSize: Int
    /// Where the box is in its tree, spelled out on demand (``path``).
    public internal(set) var boxPath: BoxPath
    /// The child boxes of a container type; empty for other boxes.
    public var children: [Box]

    init(type: FourCC, offset: Int, size: Int, headerSize: Int, path: String, children: [Box]) {
        self.init(
            type: type, offset: offset, size: size, headerSize: headerSize, boxPath: BoxPath(path), children: children)
    }

    init(type: FourCC, offset: Int, size: Int, headerSize: Int, boxPath: BoxPath, children: [Box]) {
        self.type = type
        self.offset = offset
        self.size = size
        self.headerSize = headerSize
        self.boxPath = boxPath
        self.children = children
    }

    /// The box path, e.g. `moov/trak[2]/mdia/minf/stbl/stsz`.
    public var path: String { boxPath.description }

    public var range: Range<Int> { offset..<(offset + size) }
    public var payloadRange: Range<Int> { (offset + headerSize)..<(offset + size) }

    /// The first child of `type`.
    public func child(_ type: FourCC) -> Box? { children.first { $0.type == type } }

    /// Every child of `type`, in order.
    public func children(_ type: FourCC) -> [Box] { children.filter { $0.type == type } }

    /// The first box down `types`, one level per code.
    public func descendant(_ types: FourCC...) -> Box? {
        var box = self
        for t in types {
            guard let next = box.child(t) else { return nil }
            box = next
        }
        return box
    }
}
