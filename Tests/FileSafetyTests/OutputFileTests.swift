import Foundation
import Testing
import TestSupport

@testable import FileSafety

@Suite struct OutputFileTests {
    private func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    private func entries(_ dir: TemporaryDirectory) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.url.path)) ?? []).sorted()
    }

    @Test func nothingAppearsBeforeCommitAndTheTemporaryFileIsHidden() throws {
        let dir = try TemporaryDirectory()
        let target = dir.path("out.scc")
        let output = try OutputFile(target, overwrite: false)
        try output.write(Array("hello".utf8))
        #expect(!FileManager.default.fileExists(atPath: target))
        let names = entries(dir)
        #expect(names.count == 1)
        #expect(names.allSatisfy { $0.hasPrefix(".out.scc.captions-") && $0.hasSuffix(".tmp") })
        try output.commit()
        #expect(contents(target) == "hello")
        #expect(entries(dir) == ["out.scc"])
    }

    @Test func anExistingFileIsKeptWithoutOverwrite() throws {
        let dir = try TemporaryDirectory()
        let target = dir.path("out.scc")
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        #expect(throws: FileSafetyError.self) { _ = try OutputFile(target, overwrite: false) }
        do {
            _ = try OutputFile(target, overwrite: false)
        } catch {
            #expect(error.kind == .exists)
            // The library names its own parameter; the CLI says --force (LibraryErrorWordsTests).
            #expect(error.description == "\(target): already exists; pass overwrite: true to replace it")
        }
        #expect(contents(target) == "old")
    }

    @Test func overwriteReplacesAndKeepsTheFileMode() throws {
        let dir = try TemporaryDirectory()
        let target = dir.path("out.scc")
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        chmod(target, 0o600)
        let output = try OutputFile(target, overwrite: true)
        try output.write(Array("new".utf8))
        try output.commit()
        #expect(contents(target) == "new")
        var info = stat()
        stat(target, &info)
        #expect(info.st_mode & 0o777 == 0o600)
    }

    @Test func discardAndDeinitLeaveThePreviousOutputAsItWas() throws {
        let dir = try TemporaryDirectory()
        let target = dir.path("out.scc")
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        do {
            let output = try OutputFile(target, overwrite: true)
            try output.write(Array("partial".utf8))
            output.discard()
        }
        do {
            let output = try OutputFile(target, overwrite: true)
            try output.write(Array("partial".utf8))
        }
        #expect(contents(target) == "old")
        #expect(entries(dir) == ["out.scc"])
    }

    @Test func devicesAreNeverReplacedEvenWithForce() throws {
        for device in ["/dev/null", "/dev/full"] {
            do {
                _ = try OutputFile(device, overwrite: true)
                Issue.record("\(device) was accepted as an output")
            } catch {
                #expect(error.kind == .notRegularFile)
                #expect(error.message.hasPrefix("is a character device, not a regular file"))
            }
            var info = stat()
            #expect(stat(device, &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
        }
    }

    @Test func aFolderOrFIFOIsNotReplaced() throws {
        let dir = try TemporaryDirectory()
        let fifo = dir.path("pipe")
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: FileSafetyError.self) { _ = try OutputFile(fifo, overwrite: true) }
        #expect(throws: FileSafetyError.self) { _ = try OutputFile(dir.url.path, overwrite: true) }
    }

    @Test func aSymbolicLinkIsWrittenThroughToItsTarget() throws {
        let dir = try TemporaryDirectory()
        let sub = dir.path("real")
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: false)
        let target = sub + "/show.scc"
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        let link = dir.path("show-link.scc")
        #expect(symlink(target, link) == 0)
        let output = try OutputFile(link, overwrite: true)
        try output.write(Array("new".utf8))
        try output.commit()
        var info = stat()
        lstat(link, &info)
        #expect((info.st_mode & S_IFMT) == S_IFLNK)
        #expect(contents(target) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: sub) == ["show.scc"])
    }

    @Test func aDanglingLinkIsRefused() throws {
        let dir = try TemporaryDirectory()
        let link = dir.path("dangling.scc")
        #expect(symlink(dir.path("nowhere/x.scc"), link) == 0)
        do {
            _ = try OutputFile(link, overwrite: true)
            Issue.record("a dangling link was accepted")
        } catch {
            #expect(error.message.contains("symbolic link to a file that does not exist"))
        }
    }

    @Test func aMissingFolderIsNamed() throws {
        let dir = try TemporaryDirectory()
        let target = dir.path("no/such/out.scc")
        do {
            _ = try OutputFile(target, overwrite: false)
            Issue.record("a missing folder was accepted")
        } catch {
            #expect(error.kind == .folder)
            #expect(error.message == "the folder \(dir.path("no/such"))/ does not exist")
        }
    }

    @Test func aFileCreatedMeanwhileIsNotReplacedWithoutOverwrite() throws {
        let dir = try TemporaryDirectory()
        let target = dir.path("out.scc")
        let output = try OutputFile(target, overwrite: false)
        try output.write(Array("mine".utf8))
        try "theirs".write(toFile: target, atomically: false, encoding: .utf8)
        #expect(throws: FileSafetyError.self) { try output.commit() }
        #expect(contents(target) == "theirs")
        #expect(entries(dir) == ["out.scc"])
    }

    @Test func aLibraryMayWriteTheTemporaryFileByName() throws {
        let dir = try TemporaryDirectory()
        let target = dir.path("movie.mp4")
        let output = try OutputFile(target, overwrite: false)
        output.releaseDescriptor()
        try "frames".write(toFile: output.temporaryPath, atomically: false, encoding: .utf8)
        try output.commit()
        #expect(contents(target) == "frames")
    }
}
