/// One `Range: bytes=…` request of RFC 9110 §14.1.2, resolved against a file's length: the
/// first and last byte served (§14.1.2: `first-last`, `first-`, `-suffix`). Several ranges in
/// one request are not served as multipart: such a request gets the first range only, which
/// §14.2 allows (a server may ignore or serve a subset).
struct ByteRange: Sendable, Hashable {
    let first: Int
    let last: Int

    var count: Int { last - first + 1 }

    /// The outcome of reading a `Range` header against a file of `length` bytes.
    enum Resolution: Sendable, Hashable {
        /// No usable `Range` header (absent, or not a bytes range): the whole file, 200.
        case whole
        /// The range to serve with 206.
        case partial(ByteRange)
        /// Satisfiable by no byte of the file: 416 with `Content-Range: bytes */length` (§15.5.17).
        case unsatisfiable
    }

    static func resolve(_ header: String?, length: Int) -> Resolution {
        guard let header else { return .whole }
        let trimmed = header.trimmingSpaces
        guard trimmed.lowercased().hasPrefix("bytes=") else { return .whole }
        let specs = trimmed.dropFirst("bytes=".count).split(separator: ",", omittingEmptySubsequences: true)
        // §14.1.1: a syntactically invalid range set is ignored (the whole file is sent).
        guard let spec = specs.first?.trimmingSpaces, let dash = spec.firstIndex(of: "-") else { return .whole }
        let head = spec[..<dash]
        let tail = spec[spec.index(after: dash)...]
        guard head.allSatisfy(\.isASCIIDigit), tail.allSatisfy(\.isASCIIDigit), head.count <= 18, tail.count <= 18
        else { return .whole }
        if head.isEmpty {
            // A suffix range: the last N bytes.
            guard let suffix = Int(tail), suffix > 0 else { return tail.isEmpty ? .whole : .unsatisfiable }
            guard length > 0 else { return .unsatisfiable }
            return .partial(ByteRange(first: max(0, length - suffix), last: length - 1))
        }
        guard let first = Int(head) else { return .whole }
        // §14.1.1: a last position below the first makes the range set invalid (ignored).
        if let last = Int(tail), last < first { return .whole }
        guard first < length else { return .unsatisfiable }
        let last = tail.isEmpty ? length - 1 : (Int(tail) ?? length - 1)
        return .partial(ByteRange(first: first, last: min(last, length - 1)))
    }
}

extension StringProtocol {
    var trimmingSpaces: Substring {
        var s = self[...]
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return Substring(s)
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
