/// Bounds that keep hostile input from using unbounded time or memory while parsing.
///
/// A real 2-hour iTT file nests about six elements deep, holds a few thousand elements and no
/// text node longer than a few hundred bytes; these limits leave ample room for that.
public struct XMLParseLimits: Sendable, Hashable {
    /// The deepest element nesting accepted (libxml2 itself stops at 256 without
    /// `XML_PARSE_HUGE`; ours fails earlier with a clearer message).
    public var maximumDepth = 100
    /// The most bytes in one text node.
    public var maximumTextBytes = 1 << 20
    /// The most bytes in one attribute value.
    public var maximumAttributeBytes = 64 << 10
    /// The most elements in one document.
    public var maximumElements = 1_000_000

    public static let standard = XMLParseLimits()

    public init() {}
}
