import Synchronization

/// Several files read as one, one after the other: an initialization segment and its media
/// segments as HLS and DASH deliver them (ISO/IEC 23009-1 §6.3; ISO/IEC 23000-19, CMAF:
/// the initialization segment's `ftyp` and `moov`, then each segment's `styp`, `sidx`, `moof`
/// and `mdat`), which together are the fragmented movie the packager cut them from.
///
/// Offsets run across the files; ``locate(_:)`` turns one back into a file and an offset in it,
/// and ``located(_:)`` does so for an error, so that a message names the segment at fault.
/// Only one file is open at a time (a stream may have thousands of segments).
public final class SegmentedByteSource: ByteSource, Sendable {
    /// Each file with where it starts in the whole.
    public let files: [(path: String, start: Int, count: Int)]
    public let count: Int
    private let open = Mutex<(index: Int, file: FileByteSource)?>(nil)

    /// The files at `paths`, in order; each must be a regular file.
    public init(paths: [String]) throws(ISOBMFFError) {
        guard !paths.isEmpty else { throw ISOBMFFError(.missing, "no file to read") }
        var files: [(path: String, start: Int, count: Int)] = []
        var start = 0
        for path in paths {
            let file = try FileByteSource(path: path)
            files.append((path, start, file.count))
            start += file.count
        }
        self.files = files
        count = start
    }

    /// How messages name ``init(initialization:segments:)``, the way to read a media segment with
    /// its initialization segment; the CLI's `--init`.
    public static let initializationWords = "SegmentedByteSource(initialization:segments:)"

    /// The initialization segment at `initialization`, then the media segments at `segments`.
    public convenience init(initialization: String, segments: [String]) throws(ISOBMFFError) {
        try self.init(paths: [initialization] + segments)
    }

    /// The file that holds byte `offset`, and the offset within it.
    public func locate(_ offset: Int) -> (path: String, offset: Int)? {
        file(containing: offset).map { ($0.path, offset - $0.range.lowerBound) }
    }

    /// The file that holds byte `offset` (the last file for the end of the whole), and the
    /// bytes of the whole it holds.
    public func file(containing offset: Int) -> (path: String, range: Range<Int>)? {
        guard count > 0, offset >= 0, offset <= count else { return nil }
        let f = files[index(of: min(offset, count - 1))]
        return (f.path, f.start..<(f.start + f.count))
    }

    /// `error` with its offset turned into one within the file that holds it, which it names.
    public func located(_ error: ISOBMFFError) -> ISOBMFFError {
        guard error.file == nil, let offset = error.offset, let place = locate(offset) else { return error }
        var e = error
        e.file = place.path
        e.offset = place.offset
        return e
    }

    public func bytes(in range: Range<Int>) throws(ISOBMFFError) -> [UInt8] {
        guard range.lowerBound >= 0, range.upperBound <= count else {
            throw ISOBMFFError(
                .truncated, "the files end at byte \(count), before byte \(range.upperBound)", offset: range.lowerBound)
        }
        if range.isEmpty { return [] }
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var p = range.lowerBound
        while p < range.upperBound {
            let i = index(of: p)
            let f = files[i]
            let end = min(range.upperBound, f.start + f.count)
            do throws(ISOBMFFError) {
                out += try file(i).bytes(in: (p - f.start)..<(end - f.start))
            } catch {
                var e = error
                e.file = f.path
                throw e
            }
            p = end
        }
        return out
    }

    /// The index of the file holding byte `offset` (which is inside the whole).
    private func index(of offset: Int) -> Int {
        var low = 0
        var high = files.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if files[mid].start <= offset { low = mid } else { high = mid - 1 }
        }
        // Skip empty files, which hold no byte.
        while low + 1 < files.count && files[low].count == 0 { low += 1 }
        return low
    }

    private func file(_ index: Int) throws(ISOBMFFError) -> FileByteSource {
        let cached = open.withLock { $0?.index == index ? $0?.file : nil }
        if let cached { return cached }
        let file = try FileByteSource(path: files[index].path)
        open.withLock { $0 = (index, file) }
        return file
    }
}
