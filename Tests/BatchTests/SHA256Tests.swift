import Foundation
import TestSupport
import Testing

@testable import Batch

/// The journal's checksums against coreutils' `sha256sum` on the same files.
@Suite struct SHA256Tests {
    @Test func matchesSha256sum() throws {
        let dir = try TemporaryDirectory("batch-sha")
        var generator = SystemRandomNumberGenerator()
        // The padding's edge cases (55, 56, 64 bytes), a block boundary, and a file longer
        // than the 1 MiB read.
        let sizes = [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000, (1 << 20) + 17]
        for size in sizes {
            let path = dir.path("f\(size)")
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let peer = try CLIRunner.runProcess(try PeerDecoders.tool("sha256sum"), [path])
            #expect(peer.status == 0)
            let ours = try #require(SHA256.file(path))
            #expect(ours.size == size)
            #expect(ours.digest == String(peer.stdout.prefix(64)), "\(size) bytes")
        }
    }
}
