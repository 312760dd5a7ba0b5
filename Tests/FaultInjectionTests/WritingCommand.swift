import Foundation
import TestSupport
import Testing

/// Every command that writes a file, as the fault-injection suites run it. A new writing command
/// (export, burn, mux…) joins every fault by adding a row to ``all``.
struct WritingCommand: Sendable, CustomTestStringConvertible {
    /// A name for test output.
    let name: String
    /// The output file's extension.
    let outputExtension: String
    /// The program, `captions` or `captions-media`, beside the test bundle.
    let program: String
    /// The arguments that write `output`, replacing it (--force), reading from `inputs`.
    let arguments: @Sendable (_ inputs: FaultInputs, _ output: String) -> [String]

    var testDescription: String { name }

    static let all: [WritingCommand] = [
        WritingCommand(name: "convert", outputExtension: "scc", program: "captions") { inputs, output in
            ["convert", inputs.feature, output, "--force"]
        },
        WritingCommand(name: "convert to iTT", outputExtension: "itt", program: "captions") { inputs, output in
            ["convert", inputs.feature, output, "--force"]
        },
        WritingCommand(name: "validate --fix", outputExtension: "scc", program: "captions") { inputs, output in
            ["validate", inputs.feature, "--fix", "-o", output, "--force"]
        },
        WritingCommand(name: "generate", outputExtension: "json", program: "captions") { _, output in
            ["generate", "--minutes", "120", "-o", output, "--force"]
        },
        WritingCommand(name: "preview", outputExtension: "png", program: "captions-media") { inputs, output in
            ["preview", inputs.small, "--at", "00:00:02:00", "--size", "1920x1080", "-o", output, "--force"]
        },
    ]

    /// Runs the command to completion.
    func run(_ inputs: FaultInputs, output: String) throws -> CLIRunner.Result {
        try CLIRunner.runProcess(executable, arguments(inputs, output))
    }

    var executable: URL { CLIRunner.executable.deletingLastPathComponent().appendingPathComponent(program) }
}

/// The inputs the commands read, made once per test process by `captions generate`.
struct FaultInputs: Sendable {
    /// A 2-hour generated feature (1,800 captions, 860 KB): long enough that a signal can land
    /// in the middle of reading, converting or writing (0.1–1 s a command in a debug build).
    let feature: String
    /// A one-minute document for the commands that render.
    let small: String

    static let shared: Result<FaultInputs, Error> = Result {
        let dir = TestPaths.projectRoot.appendingPathComponent(".build/fault-injection-inputs").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let inputs = FaultInputs(feature: dir + "/feature-120.json", small: dir + "/feature-1.json")
        for (minutes, path) in [(120, inputs.feature), (1, inputs.small)]
        where !FileManager.default.fileExists(atPath: path) {
            let made = try CLIRunner.run(["generate", "--minutes", "\(minutes)", "-o", path, "--force"])
            guard made.status == 0 else { throw ScratchMount.Refused(description: "generate failed: \(made.stderr)") }
        }
        return inputs
    }

    static func get() throws -> FaultInputs { try shared.get() }
}

/// What a folder holds: name → bytes, hidden files included.
func contents(of folder: String) throws -> [String: [UInt8]] {
    var result: [String: [UInt8]] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
        result[name] = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    }
    return result
}

/// Names of our hidden temporary outputs (`.NAME.captions-PID-RANDOM.tmp`) in `folder`.
func temporaryFiles(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
        $0.hasPrefix(".") && $0.contains(".captions-") && $0.hasSuffix(".tmp")
    }
}

let previousContent = Array("the previous output, which a failed run must leave as it was\n".utf8)
