/// The list of WebVTT Node Objects that the cue text parsing rules build (WebVTT §6.4), held
/// flat: every node knows its parent and children by index, so that a cue with 100,000 nested
/// tags is walked, copied and freed without recursion. Nodes are appended in document order, so
/// index order is a pre-order walk.
public struct WebVTTNodeTree: Sendable, Hashable {
    /// The concrete classes of WebVTT Node Objects (§6.4).
    public enum Kind: Sendable, Hashable {
        /// The root: the list of WebVTT Node Objects.
        case root
        case `class`, italic, bold, underline, ruby, rubyText
        /// A voice span; the value is the voice's name (the tag's annotation).
        case voice(String)
        /// A language span (its language is the node's ``Node/language``).
        case language
        /// A WebVTT Text Object.
        case text(String)
        /// A WebVTT Timestamp Object, in milliseconds.
        case timestamp(Int64)
    }

    public struct Node: Sendable, Hashable {
        public var kind: Kind
        /// The applicable classes, empty strings excluded.
        public var classes: [String]
        /// The applicable language, when the language stack was not empty.
        public var language: String?
        /// The parent's index; -1 for the root.
        public var parent: Int
        public var children: [Int]
    }

    /// Node 0 is the root.
    public private(set) var nodes: [Node]

    public init(language: String? = nil) {
        nodes = [Node(kind: .root, classes: [], language: language, parent: -1, children: [])]
    }

    /// Appends a node under `parent` and returns its index.
    @discardableResult
    mutating func append(_ kind: Kind, classes: [String] = [], language: String? = nil, to parent: Int) -> Int {
        let index = nodes.count
        nodes.append(Node(kind: kind, classes: classes, language: language, parent: parent, children: []))
        nodes[parent].children.append(index)
        return index
    }
}
