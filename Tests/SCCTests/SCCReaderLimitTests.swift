import CaptionCore
import Testing

@testable import SCC

/// The SCC reader's limits (Specs/limits.md): past each, an error that names it, the file and
/// where. Before these limits a line of any length and any number of captions were read.
@Suite struct SCCReaderLimitTests {
    static let header = "Scenarist_SCC V1.0\n\n"

    static func error(_ text: String, captionLimit: Int = SCCReader.maximumCaptions) throws -> CaptionFormatError {
        var reader = SCCReader(options: CaptionFormatOptions(fileName: "in.scc"))
        reader.captionLimit = captionLimit
        do {
            _ = try reader.read(Array(text.utf8))
        } catch {
            return error
        }
        Issue.record("read without an error")
        throw CaptionFormatError(.unreadable, "no error")
    }

    @Test func aLineLongerThanTheLimitIsRefusedNamingItsLine() throws {
        #expect(SCCScanner.maximumLineBytes == 1_048_576)
        // Line 3: a label and padding words, one byte past the limit.
        let label = "00:00:01:00\t"
        let words = SCCScanner.maximumLineBytes + 1 - label.utf8.count
        let line = label + String(repeating: "8080 ", count: words / 5) + String(repeating: "8", count: words % 5)
        #expect(line.utf8.count == SCCScanner.maximumLineBytes + 1)
        let error = try Self.error(Self.header + line + "\n")
        #expect(error.kind == .unreadable)
        #expect(error.location.file == "in.scc" && error.location.line == 3)
        #expect(
            error.message.hasPrefix(
                "line 3 is 1,048,577 bytes long, more than the SCC reader's limit of 1,048,576 bytes a line "
                    + "(Specs/limits.md)"), "\(error.message)")
    }

    @Test func aLineAtTheLimitIsRead() throws {
        let label = "00:00:01:00\t"
        let text = "9420 9470 c845 4c4c ef80 942f "
        let fill = SCCScanner.maximumLineBytes - label.utf8.count - text.utf8.count
        let line = label + text + String(repeating: "8080 ", count: fill / 5) + String(repeating: " ", count: fill % 5)
        #expect(line.utf8.count == SCCScanner.maximumLineBytes)
        let result = try SCCReader().read(Array((Self.header + line + "\n").utf8))
        #expect(result.document.captions.map(\.text) == ["HELLo"])
    }

    @Test func captionsPastTheLimitAreRefusedAtTheOneTooMany() throws {
        #expect(SCCReader.maximumCaptions == 1_000_000)
        // Four pop-on captions ("A" to "D"), each shown by its EOC two seconds apart.
        var text = Self.header
        for (index, word) in ["c180", "c280", "4380", "c480"].enumerated() {
            text += "00:00:0\(2 * index + 1):00\t9420 9420 9470 9470 \(word) 942f 942f\n\n"
        }
        text += "00:00:09:00\t942c 942c\n"
        var atLimit = SCCReader()
        atLimit.captionLimit = 4
        #expect(try atLimit.read(Array(text.utf8)).document.captions.map(\.text) == ["A", "B", "C", "D"])
        let error = try Self.error(text, captionLimit: 3)
        #expect(error.kind == .unreadable)
        #expect(error.message.hasPrefix("more than 3 captions, the SCC reader's limit (Specs/limits.md)"))
        // The fourth caption starts at its EOC, the sixth word of 00:00:07:00.
        #expect(error.location.file == "in.scc" && error.location.timecode == "00:00:07:05")
    }
}
