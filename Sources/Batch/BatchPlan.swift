#if canImport(Glibc)
    import Glibc
#endif

/// The checks a batch passes before any job runs (Specs/batch-jobs.md, "Checked before
/// anything runs"): ids and outputs unique across jobs, no job writing what another reads (jobs
/// run in any order), every input a regular file that exists. A batch that fails one runs
/// nothing and so overwrites nothing.
public enum BatchPlan {
    /// Throws every fault of `jobs` at once; relative paths are taken from `workingDirectory`.
    public static func check(_ jobs: [BatchJob], workingDirectory: String) throws(BatchError) {
        var problems: [BatchError.Problem] = []
        var ids: [String: BatchJob] = [:]
        var writers: [String: BatchJob] = [:]
        for job in jobs {
            if let first = ids[job.id] {
                problems.append(job.problem("id \"\(job.id)\" is given twice; first \(first.place)"))
            } else {
                ids[job.id] = job
            }
            for output in job.outputs {
                let key = normalized(output, in: workingDirectory)
                if let first = writers[key] {
                    problems.append(job.problem("\(output) is written by job \"\(first.id)\" too (\(first.place))"))
                } else {
                    writers[key] = job
                }
            }
        }
        for job in jobs {
            for input in job.inputs {
                if let writer = writers[normalized(input, in: workingDirectory)] {
                    problems.append(
                        job.problem(
                            "reads \(input), which job \"\(writer.id)\" writes (\(writer.place)); jobs run in any order"
                        ))
                    continue
                }
                if let fault = inputFault(input, in: workingDirectory) {
                    problems.append(job.problem("\(input): \(fault)"))
                }
            }
            if problems.count >= 100 { break }
        }
        guard problems.isEmpty else { throw BatchError(problems) }
    }

    /// Why `path` cannot be read, nil when it is a regular file.
    static func inputFault(_ path: String, in folder: String) -> String? {
        var info = stat()
        guard stat(absolute(path, in: folder), &info) == 0 else {
            return errno == ENOENT ? "no such input file" : "cannot read: \(String(cString: strerror(errno)))"
        }
        return (info.st_mode & S_IFMT) == S_IFREG ? nil : "is not a regular file"
    }

    /// `path` from `folder` when relative.
    static func absolute(_ path: String, in folder: String) -> String {
        path.hasPrefix("/") ? path : (folder.hasSuffix("/") ? folder : folder + "/") + path
    }

    /// `path` absolute with `.` and `..` and repeated slashes resolved by name (no file need
    /// exist), so `a/./b.itt` and `a//b.itt` are one output.
    static func normalized(_ path: String, in folder: String) -> String {
        var parts: [Substring] = []
        for part in absolute(path, in: folder).split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}

extension BatchJob {
    /// Where the job was written, or its id.
    var place: String {
        if let file, let line { return "\(file):\(line)" }
        return "job \"\(id)\""
    }

    func problem(_ message: String) -> BatchError.Problem {
        BatchError.Problem(file: file, line: line, file == nil ? "job \"\(id)\": \(message)" : message)
    }
}
