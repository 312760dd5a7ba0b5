import CaptionCore
import Foundation

/// File access that never loses data: reads whole files, writes through a temporary file and a
/// rename, and refuses to replace an existing file unless asked.
public enum FileIO {
    public static func readAll(_ path: String) throws(CaptionFormatError) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be opened" : "does not exist"
            throw CaptionFormatError(.io, "\(path) \(reason)", at: .init(file: path))
        }
        defer { try? handle.close() }
        do {
            return [UInt8](try handle.readToEnd() ?? Data())
        } catch {
            throw CaptionFormatError(.io, "cannot read \(path): \(error.localizedDescription)", at: .init(file: path))
        }
    }

    /// Writes `bytes` to a temporary file beside `path`, then renames it over `path`.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, overwrite: Bool) throws(CaptionFormatError) {
        let fm = FileManager.default
        if !overwrite && fm.fileExists(atPath: path) {
            throw CaptionFormatError(
                .io, "\(path) already exists; use --force to replace it", at: .init(file: path))
        }
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent()
        let temp = dir.appendingPathComponent(".\(url.lastPathComponent).\(UInt32.random(in: 0...UInt32.max)).tmp")
        do {
            try Data(bytes).write(to: temp, options: [.withoutOverwriting])
            if fm.fileExists(atPath: path) {
                _ = try fm.replaceItemAt(url, withItemAt: temp)
            } else {
                try fm.moveItem(at: temp, to: url)
            }
        } catch {
            try? fm.removeItem(at: temp)
            throw CaptionFormatError(.io, "cannot write \(path): \(error.localizedDescription)", at: .init(file: path))
        }
    }
}
