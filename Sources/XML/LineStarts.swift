import Synchronization

/// The byte offsets where the lines of an input start, found as far as they are needed and
/// kept, so that locating many diagnostics costs one scan of the input, not one scan each.
final class LineStarts: Sendable {
    private struct Scan {
        /// Offsets of the line starts found so far; the first is 0.
        var starts = [0]
        /// How many bytes were scanned.
        var scanned = 0
    }

    private let scan = Mutex(Scan())

    /// The offsets of `bytes`' line starts up to `end` at least (scanning on from where the last
    /// call stopped).
    func upTo(_ end: Int, of bytes: [UInt8]) -> [Int] {
        scan.withLock { scan in
            let limit = min(end, bytes.count)
            if scan.scanned < limit {
                bytes.withUnsafeBufferPointer { buffer in
                    for offset in scan.scanned..<limit where buffer[offset] == 0x0A {
                        scan.starts.append(offset + 1)
                    }
                }
                scan.scanned = limit
            }
            return scan.starts
        }
    }
}
