#if canImport(Glibc)
    import Glibc
#endif

/// Temporary outputs left behind by a process that was killed with SIGKILL (which no handler
/// can catch). Their names are hidden (`.NAME.captions-HOST-PID-RANDOM.tmp`) and carry the
/// writer's host and process ID, so the next run in the same folder on the same host removes
/// those whose process is gone. The host matters on storage several machines share (a render
/// farm, `captions batch --engine ray`): a process ID says nothing of another machine's
/// processes, so another host's file is never removed by this sweep (Specs/limits.md, "Outputs").
enum StaleTemporaryFiles {
    static let marker = ".captions-"
    static let suffix = ".tmp"

    /// This machine's name as written in temporary names: letters, digits, `.` and `-` of
    /// gethostname(2), others as `_`, at most 64 bytes.
    static let host: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let bytes = buffer.prefix { $0 != 0 }.prefix(64).map { UInt8(bitPattern: $0) }
        let kept = bytes.map { b -> UInt8 in
            let allowed = (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 46 || b == 45
            return allowed ? b : UInt8(ascii: "_")
        }
        return kept.isEmpty ? "localhost" : String(decoding: kept, as: UTF8.self)
    }()

    /// The hidden temporary name for `name`, written by process `pid` on `host`.
    static func temporaryName(for name: String, host: String = host, pid: Int32, random: UInt32) -> String {
        let hex = String(random, radix: 16)
        return ".\(name)\(marker)\(host)-\(pid)-\(hex)\(suffix)"
    }

    /// The writer's host (nil in the names written before hosts were, which were this machine's)
    /// and process ID, if `entry` is one of our temporary names.
    static func writer(of entry: String) -> (host: String?, pid: Int32)? {
        guard let (_, rest) = split(entry) else { return nil }
        let parts = rest.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return nil }
        let digits = parts[parts.count - 2]
        let random = parts[parts.count - 1]
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            !random.isEmpty, random.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }),
            let pid = Int32(String(decoding: digits, as: UTF8.self)), pid > 0
        else { return nil }
        guard parts.count > 2 else { return (nil, pid) }
        let host = parts[..<(parts.count - 2)].map { String(decoding: $0, as: UTF8.self) }.joined(separator: "-")
        return host.isEmpty ? nil : (host, pid)
    }

    /// The writer's process ID, if `entry` is one of our temporary names.
    static func writerPID(of entry: String) -> Int32? { writer(of: entry)?.pid }

    /// The output name `entry` is the temporary copy of, if it is one of our temporary names.
    static func outputName(of entry: String) -> String? {
        guard writer(of: entry) != nil, let (name, _) = split(entry) else { return nil }
        return String(decoding: name, as: UTF8.self)
    }

    /// `.NAME` + marker + `REST` + suffix, cut at the last marker (the user's own name may
    /// contain the marker too): NAME's and REST's bytes.
    private static func split(_ entry: String) -> (name: ArraySlice<UInt8>, rest: ArraySlice<UInt8>)? {
        guard entry.hasPrefix("."), entry.hasSuffix(suffix) else { return nil }
        let body = Array(entry.utf8.dropLast(suffix.utf8.count))
        let mark = Array(marker.utf8)
        guard body.count > mark.count else { return nil }
        guard
            let start = stride(from: body.count - mark.count, through: 1, by: -1).first(where: {
                body[$0..<($0 + mark.count)].elementsEqual(mark)
            })
        else { return nil }
        return (body[1..<start], body[(start + mark.count)...])
    }

    /// Removes the temporary files in `folder` written on this host by a process that no longer
    /// exists. Returns the names removed.
    @discardableResult
    static func sweep(folder: String) -> [String] {
        let me = getpid()
        return remove(in: folder) { name in
            guard let writer = writer(of: name), writer.pid != me, writer.host == nil || writer.host == host else {
                return false
            }
            // kill(pid, 0) fails with ESRCH only when no such process exists.
            return kill(writer.pid, 0) == -1 && errno == ESRCH
        }
    }

    /// Removes the entries of `folder` that `chosen` picks; returns their names.
    static func remove(in folder: String, where chosen: (String) -> Bool) -> [String] {
        guard let dir = opendir(folder.isEmpty ? "." : folder) else { return [] }
        defer { closedir(dir) }
        var removed: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            guard chosen(name) else { continue }
            let path = folder.isEmpty ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
            if unlink(path) == 0 { removed.append(name) }
        }
        return removed
    }
}

extension OutputFile {
    /// Removes every unfinished temporary copy of the output `path`, whatever process and host
    /// wrote it: for a caller that knows no process is writing `path` any more, such as
    /// `captions batch` once the last attempt of the job that writes it has ended (a worker lost
    /// with its machine cannot remove its own). Returns the names removed.
    @discardableResult
    public static func removeUnfinishedCopies(of path: String) -> [String] {
        let (folder, name) = split(path)
        return StaleTemporaryFiles.remove(in: folder) { StaleTemporaryFiles.outputName(of: $0) == name }
    }
}
