import Media
import Testing

@Suite struct MediaLibrariesTests {
    @Test func reportsLinkedFFmpegVersions() {
        let summary = MediaLibraries.versionSummary
        #expect(summary.contains("libavformat "))
        #expect(summary.contains("libswscale "))
        #expect(!summary.contains("libavformat 0.0.0"))
    }

    @Test func errorKeepsFFmpegCodeAndMessage() {
        let eof = MediaError.endOfFileForTesting
        #expect(eof.isEndOfFile)
        #expect(eof.message.lowercased().contains("end of file"))
    }
}
