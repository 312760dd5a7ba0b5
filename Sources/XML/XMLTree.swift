/// A parsed XML document as plain Swift values: its readers (iTT, GPX) never see a libxml2 handle.
///
/// Elements are stored in one array and refer to each other by index, which keeps a 2-hour
/// document to a few thousand small values.
public struct XMLTree: Sendable {
    /// Every element, in document order; index 0 is the root.
    public var elements: [XMLElement]
    /// The input, kept to turn byte offsets into lines and columns on demand.
    public let source: SourceText

    /// The root element.
    public var root: XMLElement { elements[0] }

    /// The element children of `element`, in document order, without copying them into an array.
    public func childElements(of element: XMLElement) -> LazyMapSequence<
        LazyFilterSequence<LazyMapSequence<[XMLChild], Int?>>, XMLElement
    > {
        let all = elements
        return element.children.lazy.compactMap {
            if case .element(let i) = $0 { return i }
            return nil
        }.map { all[$0] }
    }
}

/// One element: its expanded name, attributes, children and where its start tag sits.
public struct XMLElement: Sendable {
    /// The namespace URI, empty when the element has none.
    public var namespace: String
    public var localName: String
    public var attributes: [XMLAttribute]
    public var children: [XMLChild]
    /// Byte offset of the `<` that opens the start tag.
    public var tagStart: Int
    /// Byte offset just past the start tag's attributes.
    public var tagEnd: Int

    /// Whether this element is `localName` in `namespace`.
    public func `is`(_ localName: String, in namespace: String) -> Bool {
        self.localName == localName && self.namespace == namespace
    }

    /// The attribute `localName` in `namespace` (empty for unprefixed attributes).
    public func attribute(_ localName: String, in namespace: String = "") -> XMLAttribute? {
        attributes.first { $0.localName == localName && $0.namespace == namespace }
    }
}

/// One attribute with its expanded name and its value as the parser delivered it.
public struct XMLAttribute: Sendable, Hashable {
    public var namespace: String
    public var prefix: String
    public var localName: String
    public var value: String

    /// `prefix:localName` or `localName`, as written in the source.
    public var qualifiedName: String { prefix.isEmpty ? localName : prefix + ":" + localName }
}

/// A child of an element: another element (by index into ``XMLTree/elements``) or text.
public enum XMLChild: Sendable {
    case element(Int)
    case text(String)
}
