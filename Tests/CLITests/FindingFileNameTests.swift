import Foundation
import TestSupport
import Testing

/// Every finding the CLI prints starts with the file it is about: the input for the reader's and
/// the conformer's findings, the output for the writer's.
@Suite struct FindingFileNameTests {
    static func findings(_ stderr: String) -> [Substring] {
        stderr.split(separator: "\n").filter { line in
            ["warning[", "error[", "info[", "note["].contains { line.contains($0) }
        }
    }

    @Test(arguments: ["overlap.json", "bold.json", "ruby.json", "rows.json", "position.json"])
    func convertNamesAFileOnEveryFinding(_ name: String) throws {
        let dir = try TemporaryDirectory("finding-names")
        let input = TestPaths.fixture("validation/\(name)").path
        for ext in ["scc", "itt"] {
            let output = dir.path("out.\(ext)")
            let result = try CLIRunner.run(["convert", input, output, "--force"])
            let lines = Self.findings(result.stderr)
            for line in lines {
                #expect(line.hasPrefix(input) || line.hasPrefix(output), "\(name) → \(ext): \(line)")
            }
        }
    }

    @Test func validateFixAndGenerateNameAFileOnEveryFinding() throws {
        let dir = try TemporaryDirectory("finding-names")
        let input = TestPaths.fixture("validation/overlap.json").path
        let output = dir.path("fixed.scc")
        let fixed = try CLIRunner.run(["validate", input, "--fix", "-o", output])
        let generated = try CLIRunner.run(["generate", "--minutes", "1", "-o", dir.path("g.itt")])
        let lines = Self.findings(fixed.stderr) + Self.findings(generated.stderr)
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.hasPrefix(input) || line.hasPrefix(output) || line.hasPrefix(dir.path("g.itt")), "\(line)")
        }
    }
}
