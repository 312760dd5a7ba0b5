/// Breaks a line of caption text into rows of at most `width` characters (32 for CEA-608,
/// 47 CFR §15.119(e)) at spaces where possible. Works on character indices so styled runs can
/// be carried across the breaks.
struct TextWrapper {
    var width: Int

    /// The rows of `line` as index ranges; the spaces at a break belong to no row. A word longer
    /// than `width` is split.
    func rows(_ line: [Character]) -> [Range<Int>] {
        guard width > 0 else { return [] }
        if line.count <= width { return [0..<line.count] }
        var result: [Range<Int>] = []
        var start = 0
        while start < line.count {
            if !result.isEmpty {
                while start < line.count && line[start] == " " { start += 1 }
                if start == line.count { break }
            }
            if line.count - start <= width {
                result.append(start..<line.count)
                break
            }
            var b = start + width  // < line.count here
            while b > start && line[b] != " " { b -= 1 }
            if b == start {
                result.append(start..<(start + width))
                start += width
            } else {
                var e = b
                while e > start && line[e - 1] == " " { e -= 1 }
                result.append(start..<e)
                start = b + 1
            }
        }
        return result
    }
}
