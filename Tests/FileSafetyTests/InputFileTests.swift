import Foundation
import Testing
import TestSupport

@testable import FileSafety

@Suite struct InputFileTests {
    @Test func aRegularFileIsReadWhole() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("in.scc")
        try "Scenarist_SCC V1.0".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(try InputFile.read(path, limit: 100) == Array("Scenarist_SCC V1.0".utf8))
    }

    @Test func devicesAreRefusedAtOnce() {
        for device in ["/dev/zero", "/dev/urandom", "/dev/null"] {
            do {
                _ = try InputFile.read(device, limit: 1 << 20)
                Issue.record("\(device) was read")
            } catch {
                #expect(error.kind == .notRegularFile)
                #expect(error.description == "\(device): is a character device, not a regular file; give a file, or - for standard input")
            }
        }
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let dir = try TemporaryDirectory()
        let fifo = dir.path("pipe.scc")
        #expect(mkfifo(fifo, 0o644) == 0)
        do {
            _ = try InputFile.read(fifo, limit: 100)
            Issue.record("a FIFO was read")
        } catch {
            #expect(error.message.hasPrefix("is a FIFO (named pipe), not a regular file"))
        }
    }

    @Test func theLimitIsNamed() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("big.scc")
        _ = FileManager.default.createFile(atPath: path, contents: Data(count: 3 << 20))
        do {
            _ = try InputFile.read(path, limit: 1 << 20, what: "SCC file")
            Issue.record("the limit was not applied")
        } catch {
            #expect(error.kind == .tooLarge)
            #expect(error.message == "is 3 MiB; the limit for an SCC file is 1 MiB (Specs/limits.md)")
        }
    }

    @Test func aMissingFileAndAFolderAreNamed() throws {
        let dir = try TemporaryDirectory()
        #expect(throws: FileSafetyError.self) { _ = try InputFile.read(dir.path("none.scc"), limit: 10) }
        do {
            _ = try InputFile.read(dir.url.path, limit: 10)
        } catch {
            #expect(error.message.hasPrefix("is a folder, not a regular file"))
        }
    }

    @Test func byteCountsReadNaturally() {
        #expect(ByteCount.text(512) == "512 bytes")
        #expect(ByteCount.text(64 << 20) == "64 MiB")
        #expect(ByteCount.text(2_684_354_560) == "2.5 GiB")
    }
}
