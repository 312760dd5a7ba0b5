import Foundation
import TestSupport
import Testing

/// Each writing command against a destination it cannot use: a missing folder, a read-only file
/// system, a full disk. Each time: status 2, a message that says what is wrong with which path,
/// the previous output (if any) as it was, and nothing else left in the folder.
@Suite(.serialized) struct FolderFaultTests {
    @Test(arguments: WritingCommand.all)
    func aMissingFolderIsNamed(_ command: WritingCommand) throws {
        let inputs = try FaultInputs.get()
        let dir = try TemporaryDirectory("fault-missing")
        let output = dir.path("no-such-folder/out.\(command.outputExtension)")
        let result = try command.run(inputs, output: output)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr == "captions: error: \(output): the folder \(dir.url.path)/no-such-folder/ does not exist\n",
            "\(result.stderr)")
        #expect(try contents(of: dir.url.path).isEmpty)
    }

    @Test(arguments: WritingCommand.all)
    func aReadOnlyFileSystemLeavesThePreviousOutput(_ command: WritingCommand) throws {
        let inputs = try FaultInputs.get()
        let mount = try ScratchMount(sizeKiB: 64)
        let output = mount.path + "/out.\(command.outputExtension)"
        try Data(previousContent).write(to: URL(fileURLWithPath: output))
        try mount.makeReadOnly()
        let before = try contents(of: mount.path)
        let result = try command.run(inputs, output: output)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("\(output): cannot create a file in the folder"), "\(result.stderr)")
        #expect(result.stderr.contains("Read-only file system"), "\(result.stderr)")
        #expect(try contents(of: mount.path) == before)
    }

    @Test(arguments: WritingCommand.all)
    func aFullDiskLeavesThePreviousOutputAndNoPartialFile(_ command: WritingCommand) throws {
        let inputs = try FaultInputs.get()
        // 16 KiB: smaller than every output above (the PNG, the smallest, is about 45 KiB).
        let mount = try ScratchMount(sizeKiB: 16)
        let output = mount.path + "/out.\(command.outputExtension)"
        try Data(previousContent).write(to: URL(fileURLWithPath: output))
        let before = try contents(of: mount.path)
        let result = try command.run(inputs, output: output)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains("\(output): cannot write the output: No space left on device"), "\(result.stderr)")
        #expect(try contents(of: mount.path) == before)
        // And with the disk full to the last byte, not even the temporary file can grow.
        mount.fill()
        let filled = try contents(of: mount.path)
        let again = try command.run(inputs, output: output)
        #expect(again.status == 2, "\(again.stderr)")
        #expect(again.stderr.contains("No space left on device"), "\(again.stderr)")
        #expect(try contents(of: mount.path) == filled)
    }

    @Test func theSameCommandsSucceedOnAWorkingFolder() throws {
        // The faults above are what made them fail: each writes its output on a usable folder.
        let inputs = try FaultInputs.get()
        let dir = try TemporaryDirectory("fault-none")
        for command in WritingCommand.all {
            let output = dir.path("\(command.name.replacingOccurrences(of: " ", with: "-")).\(command.outputExtension)")
            let result = try command.run(inputs, output: output)
            #expect(result.status == 0, "\(command.name): \(result.stderr)")
            let size = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
            #expect(size > 16 << 10, "\(command.name): \(size) bytes; the full-disk test needs more than 16 KiB")
        }
        #expect(temporaryFiles(in: dir.url.path).isEmpty)
    }
}
