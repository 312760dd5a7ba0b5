import Foundation
import Testing
import TestSupport

@testable import FileSafety

@Suite struct StaleTemporaryFilesTests {
    @Test func namesAreParsedBackToTheWriterPID() {
        let name = StaleTemporaryFiles.temporaryName(for: "out.scc", pid: 4242, random: 0xbeef)
        #expect(name == ".out.scc.captions-4242-beef.tmp")
        #expect(StaleTemporaryFiles.writerPID(of: name) == 4242)
        // A user's name that contains the marker: the last one counts.
        #expect(StaleTemporaryFiles.writerPID(of: ".a.captions-1-b.captions-77-0f.tmp") == 77)
        for other in ["out.scc", ".out.scc.tmp", ".x.captions--1-ab.tmp", ".x.captions-12-.tmp", ".x.captions-12-zz.tmp",
            "x.captions-12-ab.tmp"]
        {
            #expect(StaleTemporaryFiles.writerPID(of: other) == nil, "\(other)")
        }
    }

    /// A process ID that no process has now.
    private func deadPID() -> Int32 {
        var pid: Int32 = 4_000_000
        while kill(pid, 0) == 0 || errno != ESRCH { pid -= 1 }
        return pid
    }

    @Test func aKilledWritersFileIsRemovedByTheNextOutputInThatFolder() throws {
        let dir = try TemporaryDirectory()
        let dead = dir.path(StaleTemporaryFiles.temporaryName(for: "out.scc", pid: deadPID(), random: 0xabc))
        let alive = dir.path(StaleTemporaryFiles.temporaryName(for: "out.scc", pid: getppid(), random: 0xabc))
        let unrelated = dir.path(".notes.tmp")
        for path in [dead, alive, unrelated] { _ = FileManager.default.createFile(atPath: path, contents: Data("x".utf8)) }
        let output = try OutputFile(dir.path("out.scc"), overwrite: false)
        output.discard()
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: alive))
        #expect(FileManager.default.fileExists(atPath: unrelated))
    }

    @Test func theSignalPathRemovesRegisteredFiles() throws {
        let dir = try TemporaryDirectory()
        let output = try OutputFile(dir.path("out.scc"), overwrite: false)
        try output.write(Array("partial".utf8))
        #expect(FileManager.default.fileExists(atPath: output.temporaryPath))
        TemporaryFileRegistry.removeAll()  // what the SIGINT/SIGTERM handler does before _exit
        #expect(!FileManager.default.fileExists(atPath: output.temporaryPath))
        output.discard()
    }
}
