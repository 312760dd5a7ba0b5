import Foundation

/// Runs the built `captions` executable, as a user would.
public enum CLIRunner {
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
        /// Standard output as bytes, kept when asked for (raw video frames).
        public var data: [UInt8] = []
    }

    /// The executable beside the test bundle in the build folder.
    public static var executable: URL {
        var dir = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("captions")
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDir), !isDir.boolValue {
                return candidate
            }
            dir = dir.deletingLastPathComponent()
        }
        return TestPaths.projectRoot.appendingPathComponent(".build/debug/captions")
    }

    /// Runs `captions args…` and waits for it; `stdin` is empty.
    public static func run(_ args: [String], currentDirectory: URL? = nil) throws -> Result {
        try runProcess(executable, args, currentDirectory: currentDirectory)
    }

    /// Runs any program, capturing its output.
    public static func runProcess(
        _ program: URL, _ args: [String], currentDirectory: URL? = nil, binaryOutput: Bool = false
    ) throws -> Result {
        let p = Process()
        p.executableURL = program
        p.arguments = args
        if let currentDirectory { p.currentDirectoryURL = currentDirectory }
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        // Drain both pipes concurrently so a chatty child cannot block.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        return Result(
            status: p.terminationStatus, stdout: binaryOutput ? "" : String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self), data: binaryOutput ? [UInt8](outData) : [])
    }

    /// Runs `captions args…` with its standard output going to `path` (a file or a device such
    /// as /dev/full) instead of a pipe; returns the status and standard error.
    public static func run(_ args: [String], standardOutputTo path: String) throws -> Result {
        let p = Process()
        p.executableURL = executable
        p.arguments = args
        guard let sink = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileNoSuchFile) }
        defer { try? sink.close() }
        let err = Pipe()
        p.standardOutput = sink
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: "", stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Finds a program on PATH.
    public static func which(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let url = URL(fileURLWithPath: String(dir)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }
}
