import Foundation
import TestSupport
import Testing

@testable import Review

/// The page that `captions review` hands to the desktop's opener: the token in a file only its
/// owner reads, never in a process's arguments (Specs/review-server.md, "Opening the page").
@Suite struct ReviewLaunchFileTests {
    static let address = "http://127.0.0.1:8400/?token=" + String(repeating: "0123456789abcdef", count: 4)

    @Test func thePageIsPrivateAndHoldsTheAddressButItsPathDoesNot() throws {
        let folder = try TemporaryDirectory()
        let launch = try ReviewLaunchFile(address: Self.address, parent: folder.url.path)
        #expect(!launch.path.contains("0123456789abcdef"))
        let text = try String(contentsOfFile: launch.path, encoding: .utf8)
        #expect(text.contains("content=\"0; url=\(Self.address)\""))
        #expect(text.contains("href=\"\(Self.address)\""))
        let fileMode = try FileManager.default.attributesOfItem(atPath: launch.path)[.posixPermissions] as? Int
        let folderPath = (launch.path as NSString).deletingLastPathComponent
        let folderMode = try FileManager.default.attributesOfItem(atPath: folderPath)[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        #expect(folderMode == 0o700)
        launch.remove()
        #expect(!FileManager.default.fileExists(atPath: folderPath))
        launch.remove()
    }

    @Test func aFolderThatCannotBeWrittenIsALocatedError() throws {
        #expect {
            _ = try ReviewLaunchFile(address: Self.address, parent: "/nonexistent-captions-folder")
        } throws: { error in
            "\(error)".contains("/nonexistent-captions-folder/captions-review-")
        }
    }
}
