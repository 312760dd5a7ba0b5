import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A small tmpfs mounted for one test: a real file system that fills up (`size`) or refuses
/// writes (remounted read-only). Running as root makes permission bits moot, so these faults
/// need a real mount. When mounting is not permitted the test fails, saying so: it never skips.
final class ScratchMount {
    let folder: TemporaryDirectory
    var path: String { folder.url.path }

    struct Refused: Error, CustomStringConvertible {
        let description: String
    }

    init(sizeKiB: Int) throws {
        folder = try TemporaryDirectory("fault-mount")
        try Self.run(["/bin/mount", "-t", "tmpfs", "-o", "size=\(sizeKiB)k,mode=0755", "tmpfs", path])
    }

    /// Makes the file system read-only; what is in it stays readable.
    func makeReadOnly() throws {
        try Self.run(["/bin/mount", "-o", "remount,ro", path])
    }

    /// Fills the free space with a filler file (until ENOSPC); returns the filler's size.
    @discardableResult
    func fill() -> Int {
        let fd = open(path + "/filler", O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        let block = [UInt8](repeating: 0x5A, count: 4096)
        var total = 0
        while true {
            let n = block.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            total += n
        }
        // A last partial block may still fit.
        let one: [UInt8] = [0x5A]
        while one.withUnsafeBytes({ write(fd, $0.baseAddress, 1) }) == 1 { total += 1 }
        return total
    }

    deinit {
        _ = try? Self.run(["/bin/umount", "-l", path])
    }

    private static func run(_ arguments: [String]) throws {
        let result = try CLIRunner.runProcess(URL(fileURLWithPath: arguments[0]), Array(arguments.dropFirst()))
        guard result.status == 0 else {
            throw Refused(
                description: "\(arguments.joined(separator: " ")) failed (\(result.status)): \(result.stderr) — the "
                    + "fault-injection tests need root and permission to mount a tmpfs")
        }
    }
}
