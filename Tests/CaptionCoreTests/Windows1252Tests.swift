import CaptionCore
import Foundation
import TestSupport
import Testing

/// `Windows1252.decode` against glibc's iconv, an independent decoder of the same code page.
@Suite struct Windows1252Tests {
    /// The five bytes the WHATWG index leaves unassigned, which stay the C1 controls of their
    /// value (WHATWG Encoding Standard, index-windows-1252); iconv refuses them.
    static let unassigned: [UInt8] = [0x81, 0x8D, 0x8F, 0x90, 0x9D]

    @Test func everyAssignedByteDecodesAsIconvDecodesIt() throws {
        let assigned = (0...255).map(UInt8.init).filter { !Self.unassigned.contains($0) }
        let folder = try TemporaryDirectory("windows-1252")
        let path = URL(fileURLWithPath: folder.path("cp1252.txt"))
        try Data(assigned).write(to: path)
        let iconv = try CLIRunner.runProcess(
            URL(fileURLWithPath: "/usr/bin/iconv"), ["-f", "WINDOWS-1252", "-t", "UTF-8", path.path],
            binaryOutput: true)
        #expect(iconv.status == 0, "\(iconv.stderr)")
        #expect(Array(Windows1252.decode(assigned).utf8) == iconv.data)
        // Byte by byte too, so that a difference names its byte.
        let expected = String(decoding: iconv.data, as: UTF8.self).unicodeScalars.map(\.value)
        #expect(expected.count == assigned.count)
        for (byte, value) in zip(assigned, expected) {
            #expect(Windows1252.decode([byte]).unicodeScalars.map(\.value) == [value], "byte \(byte)")
        }
    }

    @Test func unassignedBytesStayTheirC1Controls() {
        for byte in Self.unassigned {
            #expect(Windows1252.decode([byte]).unicodeScalars.map(\.value) == [UInt32(byte)])
        }
    }
}
