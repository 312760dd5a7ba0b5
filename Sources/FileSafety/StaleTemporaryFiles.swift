#if canImport(Glibc)
    import Glibc
#endif

/// Temporary outputs left behind by a process that was killed with SIGKILL (which no handler
/// can catch). Their names are hidden (`.NAME.captions-PID-RANDOM.tmp`) and carry the writer's
/// process ID, so the next run in the same folder removes those whose process is gone.
enum StaleTemporaryFiles {
    static let marker = ".captions-"
    static let suffix = ".tmp"

    /// The hidden temporary name for `name`, written by process `pid`.
    static func temporaryName(for name: String, pid: Int32, random: UInt32) -> String {
        let hex = String(random, radix: 16)
        return ".\(name)\(marker)\(pid)-\(hex)\(suffix)"
    }

    /// The writer's process ID, if `entry` is one of our temporary names.
    static func writerPID(of entry: String) -> Int32? {
        guard entry.hasPrefix("."), entry.hasSuffix(suffix) else { return nil }
        let body = Array(entry.utf8.dropLast(suffix.utf8.count))
        let mark = Array(marker.utf8)
        guard body.count > mark.count else { return nil }
        // The last occurrence: the user's own name may contain the marker too.
        guard let start = stride(from: body.count - mark.count, through: 1, by: -1).first(where: {
            body[$0..<($0 + mark.count)].elementsEqual(mark)
        }) else { return nil }
        let rest = body[(start + mark.count)...]
        guard let dash = rest.firstIndex(of: UInt8(ascii: "-")) else { return nil }
        let digits = rest[..<dash]
        let random = rest[(dash + 1)...]
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            !random.isEmpty, random.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }),
            let pid = Int32(String(decoding: digits, as: UTF8.self)), pid > 0
        else { return nil }
        return pid
    }

    /// Removes the temporary files in `folder` whose writing process no longer exists.
    /// Returns the names removed.
    @discardableResult
    static func sweep(folder: String) -> [String] {
        guard let dir = opendir(folder.isEmpty ? "." : folder) else { return [] }
        defer { closedir(dir) }
        var removed: [String] = []
        let me = getpid()
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            guard let pid = writerPID(of: name), pid != me else { continue }
            // kill(pid, 0) fails with ESRCH only when no such process exists.
            if kill(pid, 0) == -1 && errno == ESRCH {
                let path = folder.isEmpty ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
                if unlink(path) == 0 { removed.append(name) }
            }
        }
        return removed
    }
}
