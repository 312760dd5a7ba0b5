import Batch
import Foundation
import TestSupport
import Testing

/// `--each`'s patterns against bash's own expansion (`shopt -s globstar nullglob`) in the same folder.
@Suite struct GlobTests {
    @Test func expandsAsBashGlobstarDoes() throws {
        let dir = try TemporaryDirectory("batch-glob")
        let files = [
            "archive/a.scc", "archive/b.itt", "archive/2024/c.scc", "archive/2024/jan/d.scc", "archive/.hidden/e.scc",
            "archive/2024/.f.scc", "top.scc", "archive/[x].scc",
        ]
        for file in files {
            let url = dir.url.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        let patterns = ["archive/**/*.scc", "**/*.scc", "archive/*.scc", "archive/20??/*", "*.scc", "archive/**"]
        for pattern in patterns {
            let bash = try CLIRunner.runProcess(
                try PeerDecoders.tool("bash"),
                [
                    "-c",
                    "shopt -s globstar nullglob; for f in \(pattern); do [ -f \"$f\" ] && printf '%s\\n' \"$f\"; done; true",
                ],
                currentDirectory: dir.url)
            #expect(bash.status == 0)
            let expected = bash.stdout.split(separator: "\n").map(String.init).sorted()
            #expect(!expected.isEmpty, "\(pattern)")
            #expect(Glob.expand(pattern, workingDirectory: dir.url.path) == expected, "\(pattern)")
        }
        #expect(Glob.expand("nothing/*.scc", workingDirectory: dir.url.path).isEmpty)
    }
}
