import TestSupport
import Testing

/// A negative number given to an option that takes a number is read as that option's value and
/// refused with the option's own rule, instead of ArgumentParser's "Missing value for
/// '--channel <channel>'" (it took "-1" for an option name).
@Suite struct NegativeNumberArgumentTests {
    static let json = TestPaths.fixture("examples/feature-excerpt.json").path

    @Test(arguments: [
        (["inspect", json, "--channel", "-1"], "--channel must be 1, 2, 3 or 4 (CC1–CC4), not -1"),
        (["inspect", json, "--frame-rate", "-30"], "unknown frame rate \"-30\""),
        (["generate", "--minutes", "-5", "-o", "/nonexistent/x.json"], "--minutes must be 1…6000"),
        (["generate", "--seed", "-1", "-o", "/nonexistent/x.json"], "The value '-1' is invalid for '--seed <seed>'"),
        (
            ["validate", TestPaths.fixture("validation/clean.json").path, "--video-duration", "-5"],
            "--video-duration must be a time from zero on, not -5"
        ),
        (
            ["convert", json, "/nonexistent/x.scc", "--start-timecode", "-1"],
            "--start-timecode must be a timecode such as 01:00:00:00 (non-drop) or 01:00:00;00 (drop-frame), not \"-1\""
        ),
        (["convert", json, "/nonexistent/x.scc", "--max-rows", "-1"], "--max-rows must be 1…15, not -1"),
    ])
    func aNegativeNumberIsRefusedByItsOptionsRule(_ args: [String], _ message: String) throws {
        let result = try CLIRunner.run(args)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.stderr.contains("Missing value"), "\(result.stderr)")
    }
}
