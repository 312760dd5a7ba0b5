import Batch
import Foundation
import TestSupport

/// A folder of generated caption files and short clips, and the job file that converts,
/// validates and burns them, for the pool tests.
struct BatchFixture {
    let dir: TemporaryDirectory
    let captionFiles: Int
    let clips: Int

    /// `captionFiles` SCC files made by `captions generate` (each its own seed) and `clips`
    /// two-second 160x120 clips made by ffmpeg.
    init(captionFiles: Int, clips: Int) throws {
        dir = try TemporaryDirectory("batch-pool")
        self.captionFiles = captionFiles
        self.clips = clips
        for folder in ["captions", "converted", "clips", "burned"] {
            try FileManager.default.createDirectory(
                at: dir.url.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        // Some seeds give a first caption that cannot be delivered in time (generate exits 2);
        // those are passed over.
        var seed = 0
        for i in 0..<captionFiles {
            while true {
                seed += 1
                let made = try CLIRunner.run(
                    ["generate", "--minutes", "1", "--seed", String(seed), "-o", "captions/\(i).scc"],
                    currentDirectory: dir.url)
                if made.status == 0 { break }
                guard seed < 4 * captionFiles else {
                    throw MediaTools.Failure.failed("captions generate: \(made.stderr)")
                }
            }
        }
        for i in 0..<clips {
            try MediaTools.makeClip(dir.path("clips/\(i).mp4"), seconds: 2, audio: false)
        }
    }

    /// One line per job: a convert and a validate per caption file, a burn per clip (encodes
    /// first: priority 1).
    var jobLines: [String] {
        var lines: [String] = []
        for i in 0..<clips {
            lines.append(
                #"{"id": "burn\#(i)", "command": ["burn", "clips/\#(i).mp4", "captions/\#(i).scc", "-o", "burned/\#(i).mp4", "--crf", "40"], "priority": 1}"#
            )
        }
        for i in 0..<captionFiles {
            lines.append(
                #"{"id": "convert\#(i)", "command": ["convert", "captions/\#(i).scc", "converted/\#(i).itt"]}"#)
            lines.append(#"{"id": "validate\#(i)", "command": ["validate", "captions/\#(i).scc"]}"#)
        }
        return lines
    }

    func writeJobFile(_ name: String = "jobs.jsonl") throws -> String {
        try (jobLines.joined(separator: "\n") + "\n").write(toFile: dir.path(name), atomically: true, encoding: .utf8)
        return name
    }

    /// Every file under the folder, relative paths.
    func allFiles() -> [String] {
        let root = dir.url.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        return walker.compactMap { $0 as? String }.filter {
            var isDir: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + $0, isDirectory: &isDir) && !isDir.boolValue
        }.sorted()
    }
}
