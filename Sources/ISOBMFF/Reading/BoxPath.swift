/// Where a box is in its tree, for messages: `moov/trak[2]/mdia/minf/stbl/stsz`. Held in
/// parts (the parent's path, the box's type and its number among siblings of that type) and
/// spelled out only when a message asks for it: a fragmented movie's thousands of `moof` boxes
/// are parsed for their samples, and their paths are needed only in errors and warnings.
public struct BoxPath: Sendable, Hashable, CustomStringConvertible {
    /// The parent's path ("" at the top), or the whole path when ``type`` is nil.
    let parent: String
    let type: FourCC?
    /// 1-based among the parent's children of ``type`` when it has several, else 0.
    let ordinal: Int

    /// A path given whole.
    public init(_ text: String) {
        parent = text
        type = nil
        ordinal = 0
    }

    /// The path of a box of `type` in `parent`, the `ordinal`-th of its type (0: the only one).
    init(parent: String, type: FourCC, ordinal: Int) {
        self.parent = parent
        self.type = type
        self.ordinal = ordinal
    }

    /// `moof[3]`, `traf`…: the box's own part, with its number when it has siblings of its type.
    static func name(_ type: FourCC, ordinal: Int) -> String {
        ordinal > 0 ? "\(type)[\(ordinal)]" : type.description
    }

    public var description: String {
        guard let type else { return parent }
        let name = Self.name(type, ordinal: ordinal)
        return parent.isEmpty ? name : parent + "/" + name
    }
}
