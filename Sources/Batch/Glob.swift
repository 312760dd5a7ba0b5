#if canImport(Glibc)
    import Glibc
#endif

/// File names matching a shell pattern, expanded by us so that `'archive/**/*.scc'` works
/// whatever the shell (Specs/batch-jobs.md, "Jobs from files").
///
/// Each component is matched by `fnmatch(3)` (`*`, `?`, `[…]`; a leading `.` is matched only by
/// a pattern's own `.`); a component `**` matches any number of folders, none included. Symbolic
/// links to folders are not followed under `**` (no cycles). Only regular files are returned,
/// sorted by name, so a batch's jobs come in the same order on every run.
public enum Glob {
    /// Whether `word` holds a pattern character; a word without one is a file name as it is.
    public static func isPattern(_ word: String) -> Bool {
        word.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    /// The files matching `pattern`, relative paths from `workingDirectory`.
    public static func expand(_ pattern: String, workingDirectory: String) -> [String] {
        let absolute = pattern.hasPrefix("/")
        let parts = pattern.split(separator: "/").map(String.init)
        var results: [String] = []
        walk(
            prefix: absolute ? "/" : "", parts: parts[...], root: absolute ? "" : workingDirectory, into: &results)
        return results.sorted()
    }

    private static func walk(prefix: String, parts: ArraySlice<String>, root: String, into results: inout [String]) {
        guard let part = parts.first else {
            if isRegularFile(root.isEmpty ? prefix : root + "/" + prefix) { results.append(prefix) }
            return
        }
        let rest = parts.dropFirst()
        let folder = prefix.isEmpty ? "." : prefix
        let onDisk = root.isEmpty ? folder : root + "/" + folder
        if part == "**" {
            walk(prefix: prefix, parts: rest, root: root, into: &results)
            for entry in entries(of: onDisk) where !entry.hasPrefix(".") {
                if isFolder(onDisk + "/" + entry) {
                    walk(prefix: join(prefix, entry), parts: parts, root: root, into: &results)
                } else if rest.isEmpty && isRegularFile(onDisk + "/" + entry) {
                    // A last `**` matches the files too, as bash's globstar does.
                    results.append(join(prefix, entry))
                }
            }
            return
        }
        if !isPattern(part) {
            walk(prefix: join(prefix, part), parts: rest, root: root, into: &results)
            return
        }
        for entry in entries(of: onDisk) where fnmatch(part, entry, FNM_PERIOD) == 0 {
            walk(prefix: join(prefix, entry), parts: rest, root: root, into: &results)
        }
    }

    private static func join(_ prefix: String, _ name: String) -> String {
        prefix.isEmpty ? name : (prefix.hasSuffix("/") ? prefix + name : prefix + "/" + name)
    }

    private static func entries(of folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// A real folder (not a link to one).
    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
