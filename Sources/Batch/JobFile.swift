import CaptionCore
import FileSafety
import LocatedJSON

/// A job file: one JSON object per line (JSON Lines), read into ``BatchJob`` values with every
/// fault located by file, line and column (Specs/batch-jobs.md, "The job file").
///
/// `{"id": "c1", "command": ["convert", "in.scc", "out.itt"], "priority": 0}`: `id` and
/// `command` are required, `priority` (a whole number, higher first) is optional. Blank lines
/// are skipped.
public enum JobFile {
    /// The largest job file read (Specs/limits.md, "Batch"): a 100,000-file archive is ~10 MB.
    public static let maximumBytes = 256 << 20
    /// The most jobs one batch holds: each costs ~1 KB in memory and a row in the journal.
    public static let maximumJobs = 1_000_000
    /// The longest job id.
    public static let maximumIDLength = 256

    /// The jobs of the file at `path`; throws every fault found, none run.
    public static func read(_ path: String) throws(BatchError) -> [BatchJob] {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, limit: maximumBytes, what: "job file")
        } catch {
            throw BatchError("\(error)", file: path)
        }
        return try parse(bytes, file: path)
    }

    /// The jobs of `bytes`, named `file` in messages.
    public static func parse(_ bytes: [UInt8], file: String) throws(BatchError) -> [BatchJob] {
        var jobs: [BatchJob] = []
        var problems: [BatchError.Problem] = []
        var lineNumber = 0
        var start = 0
        while start < bytes.count {
            lineNumber += 1
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            var line = Array(bytes[start..<end])
            start = end + 1
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            if line.allSatisfy({ $0 == 32 || $0 == 9 }) { continue }
            guard jobs.count < maximumJobs else {
                problems.append(
                    .init(file: file, line: lineNumber, "more than \(maximumJobs) jobs, the limit (Specs/limits.md)"))
                break
            }
            do throws(BatchError) {
                jobs.append(try LineReader(file: file, line: lineNumber, bytes: line).job())
            } catch {
                problems += error.problems
            }
            // A file that is not JSON Lines at all would say so on every line: 20 are enough.
            if problems.count >= 20 { break }
        }
        if jobs.isEmpty && problems.isEmpty {
            problems.append(.init(file: file, "holds no job (one JSON object per line)"))
        }
        guard problems.isEmpty else { throw BatchError(problems) }
        return jobs
    }

    /// One line's object, checked member by member.
    private struct LineReader: LocatedJSONDecoding {
        let file: String
        let line: Int
        let bytes: [UInt8]

        func failure(at offset: Int, _ path: String, _ message: String) -> BatchError {
            let column = TextPosition.lineAndColumn(of: offset, in: bytes).column
            return BatchError([
                .init(file: file, line: line, column: column, path.isEmpty ? message : "\(path): \(message)")
            ])
        }

        func job() throws(BatchError) -> BatchJob {
            let root: LocatedJSON
            do {
                root = try LocatedJSON.parse(bytes, maximumDepth: 4, maximumValues: 100_000)
            } catch {
                throw failure(at: error.offset, "", error.message + " (a job is one JSON object on one line)")
            }
            let m = try members(root, "", allowed: ["id", "command", "priority"], required: ["id", "command"])
            guard let idValue = m["id"], let commandValue = m["command"] else {
                throw fail(root, "", "\"id\" and \"command\" are required")
            }
            let id = try string(idValue, "id")
            guard !id.isEmpty, id.utf8.count <= JobFile.maximumIDLength else {
                throw fail(idValue, "id", "expected a name of 1 to \(JobFile.maximumIDLength) bytes")
            }
            let words = try array(commandValue, "command")
            guard !words.isEmpty else {
                throw fail(commandValue, "command", "expected the command's words, found none")
            }
            var command: [String] = []
            for (i, word) in words.enumerated() { command.append(try string(word, "command[\(i)]")) }
            var priority = 0
            if let p = m["priority"] {
                let n = try number(p, "priority", in: -1_000_000...1_000_000)
                guard n == n.rounded() else { throw fail(p, "priority", "expected a whole number, not \(n)") }
                priority = Int(n)
            }
            do {
                return try BatchJob(id: id, command: command, priority: priority, file: file, line: line)
            } catch {
                let column = TextPosition.lineAndColumn(of: commandValue.offset, in: bytes).column
                throw BatchError(error.problems.map { .init(file: file, line: line, column: column, $0.message) })
            }
        }
    }
}
