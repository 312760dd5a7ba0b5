import CaptionKit

/// Seeds for a caption format from files of every caption format: a file of the format itself
/// is a seed as it is; a file of another registered format is read and written in this format
/// (so the few SRT files there are gain the positions, styles and timings of the JSON, iTT and
/// SCC fixtures); anything else (a test page, a licence) gives nothing.
enum CaptionSeeds {
    static func converting(to name: String) -> @Sendable (String, [UInt8]) -> [[UInt8]] {
        { path, bytes in
            let registry = CaptionFormatRegistry.standard
            guard let target = try? registry.format(named: name), let source = registry.format(forPath: path) else {
                return []
            }
            if source.name == target.name { return [bytes] }
            let options = CaptionFormatOptions(fileName: path)
            guard let read = try? source.reader?(bytes, options),
                let written = try? target.writer?(read.document, options)
            else { return [] }
            return [written.bytes]
        }
    }
}
