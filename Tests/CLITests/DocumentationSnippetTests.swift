import Foundation
import TestSupport
import Testing

/// The Swift code the README and the DocC articles show is the code `make test-examples`
/// compiles and runs (Examples/, a package that depends on this one by path): every ```swift
/// block must appear in a source of Examples/, line for line (indentation aside), so that the
/// documentation cannot drift from the API without the examples' build failing first.
@Suite struct DocumentationSnippetTests {
    /// README.md and every article and landing page of the DocC catalogs.
    static let documents: [URL] =
        [TestPaths.projectRoot.appendingPathComponent("README.md")]
        + TestPaths.files(in: TestPaths.projectRoot.appendingPathComponent("Sources"), withExtension: "md")
        .filter { $0.path.contains(".docc/") }

    /// The Swift sources of the Examples package, its manifest included.
    static let exampleSources: [(path: String, lines: [String])] = TestPaths.files(
        in: TestPaths.projectRoot.appendingPathComponent("Examples"), withExtension: "swift"
    ).filter { !$0.path.contains("/.build") }.compactMap { url in
        (try? String(contentsOf: url, encoding: .utf8)).map { (url.path, normalized($0)) }
    }

    @Test func theCatalogsAndTheExamplesExist() {
        #expect(Self.documents.count >= 9, "README.md and the DocC catalog's pages: \(Self.documents.map(\.path))")
        #expect(Self.exampleSources.count >= 8, "Examples/ sources: \(Self.exampleSources.map(\.path))")
    }

    @Test(arguments: documents) func everySwiftBlockIsInTheExamples(_ document: URL) throws {
        let text = try String(contentsOf: document, encoding: .utf8)
        let blocks = Self.swiftBlocks(text)
        // Every page shows code (the landing page its first lines), so an empty list is a
        // parsing failure, not a pass.
        #expect(!blocks.isEmpty, "no ```swift block in \(document.lastPathComponent)")
        for block in blocks {
            // The README's manifest line names the checkout as an app beside it does
            // ("../captions"); Examples/Package.swift names its parent folder.
            let lines = Self.normalized(block.replacingOccurrences(of: "\"../captions\"", with: "\"..\""))
            let found = Self.exampleSources.contains { Self.contains($0.lines, lines) }
            #expect(
                found,
                "\(document.lastPathComponent): this block is in no source of Examples/ (copy the code that runs there):\n\(block)"
            )
        }
    }

    @Test func blocksAreFoundOnlyWhole() {
        let source = Self.normalized("let a = 1\n    let b = 2\nlet c = 3\n")
        #expect(Self.contains(source, Self.normalized("let b = 2\nlet c = 3")))
        #expect(!Self.contains(source, Self.normalized("let a = 1\nlet c = 3")))
        #expect(Self.swiftBlocks("x\n```swift\nlet a = 1\n```\n```sh\nls\n```\n") == ["let a = 1\n"])
    }

    /// The bodies of the fenced blocks marked `swift`.
    static func swiftBlocks(_ markdown: String) -> [String] {
        var blocks: [String] = []
        var current: String?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let body = current {
                if trimmed == "```" {
                    blocks.append(body)
                    current = nil
                } else {
                    current = body + line + "\n"
                }
            } else if trimmed == "```swift" {
                current = ""
            }
        }
        return blocks
    }

    /// Lines without their indentation and trailing spaces, blank lines left out.
    static func normalized(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Whether `lines` occur one after another in `source`.
    static func contains(_ source: [String], _ lines: [String]) -> Bool {
        guard !lines.isEmpty, lines.count <= source.count else { return false }
        return (0...(source.count - lines.count)).contains { start in
            source[start..<(start + lines.count)].elementsEqual(lines)
        }
    }
}
