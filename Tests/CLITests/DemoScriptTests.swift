import Foundation
import TestSupport
import Testing

/// `make demo` (README's first command) runs scripts/demo.sh with the release build; here the
/// same script runs with the debug build, so that the README's first command cannot break
/// unseen. Each output it lists must exist and not be empty, and the two movies must be
/// movies FFmpeg reads, 6 s long like the bundled clip.
@Suite struct DemoScriptTests {
    @Test func theDemoWritesEveryOutputItLists() throws {
        let dir = try TemporaryDirectory("demo")
        let r = try CLIRunner.runProcess(
            URL(fileURLWithPath: "/bin/bash"), ["scripts/demo.sh", CLIRunner.executable.path, dir.path("out")],
            currentDirectory: TestPaths.projectRoot)
        #expect(r.status == 0, "\(r.stderr)")
        let listed = r.stdout.split(separator: "\n").drop { $0 != "== outputs" }.dropFirst()
        #expect(listed.count == 8, "\(r.stdout)")
        for line in listed {
            let path = String(line.split(separator: " ", omittingEmptySubsequences: true).last ?? "")
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            #expect(size > 0, "\(line)")
        }
        for movie in ["burned.mp4", "dashboard.mp4"] {
            let format = try MediaTools.probe(dir.path("out/\(movie)"))["format"] as? [String: Any]
            let seconds = Double(format?["duration"] as? String ?? "") ?? 0
            #expect(abs(seconds - 6) < 0.2, "\(movie): \(seconds) s")
        }
    }
}
