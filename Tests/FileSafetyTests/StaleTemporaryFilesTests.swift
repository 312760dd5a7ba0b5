import Foundation
import TestSupport
import Testing

@testable import FileSafety

@Suite struct StaleTemporaryFilesTests {
    @Test func namesAreParsedBackToTheWriterPID() {
        let name = StaleTemporaryFiles.temporaryName(for: "out.scc", host: "node-7.farm", pid: 4242, random: 0xbeef)
        #expect(name == ".out.scc.captions-node-7.farm-4242-beef.tmp")
        #expect(StaleTemporaryFiles.writerPID(of: name) == 4242)
        #expect(StaleTemporaryFiles.writer(of: name)?.host == "node-7.farm")
        #expect(StaleTemporaryFiles.outputName(of: name) == "out.scc")
        // Written before hosts were: this machine's.
        #expect(StaleTemporaryFiles.writer(of: ".out.scc.captions-4242-beef.tmp").map { $0.host == nil } == true)
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

    /// On storage several machines share, a process ID says nothing of another machine's
    /// processes: another host's file is left to it, however dead its number looks here.
    @Test func anotherHostsFileIsNotSweptButAnOlderNameWithoutAHostIs() throws {
        let dir = try TemporaryDirectory()
        let pid = deadPID()
        let elsewhere = dir.path(
            StaleTemporaryFiles.temporaryName(for: "out.scc", host: "other-node", pid: pid, random: 1))
        let older = dir.path(".out.scc.captions-\(pid)-2.tmp")
        for path in [elsewhere, older] { _ = FileManager.default.createFile(atPath: path, contents: Data("x".utf8)) }
        let output = try OutputFile(dir.path("next.scc"), overwrite: false)
        output.discard()
        #expect(FileManager.default.fileExists(atPath: elsewhere))
        #expect(!FileManager.default.fileExists(atPath: older))
    }

    /// What `captions batch` calls once no attempt of a job can be writing its output.
    @Test func theUnfinishedCopiesOfOneOutputAreRemovedWhoeverWroteThem() throws {
        let dir = try TemporaryDirectory()
        let copies = [
            StaleTemporaryFiles.temporaryName(for: "out.mp4", host: "other-node", pid: 12, random: 0xa),
            StaleTemporaryFiles.temporaryName(for: "out.mp4", pid: getppid(), random: 0xb),
        ]
        let others = [
            StaleTemporaryFiles.temporaryName(for: "out.mp4.bak", host: "other-node", pid: 12, random: 0xc),
            "out.mp4", ".out.mp4.tmp",
        ]
        for name in copies + others { _ = FileManager.default.createFile(atPath: dir.path(name), contents: Data()) }
        let removed = OutputFile.removeUnfinishedCopies(of: dir.path("out.mp4"))
        #expect(removed.sorted() == copies.sorted())
        for name in others { #expect(FileManager.default.fileExists(atPath: dir.path(name)), "\(name)") }
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
