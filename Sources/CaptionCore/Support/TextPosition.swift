/// Where a byte offset of a UTF-8 text is, as messages give it.
public enum TextPosition {
    /// The 1-based line and column of `offset` in `bytes`, columns counted in Unicode scalars
    /// (each at its lead byte), counting from `start`, the first byte of line `line`.
    public static func lineAndColumn(
        of offset: Int, in bytes: [UInt8], from start: Int = 0, line: Int = 1
    ) -> (line: Int, column: Int) {
        let end = max(0, min(max(offset, start), bytes.count))
        var line = line
        var column = 1
        // Both ends within the array: an unsafe buffer's subscript is not checked in release.
        bytes.withUnsafeBufferPointer { buffer in
            for i in max(0, min(start, end))..<end {
                let byte = buffer[i]
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
        }
        return (line, column)
    }
}
