import Foundation
import TestSupport
import Testing

@testable import FileSafety

@Suite struct StaleTemporaryFilesTests {
    @Test func namesAreParsedBackToTheWriterPID() {
        let name = StaleTemporaryFiles.temporaryName(for: "out.scc", pid: 4242, random: 0xbeef)
        #expect(name == ".out.scc.captions-4242-beef.tmp")
        #expect(StaleTemporaryFiles.writerPID(of: name) == 4242)
        // A user's name that contains the marker: the last one counts.
        #expect(StaleTemporaryFiles.writerPID(of: ".a.captions-1-b.captions-77-0f.tmp") == 77)
        for other in [
            "out.scc", ".out.scc.tmp", ".x.captions--1-ab.tmp", ".x.captions-12-.tmp", ".x.captions-12-zz.tmp",
            "x.captions-12-ab.tmp",
        ] {
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
        for path in [dead, alive, unrelated] {
            _ = FileManager.default.createFile(atPath: path, contents: Data("x".utf8))
        }
        let output = try OutputFile(dir.path("out.scc"), overwrite: false)
        output.discard()
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: alive))
        #expect(FileManager.default.fileExists(atPath: unrelated))
    }

    /// The signal handler removes what the registry holds. Calling the handler's `removeAll()`
    /// here would also delete the temporary files of other tests running in this process, so
    /// this checks the registration; SignalFaultTests sends the signals to real commands.
    @Test func anUnfinishedOutputIsRegisteredForTheSignalPath() throws {
        let dir = try TemporaryDirectory()
        let output = try OutputFile(dir.path("out.scc"), overwrite: false)
        try output.write(Array("partial".utf8))
        #expect(FileManager.default.fileExists(atPath: output.temporaryPath))
        #expect(TemporaryFileRegistry.registeredPaths().contains(output.temporaryPath))
        output.discard()
        #expect(!TemporaryFileRegistry.registeredPaths().contains(output.temporaryPath))
        let finished = try OutputFile(dir.path("done.scc"), overwrite: false)
        try finished.write(Array("whole".utf8))
        try finished.commit()
        #expect(!TemporaryFileRegistry.registeredPaths().contains(finished.temporaryPath))
    }
}
