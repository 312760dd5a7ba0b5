import CaptionCore

/// The bytes of an input file, turning byte offsets into 1-based lines and columns.
///
/// Locations are computed only when a diagnostic or error needs one, so reading stays a single
/// pass over the input.
public struct SourceText: Sendable {
    public let bytes: [UInt8]
    public let fileName: String?
    /// Where lines start, shared by the copies of this value.
    private let lineStarts = LineStarts()

    public init(bytes: [UInt8], fileName: String?) {
        self.bytes = bytes
        self.fileName = fileName
    }

    /// The line and column (both 1-based, columns counted in Unicode scalars) of `offset`.
    public func lineAndColumn(ofOffset offset: Int) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), bytes.count)
        let starts = lineStarts.upTo(end, of: bytes)
        // The last line start at or before `end`.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= end { low = middle } else { high = middle - 1 }
        }
        return TextPosition.lineAndColumn(of: end, in: bytes, from: starts[low], line: low + 1)
    }

    /// Whether the bytes end part-way through a UTF-8 sequence, as a file cut short may.
    public var endsInsideCharacter: Bool {
        // The last lead byte (not 10xxxxxx) within the last four bytes, and how long its
        // sequence should be (RFC 3629 §3).
        var start = bytes.count - 1
        while start >= 0 && start >= bytes.count - 4 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
        guard start >= 0 else { return false }
        let lead = bytes[start]
        let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        return bytes.count - start < length
    }

    /// A diagnostic location for `offset`.
    public func location(ofOffset offset: Int, timecode: String? = nil) -> DiagnosticLocation {
        let (line, column) = lineAndColumn(ofOffset: offset)
        return DiagnosticLocation(file: fileName, line: line, column: column, timecode: timecode)
    }

    /// The location of `element`'s start tag.
    public func location(of element: XMLElement) -> DiagnosticLocation {
        location(ofOffset: element.tagStart)
    }

    /// The location of `attribute` inside `element`'s start tag, or of the tag when the
    /// attribute cannot be found in the source text.
    public func location(of attribute: XMLAttribute, in element: XMLElement) -> DiagnosticLocation {
        location(of: attribute, tagStart: element.tagStart, tagEnd: element.tagEnd)
    }

    /// The location of `attribute` inside the start tag at `tagStart..<tagEnd`.
    public func location(of attribute: XMLAttribute, tagStart: Int, tagEnd: Int) -> DiagnosticLocation {
        location(ofOffset: offset(of: attribute.qualifiedName, from: tagStart, to: tagEnd) ?? tagStart)
    }

    /// The offset of `name` used as an attribute name (preceded by white space, followed by
    /// optional white space and `=`) within `start..<end`.
    private func offset(of name: String, from start: Int, to end: Int) -> Int? {
        let needle = Array(name.utf8)
        guard !needle.isEmpty, start >= 0, end <= bytes.count, end - start > needle.count else { return nil }
        var i = start + 1
        while i + needle.count <= end {
            if bytes[i] == needle[0], Self.isSpace(bytes[i - 1]),
                bytes[i..<(i + needle.count)].elementsEqual(needle)
            {
                var j = i + needle.count
                while j < end, Self.isSpace(bytes[j]) { j += 1 }
                if j < end, bytes[j] == UInt8(ascii: "=") { return i }
            }
            i += 1
        }
        return nil
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
}
